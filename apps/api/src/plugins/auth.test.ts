import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { accessTokens, roles, userRoles, users } from '../db/schema/index';
import { newToken } from '../lib/tokens';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TOKEN_LIFETIME_MS } from '../lib/token-lifetime';
import { currentUser, requireAdmin, requireRole, requireUser, requireVerified } from './auth';

let t: TestApp;
let app: FastifyInstance;
let database: Database;
const clock = { now: new Date('2026-03-01T10:00:00Z') };

async function makeUser(email: string, opts: { verified?: boolean; admin?: boolean; role?: string } = {}) {
  const [u] = await database.db
    .insert(users)
    .values({
      name: 'Test',
      email,
      passwordHash: 'not-a-real-hash',
      emailVerifiedAt: opts.verified === false ? null : clock.now,
      isAdmin: opts.admin ?? false,
    })
    .returning();
  if (opts.role) {
    const [r] = await database.db.select().from(roles).where(eq(roles.slug, opts.role));
    await database.db.insert(userRoles).values({ userId: u!.id, roleId: r!.id });
  }
  const { token, hash } = newToken();
  await database.db.insert(accessTokens).values({
    userId: u!.id,
    tokenHash: hash,
    expiresAt: new Date(clock.now.getTime() + TOKEN_LIFETIME_MS.session),
  });
  return { id: u!.id, token };
}

const call = (url: string, token?: string) =>
  app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  t = await buildTestApp({
    deps: { now: () => clock.now },
    // Routes that exist only here, one behind each guard.
    routes: (app) => {
      app.get('/t/user', { onRequest: requireUser }, async (req) => ({ id: currentUser(req).id, roles: req.roles }));
      app.get('/t/verified', { onRequest: requireVerified }, async () => ({ ok: true }));
      app.get('/t/project', { onRequest: requireRole('project') }, async () => ({ ok: true }));
      app.get('/t/admin', { onRequest: requireAdmin }, async () => ({ ok: true }));
    },
  });
  ({ app, database } = t);
});
afterAll(() => t.close());

describe('auth guards', () => {
  it('answers 401 without, with a malformed or with an unknown token', async () => {
    expect((await call('/t/user')).statusCode).toBe(401);
    expect((await call('/t/user', 'short')).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await call('/t/user', 'A'.repeat(43))).statusCode).toBe(401);
  });

  it('resolves the user and roles from a valid token', async () => {
    const u = await makeUser('p@x.test', { role: 'project' });
    const res = await call('/t/user', u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: u.id, roles: [expect.objectContaining({ slug: 'project', name: 'Project' })] });
    expect((await call('/t/project', u.token)).statusCode).toBe(200);
    expect((await call('/t/admin', u.token)).statusCode).toBe(403);
  });

  it('refuses unverified accounts with 403 on verified routes but lets requireUser pass', async () => {
    const u = await makeUser('unv@x.test', { verified: false, admin: true });
    expect((await call('/t/user', u.token)).statusCode).toBe(200);
    expect((await call('/t/verified', u.token)).statusCode).toBe(403);
    expect((await call('/t/admin', u.token)).statusCode).toBe(403);
  });

  it('lets admins through requireAdmin and refuses a missing role', async () => {
    const u = await makeUser('adm@x.test', { admin: true });
    expect((await call('/t/admin', u.token)).statusCode).toBe(200);
    expect((await call('/t/project', u.token)).statusCode).toBe(403);
  });

  it('refuses an inactive account', async () => {
    const u = await makeUser('off@x.test');
    await database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, u.id));
    const res = await call('/t/user', u.token);
    expect(res.statusCode).toBe(401);
    // It says why, so the app can tell the user the account was deactivated; on every guard.
    expect(res.json()).toEqual({ message: 'Unauthenticated.', status: 'inactive' });
    expect((await call('/t/admin', u.token)).json()).toEqual({ message: 'Unauthenticated.', status: 'inactive' });
    // An unknown token still gets the plain 401.
    expect((await call('/t/user', 'B'.repeat(43))).json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('slides the expiry on use, at most once a minute, and refuses expired tokens', async () => {
    const u = await makeUser('slide@x.test');
    const start = clock.now;
    try {
      clock.now = new Date(start.getTime() + 20 * 3600 * 1000);
      expect((await call('/t/user', u.token)).statusCode).toBe(200);
      const [row] = await database.db.select().from(accessTokens).where(eq(accessTokens.userId, u.id));
      expect(row!.expiresAt.getTime()).toBe(clock.now.getTime() + TOKEN_LIFETIME_MS.session);
      clock.now = new Date(clock.now.getTime() + 30 * 1000);
      await call('/t/user', u.token);
      const [same] = await database.db.select().from(accessTokens).where(eq(accessTokens.userId, u.id));
      expect(same!.expiresAt.getTime()).toBe(row!.expiresAt.getTime());
      clock.now = new Date(row!.expiresAt.getTime() + 1);
      expect((await call('/t/user', u.token)).statusCode).toBe(401);
    } finally {
      clock.now = start;
    }
  });
});
