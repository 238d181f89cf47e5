import { describe, expect, it } from 'vitest';
import { memoryWindowCounter } from './rate-counter';

describe('memoryWindowCounter', () => {
  it('counts hit() and hitWithin() in one window; hitWithin() never counts past the maximum', async () => {
    const clock = { now: new Date('2026-03-15T09:00:00Z') };
    const counter = memoryWindowCounter(() => clock.now);
    expect(await counter.hit('a', 60_000)).toEqual({ hits: 1, retryAfterMs: 60_000 });
    clock.now = new Date(clock.now.getTime() + 1_000);
    expect(counter.hitWithin('a', 60_000, 3)).toEqual({ hits: 2, retryAfterMs: 59_000 });
    expect(counter.hitWithin('a', 60_000, 3)).toEqual({ hits: 3, retryAfterMs: 59_000 });
    expect(counter.hitWithin('a', 60_000, 3)).toBeUndefined();
    expect(counter.hitWithin('a', 60_000, 3)).toBeUndefined();
    // Not counted above: the route's own count goes on from 3.
    expect(await counter.hit('a', 60_000)).toEqual({ hits: 4, retryAfterMs: 59_000 });
    expect(counter.hitWithin('b', 60_000, 3)).toEqual({ hits: 1, retryAfterMs: 60_000 });
    clock.now = new Date(clock.now.getTime() + 59_000);
    expect(counter.hitWithin('a', 60_000, 3)).toEqual({ hits: 1, retryAfterMs: 60_000 });
  });

  it('sweeps ended windows and keeps the running ones, whatever their length', async () => {
    const clock = { now: new Date('2026-03-15T09:00:00Z') };
    const counter = memoryWindowCounter(() => clock.now);
    await counter.hit('hour', 3_600_000);
    await counter.hit('minute', 60_000);
    for (let i = 0; i < 600; i++) await counter.hit(`old-${i}`, 60_000);
    clock.now = new Date(clock.now.getTime() + 30_000);
    await counter.hit('minute', 60_000);
    for (let i = 0; i < 600; i++) await counter.hit(`new-${i}`, 60_000);
    clock.now = new Date(clock.now.getTime() + 45_000);
    // Past 1,000 counts, sweeps have run: the minute begun at 0 s has ended, the hour has not.
    for (let i = 0; i < 600; i++) await counter.hit(`later-${i}`, 60_000);
    expect((await counter.hit('hour', 3_600_000)).hits).toBe(2);
    expect((await counter.hit('minute', 60_000)).hits).toBe(1);
    expect((await counter.hit('new-1', 60_000)).hits).toBe(2);
    expect((await counter.hit('old-1', 60_000)).hits).toBe(1);
  });
});
