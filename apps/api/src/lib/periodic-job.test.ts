import { describe, expect, it, vi } from 'vitest';
import { periodicJob } from './periodic-job';

describe('periodicJob', () => {
  it('runs one pass at a time: a call while one runs gets its answer', async () => {
    let finish!: (n: number) => void;
    const pass = vi.fn(() => new Promise<number>((r) => (finish = r)));
    const job = periodicJob(pass, () => {});
    const first = job.runOnce();
    const second = job.runOnce();
    finish(3);
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    expect(pass).toHaveBeenCalledTimes(1);
    finish = () => {};
    pass.mockResolvedValueOnce(1);
    expect(await job.runOnce()).toBe(1);
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it('reports a failed pass and counts it as 0', async () => {
    const failed = vi.fn();
    const job = periodicJob(() => Promise.reject(new Error('down')), failed);
    expect(await job.runOnce()).toBe(0);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: 'down' }));
  });

  it('starts with a pass, and stop waits for the pass under way', async () => {
    let finish!: (n: number) => void;
    let done = false;
    const job = periodicJob(
      () =>
        new Promise<number>((r) => {
          finish = (n) => {
            done = true;
            r(n);
          };
        }),
      () => {},
    );
    job.start(60_000);
    const stopped = job.stop();
    finish(0);
    await stopped;
    expect(done).toBe(true);
  });
});
