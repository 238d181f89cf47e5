import { normalizeIP } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { clientLimitKey, memoryWindowCounter } from './rate-counter';

// The search's fast path counts under the key the plugin's default key generator gives
// (docs/decisions/061, 125): the same for every kind of address request.ip can be.
describe('clientLimitKey', () => {
  it("is @fastify/rate-limit's normalizeIP of the address", () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '203.0.113.77',
      '::1',
      '::ffff:10.1.2.3',
      '::FFFF:203.0.113.7',
      '2001:DB8::1',
      '2001:db8:85a3:0:0:8a2e:370:7334',
      'fe80::1%eth0',
      'not-an-address',
      'UPPER',
      '',
    ]) {
      expect(clientLimitKey(address), address).toBe(normalizeIP(address));
    }
  });
});

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
