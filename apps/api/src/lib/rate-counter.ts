import { normalizeIP } from '@fastify/rate-limit';
import type { Database } from '../db/client';

/**
 * Request limits counted in the database (table rate_counters), one atomic statement per
 * attempt: `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`. Parallel requests cannot all
 * read "4 of 5" and pass together, and several server processes share one count
 * (docs/decisions/012-request-limits-in-the-database.md).
 */
export interface WindowHit {
  /** This attempt's number within the window (1 for the first). */
  hits: number;
  /** Milliseconds until the window ends and the count starts over. */
  retryAfterMs: number;
}

export type DelayClaim = { allowed: true; hits: number } | { allowed: false; retryAfterMs: number };

const PRUNE_EVERY = 500;

const toMs = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

/** Databases whose counters live in Redis instead (REDIS_URL; set by buildApp). */
const redisFor = new WeakMap<Database, RedisCounterFactory>();
type RedisCounterFactory = (now: () => Date) => RateCounter;

/**
 * From now on, rateCounter(database, …) counts in Redis (REDIS_URL set): every limit,
 * the plugin's and the sign-in throttle's, moves together. Returns the undo (tests, close).
 */
export function countInRedis(database: Database, factory: RedisCounterFactory): () => void {
  redisFor.set(database, factory);
  return () => {
    if (redisFor.get(database) === factory) redisFor.delete(database);
  };
}

/** The counters: rows of rate_counters, or Redis when countInRedis was called for this database. */
export function rateCounter(database: Database, now: () => Date): RateCounter {
  const redis = redisFor.get(database);
  return redis ? redis(now) : postgresRateCounter(database, now);
}

export interface RateCounter {
  hit(key: string, windowMs: number): Promise<WindowHit>;
  claim(key: string, opts: { free: number; capMs: number; streakMs: number }): Promise<DelayClaim>;
  clear(key: string): Promise<void>;
  clearPrefix(prefix: string): Promise<void>;
}

export function postgresRateCounter(database: Database, now: () => Date): RateCounter {
  let calls = 0;
  async function maybePrune(at: Date): Promise<void> {
    if (++calls % PRUNE_EVERY !== 0) return;
    // Counters whose window ended a day ago can go; a live key is never touched.
    await database.query(`DELETE FROM rate_counters WHERE window_ends_at < $1::timestamptz - interval '1 day'`, [
      at.toISOString(),
    ]);
  }

  return {
    /** Counts one attempt in a fixed window of `windowMs` and returns its number. */
    async hit(key: string, windowMs: number): Promise<WindowHit> {
      const at = now();
      const [row] = await database.query<{ hits: number; window_ends_at: Date | string }>(
        `INSERT INTO rate_counters (key, hits, window_ends_at)
         VALUES ($1, 1, $2::timestamptz + $3::float8 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_counters.window_ends_at <= $2::timestamptz THEN 1 ELSE rate_counters.hits + 1 END,
           window_ends_at = CASE WHEN rate_counters.window_ends_at <= $2::timestamptz
                                 THEN EXCLUDED.window_ends_at ELSE rate_counters.window_ends_at END
         RETURNING hits, window_ends_at`,
        [key, at.toISOString(), windowMs],
      );
      await maybePrune(at);
      return { hits: Number(row!.hits), retryAfterMs: Math.max(0, toMs(row!.window_ends_at) - at.getTime()) };
    },

    /**
     * Growing delays: the first `free` attempts of a streak pass at once; after attempt n > free
     * the next one waits min(2^(n - free) s, capMs). An attempt that comes too early is refused
     * without being counted, and only one of several parallel attempts can take a free slot.
     * The streak ends `streakMs` after its last attempt, or when cleared.
     */
    async claim(key: string, opts: { free: number; capMs: number; streakMs: number }): Promise<DelayClaim> {
      const at = now();
      const newHits = `(CASE WHEN rate_counters.window_ends_at <= $2::timestamptz THEN 1 ELSE rate_counters.hits + 1 END)`;
      const rows = await database.query<{ hits: number }>(
        `INSERT INTO rate_counters (key, hits, window_ends_at, next_at)
         VALUES ($1, 1, $2::timestamptz + $3::float8 * interval '1 millisecond', $2::timestamptz)
         ON CONFLICT (key) DO UPDATE SET
           hits = ${newHits},
           window_ends_at = EXCLUDED.window_ends_at,
           next_at = $2::timestamptz + interval '1 millisecond' * (CASE WHEN ${newHits} > $4::int
             THEN LEAST($5::float8, 1000 * power(2, LEAST(${newHits} - $4::int, 30))) ELSE 0 END)
         WHERE rate_counters.next_at IS NULL OR rate_counters.next_at <= $2::timestamptz
            OR rate_counters.window_ends_at <= $2::timestamptz
         RETURNING hits`,
        [key, at.toISOString(), opts.streakMs, opts.free, opts.capMs],
      );
      await maybePrune(at);
      if (rows[0]) return { allowed: true, hits: Number(rows[0].hits) };
      const [row] = await database.query<{ next_at: Date | string }>(
        'SELECT next_at FROM rate_counters WHERE key = $1',
        [key],
      );
      return { allowed: false, retryAfterMs: Math.max(1000, toMs(row?.next_at ?? at) - at.getTime()) };
    },

    /** Forgets one counter (a successful sign-in, a password reset). */
    async clear(key: string): Promise<void> {
      await database.query('DELETE FROM rate_counters WHERE key = $1', [key]);
    },

    /** Forgets every counter whose key starts with `prefix`. */
    async clearPrefix(prefix: string): Promise<void> {
      const pattern = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
      await database.query(`DELETE FROM rate_counters WHERE key LIKE $1`, [pattern]);
    },
  };
}

/**
 * Fixed-window counts in this process's memory, for the route limits when the embedded
 * database is used: the data folder's lock (decision 042) makes this the only process, and
 * one JavaScript thread makes each count atomic. A write to the embedded database per
 * limited request ran on the main thread (docs/decisions/029). Ended windows are swept
 * every PRUNE_EVERY counts, so memory holds the addresses of the current windows only.
 */
export interface MemoryWindowCounter extends Pick<RateCounter, 'hit'> {
  /**
   * Counts one attempt, synchronously, only if it is within `max` in its window; an attempt
   * that would be over it is not counted and undefined is returned. The search's fast path
   * counts with it, and leaves an attempt over the limit to the route, which counts it
   * with hit() and answers 429 (docs/decisions/061).
   */
  hitWithin(key: string, windowMs: number, max: number): WindowHit | undefined;
}

export function memoryWindowCounter(now: () => Date): MemoryWindowCounter {
  // One map per window length, each in the order its windows began (a new window is put at
  // the end), hence in the order they end: a sweep stops at the first window still running
  // instead of walking every address of the last minute (docs/decisions/061).
  const byLength = new Map<number, Map<string, { hits: number; endsAt: number }>>();
  let calls = 0;
  function sweep(at: number): void {
    for (const windows of byLength.values()) {
      for (const [key, w] of windows) {
        if (w.endsAt > at) break;
        windows.delete(key);
      }
    }
  }
  function count(key: string, windowMs: number, max: number): WindowHit | undefined {
    const at = now().getTime();
    if (++calls % PRUNE_EVERY === 0) sweep(at);
    let windows = byLength.get(windowMs);
    if (!windows) byLength.set(windowMs, (windows = new Map()));
    let w = windows.get(key);
    if (!w || w.endsAt <= at) {
      windows.delete(key);
      windows.set(key, (w = { hits: 0, endsAt: at + windowMs }));
    }
    if (w.hits >= max) return undefined;
    w.hits++;
    return { hits: w.hits, retryAfterMs: w.endsAt - at };
  }
  return {
    async hit(key: string, windowMs: number): Promise<WindowHit> {
      return count(key, windowMs, Infinity)!;
    },
    hitWithin: count,
  };
}

/**
 * The key a route's per-address limit is counted under: the route (method and path, so
 * each route counts on its own, as the plugin's memory store does) and the client's key.
 * The store below and the search's fast path both count under it.
 */
export function routeLimitKey(scope: string, clientKey: string): string {
  return `rl:${scope}:${clientKey}`;
}

/**
 * The client's key under @fastify/rate-limit's default key generator (`normalizeIP` of the
 * address), for the search's fast path to count under. An address without a colon is not
 * IPv6, and normalizeIP only lower-cases it; its IPv6 pattern, tried on every address, was
 * about 1 % of a repeated search's busy time (docs/decisions/125).
 */
export function clientLimitKey(address: string): string {
  return address.includes(':') ? normalizeIP(address) : address.toLowerCase();
}

/** A route's scope in routeLimitKey. */
export function routeLimitScope(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * A store for @fastify/rate-limit that counts in rate_counters, so the per-address limits
 * of every route hold across processes too. The plugin builds it with `new Store(options)`.
 */
export function databaseRateLimitStore(counter: Pick<RateCounter, 'hit'>) {
  return class DatabaseRateLimitStore {
    /** Each route counts on its own, as the plugin's memory store does. */
    private readonly scope: string;
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : '';
    }
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      counter.hit(routeLimitKey(this.scope, key), timeWindow).then(
        (r) => cb(null, { current: r.hits, ttl: r.retryAfterMs }),
        (err: Error) => cb(err),
      );
    }
    child(params: object) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(route?.url ? routeLimitScope(String(route.method), route.url) : this.scope);
    }
  };
}
