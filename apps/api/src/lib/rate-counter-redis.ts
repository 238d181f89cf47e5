import { Redis } from 'ioredis';
import type { DelayClaim, WindowHit } from './rate-counter';

/**
 * The rate counters in Redis (REDIS_URL set; docs/decisions/043): the same operations as
 * the PostgreSQL counters of ./rate-counter.ts, each one Lua script, which Redis runs
 * atomically, so parallel attempts from any number of processes each get their own
 * number. Times come from the app's clock (tests move it); keys expire a day after their
 * window ends, as the PostgreSQL rows are pruned.
 */
const DAY_MS = 86_400_000;

const HIT = `
local now = tonumber(ARGV[1]); local win = tonumber(ARGV[2])
local h = redis.call('HMGET', KEYS[1], 'hits', 'ends')
local hits = tonumber(h[1]); local ends = tonumber(h[2])
if (not ends) or ends <= now then hits = 1; ends = now + win else hits = hits + 1 end
redis.call('HSET', KEYS[1], 'hits', hits, 'ends', ends)
redis.call('PEXPIRE', KEYS[1], math.max(1, ends - now) + ${DAY_MS})
return {hits, ends - now}`;

const CLAIM = `
local now = tonumber(ARGV[1]); local streak = tonumber(ARGV[2])
local free = tonumber(ARGV[3]); local cap = tonumber(ARGV[4])
local h = redis.call('HMGET', KEYS[1], 'hits', 'ends', 'next')
local hits = tonumber(h[1]); local ends = tonumber(h[2]); local nxt = tonumber(h[3])
if ends and ends > now and nxt and nxt > now then return {0, nxt - now} end
if (not ends) or ends <= now then hits = 1 else hits = hits + 1 end
local wait = 0
if hits > free then wait = math.min(cap, 1000 * 2 ^ math.min(hits - free, 30)) end
redis.call('HSET', KEYS[1], 'hits', hits, 'ends', now + streak, 'next', now + wait)
redis.call('PEXPIRE', KEYS[1], streak + ${DAY_MS})
return {1, hits}`;

export function redisRateCounter(redis: Redis, now: () => Date, prefix = 'hpbc:rate:') {
  const k = (key: string) => `${prefix}${key}`;
  return {
    async hit(key: string, windowMs: number): Promise<WindowHit> {
      const [hits, left] = (await redis.eval(HIT, 1, k(key), now().getTime(), Math.round(windowMs))) as [
        number,
        number,
      ];
      return { hits: Number(hits), retryAfterMs: Math.max(0, Number(left)) };
    },
    async claim(key: string, opts: { free: number; capMs: number; streakMs: number }): Promise<DelayClaim> {
      const [ok, value] = (await redis.eval(
        CLAIM,
        1,
        k(key),
        now().getTime(),
        Math.round(opts.streakMs),
        opts.free,
        Math.round(opts.capMs),
      )) as [number, number];
      return ok
        ? { allowed: true, hits: Number(value) }
        : { allowed: false, retryAfterMs: Math.max(1000, Number(value)) };
    },
    async clear(key: string): Promise<void> {
      await redis.del(k(key));
    },
    async clearPrefix(start: string): Promise<void> {
      const pattern = `${k(start).replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}

/** A client that fails fast while Redis is down (the request answers 503), and reconnects on its own. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}
