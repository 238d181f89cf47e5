/**
 * Holes 1 and 2 of issue 9: sign-in limits that lock nobody out and hold under parallel
 * attempts, counted in the database, from really different client addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/modules/auth/auth.routes';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle';
import { PASSWORD, createUser, lastMailTo, linkIn, mailsTo, uniqueEmail } from '../accounts';
import { buildTestApp, type TestApp } from '../build-test-app';
import { listen, type Listening } from '../listening';

let t: TestApp;
let net: Listening;

beforeAll(async () => {
  t = await buildTestApp();
  net = await listen(t);
});
afterAll(async () => {
  await net.close();
  await t.close();
});

const login = (email: string, password: string, from: string) =>
  net.send('POST', '/api/user/login', { from, json: { email, password } });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in limits (issue 9, holes 1 and 2)', () => {
  it('the server sees the client addresses 127.0.1.x', async () => {
    // A wrong password from two addresses: each has its own per-(account, address) count.
    const u = await createUser(t.database);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAddress.max; i++) await login(u.email, 'nope nope', '127.0.1.20');
    expect((await login(u.email, 'nope nope', '127.0.1.20')).status).toBe(429);
    expect((await login(u.email, 'nope nope', '127.0.1.21')).status).toBe(422);
  });

  it('25 parallel wrong passwords for one account from one address: exactly 5 are checked', async () => {
    const u = await createUser(t.database);
    const results = await Promise.all(
      Array.from({ length: 25 }, () => login(u.email, 'Wrong password 1', '127.0.1.2')),
    );
    const statuses = results.map((r) => r.status);
    expect(count(statuses, 422)).toBe(LOGIN_LIMITS.perAccountAddress.max);
    expect(count(statuses, 429)).toBe(25 - LOGIN_LIMITS.perAccountAddress.max);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });

  it('parallel attempts for many accounts from one address meet the per-address limit exactly', async () => {
    const n = RATE_LIMITS.login.max + 10;
    const results = await Promise.all(
      Array.from({ length: n }, () => login(uniqueEmail('spray'), 'Wrong password 1', '127.0.1.3')),
    );
    const statuses = results.map((r) => r.status);
    expect(count(statuses, 422)).toBe(RATE_LIMITS.login.max);
    expect(count(statuses, 429)).toBe(10);
  });

  it('an attack from many addresses does not lock the owner out: short growing delays, one mail, reset clears', async () => {
    const u = await createUser(t.database, { locale: 'my' });
    // 4 addresses × 5 wrong passwords, in parallel: twenty failures, as in the audit.
    const attackers = ['127.0.1.10', '127.0.1.11', '127.0.1.12', '127.0.1.13'];
    const attack = await Promise.all(
      attackers.flatMap((ip) => Array.from({ length: 5 }, () => login(u.email, 'Wrong password 1', ip))),
    );
    const checked = count(
      attack.map((r) => r.status),
      422,
    );
    // Only the free attempts of the streak, plus at most one per delay, reached the password check.
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.account.free + 1);
    expect(checked).toBeGreaterThanOrEqual(LOGIN_LIMITS.account.free);

    // The owner, from home, with the right password: at worst a short wait, never an hour's wall.
    const owner = '127.0.1.50';
    let res = await login(u.email, PASSWORD, owner);
    if (res.status === 429) {
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.account.capMs / 1000);
      const start = t.clock.now;
      t.clock.now = new Date(start.getTime() + wait * 1000);
      res = await login(u.email, PASSWORD, owner);
    }
    expect(res.status).toBe(200);

    // The owner heard of it once, in their language.
    const warned = (await mailsTo(t.database, u.email)).filter((m) => m.subject.includes('မှားယွင်းသော ဝင်ရောက်မှုများ'));
    expect(warned).toHaveLength(1);

    // A second wave the same day sends no second mail.
    for (const ip of attackers) await login(u.email, 'Wrong password 1', ip);
    await Promise.all(Array.from({ length: 12 }, (_, i) => login(u.email, 'Wrong password 1', `127.0.1.${60 + i}`)));
    const again = (await mailsTo(t.database, u.email)).filter((m) => m.subject.includes('မှားယွင်းသော ဝင်ရောက်မှုများ'));
    expect(again).toHaveLength(1);

    // A successful password reset lifts every limit of the account, even at an attacked address.
    expect((await login(u.email, 'Wrong password 1', '127.0.1.10')).status).toBe(429);
    await net.send('POST', '/api/user/forgot-password', { from: owner, json: { email: u.email } });
    const link = linkIn((await lastMailTo(t.database, u.email))!.textBody, '/reset-password');
    const NEW = 'Fresh passphrase 9';
    const reset = await net.send('POST', '/api/user/reset-password', {
      from: owner,
      json: { token: link.searchParams.get('token'), email: u.email, password: NEW, password_confirmation: NEW },
    });
    expect(reset.status).toBe(200);
    expect((await login(u.email, NEW, '127.0.1.10')).status).toBe(200);
  });

  it('counts are kept in the database, so every server process shares them', async () => {
    const u = await createUser(t.database);
    await login(u.email, 'nope nope', '127.0.1.30');
    const rows = await t.database.query<{ key: string; hits: number }>(
      `SELECT key, hits FROM rate_counters WHERE key LIKE $1`,
      [`login:%${u.email}%`],
    );
    expect(rows.map((r) => [r.key, Number(r.hits)]).sort()).toEqual([
      [`login:account:${u.email}`, 1],
      [`login:pair:${u.email}:127.0.1.30`, 1],
    ]);
  });
});
