import type { ModuleDeps } from '../../module-deps';
import { HttpError } from '../../lib/http-errors';
import { rateCounter } from '../../lib/rate-counter';
import { throttled } from '@hpbc/shared';

/**
 * Sign-in limits (docs/decisions/012). Every attempt is counted in the database before the
 * password is checked, atomically, so parallel guesses cannot slip past a limit:
 *
 * - per account and address: 5 attempts a minute (a successful sign-in clears it);
 * - per address, over all accounts: RATE_LIMITS.login in auth.routes.ts (the plugin's
 *   database store);
 * - per account over all addresses: growing delays, not a wall. The first 10 attempts of a
 *   streak pass at once; after that each attempt waits 2, 4, 8 ... seconds after the one
 *   before, never more than a minute. A distributed guesser gets about one guess a
 *   minute, and the owner with the right password waits a minute at most. A successful
 *   sign-in or password reset ends the streak; so does a day without attempts.
 *
 * When the delays start, the owner is mailed (at most once a day).
 *
 * A browser with a device cookie of the account (./device-cookie.ts) is not held by the
 * account-wide delays, only by its own limit: 10 attempts in 15 minutes, then it is treated
 * like any other browser. And the 429 of the account-wide delays always says to wait the
 * longest delay, never when the next attempt opens, so no attacker learns the instant to
 * take it (issue 24, hole 3; docs/decisions/067).
 */
export const LOGIN_LIMITS = {
  perAccountAddress: { max: 5, windowMs: 60 * 1000 },
  account: { free: 10, capMs: 60 * 1000, streakMs: 24 * 3600 * 1000 },
  device: { max: 10, windowMs: 15 * 60 * 1000 },
  attackMailEveryMs: 24 * 3600 * 1000,
} as const;

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, throttled(s), {}, { 'Retry-After': String(s) });
}

const pairKey = (email: string, ip: string) => `login:pair:${email}:${ip}`;
const pairPrefix = (email: string) => `login:pair:${email}:`;
const accountKey = (email: string) => `login:account:${email}`;
const deviceKey = (nonce: string) => `login:device:${nonce}`;

export function loginThrottle(deps: Pick<ModuleDeps, 'database' | 'now'>) {
  const counter = rateCounter(deps.database, deps.now);
  return {
    /**
     * Counts this attempt; throws the 429 when a limit is reached. Returns true when the
     * account-wide delays have just started (the caller mails the owner).
     */
    async attempt(email: string, ip: string, device?: string): Promise<{ underAttack: boolean }> {
      const pair = await counter.hit(pairKey(email, ip), LOGIN_LIMITS.perAccountAddress.windowMs);
      if (pair.hits > LOGIN_LIMITS.perAccountAddress.max) throw tooManyAttempts(pair.retryAfterMs / 1000);
      if (device) {
        const own = await counter.hit(deviceKey(device), LOGIN_LIMITS.device.windowMs);
        if (own.hits <= LOGIN_LIMITS.device.max) return { underAttack: false };
      }
      const account = await counter.claim(accountKey(email), LOGIN_LIMITS.account);
      // The longest delay, whatever is left of this one: the answer must not time the next slot.
      if (!account.allowed) throw tooManyAttempts(LOGIN_LIMITS.account.capMs / 1000);
      return { underAttack: account.hits === LOGIN_LIMITS.account.free + 1 };
    },

    /** True the first time in a day that the owner of this account should hear of an attack. */
    async shouldMailOwner(userId: number): Promise<boolean> {
      const { hits } = await counter.hit(`mail:login-attack:${userId}`, LOGIN_LIMITS.attackMailEveryMs);
      return hits === 1;
    },

    /** The right password: this address's count and the account's streak start over. */
    async succeeded(email: string, ip: string, device?: string): Promise<void> {
      await counter.clear(pairKey(email, ip));
      await counter.clear(accountKey(email));
      if (device) await counter.clear(deviceKey(device));
    },

    /** A successful password reset: every counter of the account starts over. */
    async clearAccount(email: string): Promise<void> {
      await counter.clearPrefix(pairPrefix(email));
      await counter.clear(accountKey(email));
    },
  };
}
export type LoginThrottle = ReturnType<typeof loginThrottle>;
