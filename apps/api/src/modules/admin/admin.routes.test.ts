import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERS_PER_PAGE } from '@hpbc/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { ACCOUNT_KEYS, PASSWORD, createUser, uniqueIp, type TestUser } from '../../../test/accounts';

let t: TestApp;
let admin: TestUser;
const answers: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.database, { admin: true, email: 'chief@admin.test', name: 'Chief Admin' });
  // Enough accounts for a second page; ids ascend in creation order.
  for (let i = 1; i <= ADMIN_USERS_PER_PAGE + 2; i++) {
    await t.database.query(
      `INSERT INTO users (name, email, password_hash, email_verified_at) VALUES ($1, $2, 'x', now())`,
      [`Member ${String(i).padStart(2, '0')}`, `member${i}@list.test`],
    );
  }
});
afterAll(async () => {
  for (const body of answers) expect(body).not.toMatch(/\$argon2|password_hash|passwordHash|token_hash|"x"/);
  await t.close();
});

async function call(token: string | undefined, opts: InjectOptions) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await t.app.inject({ remoteAddress: uniqueIp(), ...opts, headers });
  answers.push(res.body);
  return res;
}

describe('admin access', () => {
  it.each([
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/1'],
  ] as const)('%s %s: 401 for guests, 403 for everyone but verified admins', async (method, url) => {
    expect((await call(undefined, { method, url, payload: {} })).statusCode).toBe(401);
    for (const opts of [{}, { roles: ['project', 'national-counterpart', 'eiet'] }, { admin: true, verified: false }]) {
      const u = await createUser(t.database, opts);
      const res = await call(u.token, { method, url, payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('GET /api/admin/users', () => {
  it('pages users with their roles', async () => {
    const res = await call(admin.token, { url: '/api/admin/users' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: expect.any(Number), page: 1, per_page: ADMIN_USERS_PER_PAGE });
    expect(body.meta.total).toBeGreaterThanOrEqual(ADMIN_USERS_PER_PAGE + 3);
    expect(body.data).toHaveLength(ADMIN_USERS_PER_PAGE);
    expect(body.data[0]).toMatchObject({ id: admin.id, email: 'chief@admin.test', is_admin: true, roles: [] });
    expect(Object.keys(body.data[0]).sort()).toEqual([...ACCOUNT_KEYS, 'roles'].sort());
    const page2 = (await call(admin.token, { url: '/api/admin/users?page=2' })).json();
    expect(page2.meta.page).toBe(2);
    expect(page2.data[0].id).toBeGreaterThan(body.data.at(-1).id);
  });

  it('searches name and e-mail, case-insensitively, with % and _ taken literally', async () => {
    const byName = (await call(admin.token, { url: '/api/admin/users?search=member%2007' })).json();
    expect(byName.data.map((u: { email: string }) => u.email)).toEqual(['member7@list.test']);
    const byMail = (await call(admin.token, { url: '/api/admin/users?search=LIST.TEST' })).json();
    expect(byMail.meta.total).toBe(ADMIN_USERS_PER_PAGE + 2);
    const wild = (await call(admin.token, { url: '/api/admin/users?search=%25' })).json();
    expect(wild.meta.total).toBe(0);
  });

  it('shows roles and answers 422 for a bad page', async () => {
    const u = await createUser(t.database, { roles: ['eiet'], email: 'roleful@list2.test' });
    const found = (await call(admin.token, { url: '/api/admin/users?search=roleful' })).json();
    expect(found.data[0]).toMatchObject({ id: u.id, roles: [{ id: expect.any(Number), name: 'EIET', slug: 'eiet' }] });
    for (const page of ['0', 'abc', '-1', '1.5']) {
      const res = await call(admin.token, { url: `/api/admin/users?page=${page}` });
      expect(res.statusCode, page).toBe(422);
      expect(res.json().errors.page).toBeDefined();
    }
    // The call as api.md writes it, with both parameters empty, is the first page of everyone.
    const empty = await call(admin.token, { url: '/api/admin/users?search=&page=' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().meta.page).toBe(1);
    const beyond = (await call(admin.token, { url: '/api/admin/users?page=999' })).json();
    expect(beyond.data).toEqual([]);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('sets roles (by slug) and the admin flag, answering {user, roles}', async () => {
    const u = await createUser(t.database, { roles: ['eiet'] });
    const res = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/users/${u.id}`,
      payload: { roles: ['project', 'national-counterpart', 'project'], is_admin: true },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['roles', 'user']);
    expect(body.user).toMatchObject({ id: u.id, is_admin: true });
    expect(body.roles.map((r: { slug: string }) => r.slug)).toEqual(['project', 'national-counterpart']);
    const me = (await call(u.token, { url: '/api/user' })).json();
    expect(me.roles.map((r: { slug: string }) => r.slug)).toEqual(['project', 'national-counterpart']);
    const cleared = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/users/${u.id}`,
      payload: { roles: [] },
    });
    expect(cleared.json().roles).toEqual([]);
  });

  it('deactivation refuses tokens at once, saying why; the next login is 403 inactive; reactivation lets them back without the old sessions', async () => {
    const u = await createUser(t.database);
    const res = await call(admin.token, {
      method: 'PATCH',
      url: `/api/admin/users/${u.id}`,
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe('inactive');
    const refused = await call(u.token, { url: '/api/user' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Unauthenticated.', status: 'inactive' });
    const login = await call(undefined, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: u.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ status: 'inactive', message: 'Account inactive' });
    await call(admin.token, { method: 'PATCH', url: `/api/admin/users/${u.id}`, payload: { status: 'active' } });
    const again = await call(undefined, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: u.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    // The session from before the deactivation does not come back.
    expect((await call(u.token, { url: '/api/user' })).json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 422 for unknown values and 404 for unknown users', async () => {
    const u = await createUser(t.database);
    for (const payload of [{ status: 'gone' }, { roles: ['boss'] }, { roles: 'project' }, { is_admin: 'yes' }]) {
      const res = await call(admin.token, { method: 'PATCH', url: `/api/admin/users/${u.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (const id of ['999999', 'abc', '-1']) {
      const res = await call(admin.token, { method: 'PATCH', url: `/api/admin/users/${id}`, payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found.' });
    }
  });

  it('will not let an admin deactivate or demote themselves', async () => {
    for (const payload of [{ status: 'inactive' }, { is_admin: false }]) {
      const res = await call(admin.token, { method: 'PATCH', url: `/api/admin/users/${admin.id}`, payload });
      expect(res.statusCode).toBe(422);
    }
    expect((await call(admin.token, { url: '/api/user' })).json().user.is_admin).toBe(true);
  });
});
