import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './accounts.seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoAccounts({ now: new Date() }, t.database.db);
  // A second run adds nothing.
  await seedDemoAccounts({ now: new Date() }, t.database.db);
});
afterAll(() => t.close());

describe('demo accounts', () => {
  it('creates each account once', async () => {
    const rows = await t.database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM users WHERE email LIKE '%@hpbc.test'",
    );
    expect(Number(rows[0]!.n)).toBe(DEMO_ACCOUNTS.length);
  });

  it.each(DEMO_ACCOUNTS)('$email signs in with the demo password, verified, with its role and flag', async (a) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: a.email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.is_admin).toBe(a.isAdmin);
    expect(body.user.email_verified_at).not.toBeNull();
    expect(body.roles.map((r: { slug: string }) => r.slug)).toEqual(a.roles);
  });
});
