import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { drainOnRefusal } from './multipart';

/** A request whose body is still arriving (or has arrived), with a spy on `resume`. */
const requestWithBody = (readableEnded: boolean) => {
  const resume = vi.fn();
  return { req: { raw: { readableEnded, resume } } as unknown as FastifyRequest, resume };
};

// An upload route refused before its body was read drains the rest, so the browser gets the
// refusal instead of a connection reset; anything else is left as it is.
describe('drainOnRefusal', () => {
  it('answers what the work answers, without touching the body', async () => {
    const { req, resume } = requestWithBody(false);
    await expect(drainOnRefusal(req, async () => ({ data: 1 }))).resolves.toEqual({ data: 1 });
    expect(resume).not.toHaveBeenCalled();
  });

  it('on a refusal, reads the unread rest of the body and throws the refusal on', async () => {
    const { req, resume } = requestWithBody(false);
    const refusal = new Error('refused');
    await expect(
      drainOnRefusal(req, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('leaves a body that has been read whole alone', async () => {
    const { req, resume } = requestWithBody(true);
    await expect(
      drainOnRefusal(req, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(resume).not.toHaveBeenCalled();
  });
});
