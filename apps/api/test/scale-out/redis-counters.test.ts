import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateCounter } from '../../src/lib/rate-counter-redis';
import { buildTestApp, type TestApp } from '../build-test-app';

/**
 * Rate limits counted in Redis (REDIS_URL; docs/decisions/043), against a real Redis
 * server. Runs when TEST_REDIS_URL is set (redis://127.0.0.1:6379 on this machine).
 */
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('rate counters in Redis', () => {
  let redis: Redis;
  const prefix = `hpbc-test:${randomBytes(4).toString('hex')}:`;
  const clock = { now: new Date('2026-06-01T00:00:00Z') };
  let counter: ReturnType<typeof redisRateCounter>;
  let t: TestApp;

  beforeAll(async () => {
    redis = new Redis(url!);
    counter = redisRateCounter(redis, () => clock.now, prefix);
    t = await buildTestApp({ config: { redisUrl: url } });
  });
  afterAll(async () => {
    const keys = [...(await redis.keys(`${prefix}*`)), ...(await redis.keys('hpbc:rate:*10.77.*'))];
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await t?.close();
  });

  it('gives each of 25 parallel hits its own number, and starts over when the window ends', async () => {
    const hits = await Promise.all(Array.from({ length: 25 }, () => counter.hit('par', 60_000)));
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(Math.max(...hits.map((h) => h.retryAfterMs))).toBeLessThanOrEqual(60_000);
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect((await counter.hit('par', 60_000)).hits).toBe(1);
  });

  it('claims with growing delays: free attempts pass, then one at a time after each wait', async () => {
    const opts = { free: 2, capMs: 60_000, streakMs: 3_600_000 };
    const first = await Promise.all(Array.from({ length: 3 }, () => counter.claim('grow', opts)));
    expect(first.filter((c) => c.allowed)).toHaveLength(3);
    // The third was over `free`: the next must wait 2 s; parallel early attempts are all refused.
    const early = await Promise.all(Array.from({ length: 5 }, () => counter.claim('grow', opts)));
    expect(early.every((c) => !c.allowed && c.retryAfterMs === 2000)).toBe(true);
    clock.now = new Date(clock.now.getTime() + 2000);
    const later = await Promise.all(Array.from({ length: 5 }, () => counter.claim('grow', opts)));
    expect(later.filter((c) => c.allowed)).toEqual([{ allowed: true, hits: 4 }]);
    await counter.clear('grow');
    expect(await counter.claim('grow', opts)).toEqual({ allowed: true, hits: 1 });
  });

  it('clears by prefix only the keys that start with it', async () => {
    await counter.hit('acct:7:a', 60_000);
    await counter.hit('acct:7:b', 60_000);
    await counter.hit('acct:70:a', 60_000);
    await counter.clearPrefix('acct:7:');
    expect((await counter.hit('acct:7:a', 60_000)).hits).toBe(1);
    expect((await counter.hit('acct:70:a', 60_000)).hits).toBe(2);
  });

  it('with REDIS_URL, the route limits count in Redis and not in rate_counters', async () => {
    const ip = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password',
        remoteAddress: ip,
        payload: { email: 'nobody@example.test' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const rows = await t.database.query("SELECT key FROM rate_counters WHERE key LIKE '%forgot%'");
    expect(rows).toHaveLength(0);
    expect((await redis.keys(`hpbc:rate:*forgot:${ip}`)).length).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
