/**
 * Issue 24, hole 3: lockout by slot-taking. The account-wide delays were checked before the
 * password and each 429 said when the next slot opened, so an attacker polling at that
 * instant from rotating addresses kept the owner's right password at 429 (11 of 11 tries
 * over 160 s). Now a browser the owner has signed in from carries a device cookie that the
 * account-wide delays do not hold, and no 429 tells when the next slot opens
 * (docs/decisions/067). The clock is moved, not waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle';
import { newDeviceCookie } from '../../src/modules/auth/device-cookie';
import { PASSWORD, createUser, uniqueIp } from '../accounts';
import { buildTestApp, type TestApp } from '../build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, opts: { ip?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: opts.ip ?? uniqueIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { email, password },
  });
const tick = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

/** The attacker: from a fresh address each time, as soon as it can (every 100 ms), until one gets past the delay. */
async function takeTheSlot(email: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const res = await login(email, 'Wrong password 1');
    if (res.statusCode === 422) return;
    expect(res.statusCode).toBe(429);
    tick(100);
  }
  throw new Error('the attacker never got a slot');
}

describe('lockout by slot-taking (issue 24, hole 3)', () => {
  it('the owner, from a browser that signed in before, signs in while an attack takes every slot', async () => {
    const u = await createUser(t.database);
    const home = uniqueIp();
    const first = await login(u.email, PASSWORD, { ip: home });
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^hpbc_device=[\w.-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0]!;

    // The attack: ten free guesses, then every slot the moment it opens.
    for (let i = 0; i < LOGIN_LIMITS.account.free; i++)
      expect((await login(u.email, 'Wrong password 1')).statusCode).toBe(422);
    let ownerOk = 0;
    let strangerRefused = 0;
    const started = t.clock.now.getTime();
    for (let round = 0; round < 11; round++) {
      await takeTheSlot(u.email);
      tick(500);
      // A new browser with the right password meets the delay the attacker keeps taking...
      const stranger = await login(u.email, PASSWORD);
      if (stranger.statusCode === 429) strangerRefused++;
      // ...the owner's browser does not.
      const owner = await login(u.email, PASSWORD, { ip: home, cookie });
      if (owner.statusCode === 200) ownerOk++;
      tick(15_000);
    }
    expect(t.clock.now.getTime() - started).toBeGreaterThan(160_000);
    expect(ownerOk).toBe(11);
    expect(strangerRefused).toBeGreaterThan(0);
  }, 120_000);

  it('no 429 tells when the next slot opens: the same answer, whenever it is asked', async () => {
    const u = await createUser(t.database);
    for (let i = 0; i < LOGIN_LIMITS.account.free + 1; i++) await login(u.email, 'Wrong password 1');
    // The streak is now past its free attempts: the next slot opens in 2 s, then 4, 8 ... s.
    const answers = new Set<string>();
    for (let step = 0; step < 30; step++) {
      const res = await login(u.email, 'Wrong password 1');
      if (res.statusCode === 429) answers.add(`${res.headers['retry-after']} ${res.json().message}`);
      tick(250);
    }
    expect([...answers]).toEqual([
      `${LOGIN_LIMITS.account.capMs / 1000} Too many attempts. Please try again in ${LOGIN_LIMITS.account.capMs / 1000} seconds.`,
    ]);
  });

  it('a device cookie helps only its own account, and only for its own limit of attempts', async () => {
    const u = await createUser(t.database);
    const other = await createUser(t.database);
    const foreign = `hpbc_device=${newDeviceCookie(t.config.appSecret, other.id)}`;
    const forged = `hpbc_device=${u.id}.AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`;
    const own = `hpbc_device=${newDeviceCookie(t.config.appSecret, u.id)}`;
    for (let i = 0; i < LOGIN_LIMITS.account.free + 1; i++) await login(u.email, 'Wrong password 1');
    expect((await login(u.email, PASSWORD, { cookie: foreign })).statusCode).toBe(429);
    expect((await login(u.email, PASSWORD, { cookie: forged })).statusCode).toBe(429);
    // A stolen cookie: its own ten guesses, then the account-wide delays hold it too.
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.device.max + 2; i++) {
      statuses.push(
        (await login(u.email, 'Wrong password 1', { cookie: own, ip: i % 2 ? ip : uniqueIp() })).statusCode,
      );
    }
    expect(statuses.slice(0, LOGIN_LIMITS.device.max).filter((s) => s === 422)).toHaveLength(LOGIN_LIMITS.device.max);
    expect(statuses.slice(LOGIN_LIMITS.device.max)).toContain(429);
  });
});
