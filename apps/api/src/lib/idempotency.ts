import { createHash } from 'node:crypto';
import type { Database } from '../db/client';

/**
 * Replays of an account's request with the same `Idempotency-Key` (the fixed contract's
 * "Replays", after the IETF Idempotency-Key draft; docs/decisions/092-idempotent-replays.md).
 * The first request claims the key with one `INSERT ... ON CONFLICT DO NOTHING`, so of ten
 * parallel repeats exactly one goes on; the others see the claim: while it is being processed
 * they answer 409, once it is done they answer its stored answer, and with another body 422.
 */

/** How long a key is remembered: an inspector's phone may be offline for a day and more. */
export const KEY_LIFETIME_MS = 7 * 24 * 3600_000;
/** A claim still "processing" this long after it was made belongs to a process that died: the next repeat takes it over. */
export const ABANDONED_AFTER_MS = 2 * 60_000;

/** 1–255 printable ASCII characters (the contract); anything else is refused with 422 on the header. */
export const isIdempotencyKey = (value: string): boolean => /^[\x20-\x7e]{1,255}$/.test(value);

export type Claim =
  | { kind: 'fresh' }
  | { kind: 'busy' }
  | { kind: 'mismatch' }
  | { kind: 'replay'; status: number; type: string | null; body: string };

export interface StoredAnswer {
  status: number;
  type: string | null;
  body: string;
}

export interface IdempotencyStore {
  claim(userId: number, key: string, digest: string): Promise<Claim>;
  /** Keeps the first answer; every repeat gets it again. */
  complete(userId: number, key: string, answer: StoredAnswer): Promise<void>;
  /** Forgets a claim whose request failed on the server's side (5xx): a repeat may try again. */
  release(userId: number, key: string): Promise<void>;
}

/** The digest a repeat must match: method, URL (path and query) and what the body holds. */
export function requestDigest(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(stableJson(body ?? null))
    .digest('hex');
}

/** JSON with object keys sorted, so that a phone that sends the same fields in another order is the same request. */
function stableJson(value: unknown): string {
  if (Buffer.isBuffer(value)) return JSON.stringify({ sha256: createHash('sha256').update(value).digest('hex') });
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function idempotencyStore(database: Database, now: () => Date): IdempotencyStore {
  return {
    async claim(userId, key, digest) {
      const at = now();
      // Old keys go as new ones come (an index on claimed_at keeps this cheap).
      await database.query(`DELETE FROM idempotency_keys WHERE claimed_at < $1::timestamptz`, [
        new Date(at.getTime() - KEY_LIFETIME_MS).toISOString(),
      ]);
      const inserted = await database.query(
        `INSERT INTO idempotency_keys (user_id, key, request_digest, claimed_at) VALUES ($1, $2, $3, $4::timestamptz)
         ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
        [userId, key, digest, at.toISOString()],
      );
      if (inserted.length) return { kind: 'fresh' };
      const [row] = await database.query<{
        request_digest: string;
        state: 'processing' | 'done';
        response_status: number | null;
        response_type: string | null;
        response_body: string | null;
      }>(
        `SELECT request_digest, state, response_status, response_type, response_body
           FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [userId, key],
      );
      // Released between the two statements: this request may go on as the first.
      if (!row) return this.claim(userId, key, digest);
      if (row.request_digest !== digest) return { kind: 'mismatch' };
      if (row.state === 'done') {
        return { kind: 'replay', status: row.response_status!, type: row.response_type, body: row.response_body ?? '' };
      }
      const takenOver = await database.query(
        `UPDATE idempotency_keys SET claimed_at = $3::timestamptz
          WHERE user_id = $1 AND key = $2 AND state = 'processing' AND claimed_at < $4::timestamptz RETURNING 1`,
        [userId, key, at.toISOString(), new Date(at.getTime() - ABANDONED_AFTER_MS).toISOString()],
      );
      return takenOver.length ? { kind: 'fresh' } : { kind: 'busy' };
    },

    async complete(userId, key, answer) {
      await database.query(
        `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_type = $4, response_body = $5
          WHERE user_id = $1 AND key = $2`,
        [userId, key, answer.status, answer.type, answer.body],
      );
    },

    async release(userId, key) {
      await database.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2`, [userId, key]);
    },
  };
}
