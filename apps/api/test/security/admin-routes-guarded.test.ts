import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';
import { createUser, uniqueIp, type TestUser } from '../accounts';

/**
 * Generated from the route table: every /api/admin/... route, including ones added after
 * this test was written, answers 401 without a token and 403 for a signed-in account that
 * is not an administrator (a plain member, one with every role, and an unverified admin).
 */
let t: TestApp;
let members: TestUser[];

beforeAll(async () => {
  t = await buildTestApp();
  members = [
    await createUser(t.database),
    await createUser(t.database, { roles: ['project', 'national-counterpart', 'eiet'] }),
    await createUser(t.database, { admin: true, verified: false }),
  ];
});
afterAll(() => t.close());

const adminRoutes = () =>
  t.app.routeTable
    .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ method: r.method as 'GET', url: r.url.replace(/:\w+/g, '1').replace(/\*$/, 'x') }));

describe('every /api/admin/ route of the route table', () => {
  it('is found (the admin area has routes)', () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(5);
  });

  it('answers 401 without a token and 403 for a signed-in non-admin', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const guest = await t.app.inject({ ...route, payload, remoteAddress: uniqueIp() });
      if (guest.statusCode !== 401 || typeof guest.json().message !== 'string') {
        failures.push(`${route.method} ${route.url} guest: ${guest.statusCode}`);
      }
      for (const [i, member] of members.entries()) {
        const res = await t.app.inject({
          ...route,
          payload,
          remoteAddress: uniqueIp(),
          headers: { authorization: `Bearer ${member.token}` },
        });
        if (res.statusCode !== 403 || typeof res.json().message !== 'string') {
          failures.push(`${route.method} ${route.url} member ${i}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
