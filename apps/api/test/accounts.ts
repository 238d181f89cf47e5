import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../src/db/client';
import { accessTokens, auditLog, mailOutbox, roles, userRoles, users } from '../src/db/schema/index';
import { hashPassword } from '../src/lib/passwords';
import { newToken } from '../src/lib/tokens';
import { TOKEN_LIFETIME_MS } from '../src/lib/token-lifetime';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/accounts.seed';

export const PASSWORD = 'Correct horse 42';

let counter = 0;
/** A fresh address per call, so tests in one file never collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${++counter}@example.test`;
/** A fresh client address per call, so per-IP rate limits of one test do not reach the next. */
let ipCounter = 0;
export const uniqueIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export interface TestUser {
  id: number;
  email: string;
  token: string;
}

/** Inserts an account directly (verified unless told otherwise) with a bearer token. */
export async function createUser(
  database: Database,
  opts: {
    email?: string;
    name?: string;
    password?: string;
    verified?: boolean;
    admin?: boolean;
    status?: 'active' | 'inactive';
    roles?: string[];
    locale?: 'en' | 'my';
    now?: Date;
  } = {},
): Promise<TestUser> {
  const at = opts.now ?? new Date();
  const [u] = await database.db
    .insert(users)
    .values({
      name: opts.name ?? 'Test User',
      email: opts.email ?? uniqueEmail(),
      passwordHash: await hashPassword(opts.password ?? PASSWORD),
      emailVerifiedAt: opts.verified === false ? null : at,
      isAdmin: opts.admin ?? false,
      status: opts.status ?? 'active',
      locale: opts.locale ?? 'en',
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  for (const slug of opts.roles ?? []) {
    const [r] = await database.db.select().from(roles).where(eq(roles.slug, slug));
    await database.db.insert(userRoles).values({ userId: u!.id, roleId: r!.id });
  }
  const { token, hash } = newToken();
  await database.db
    .insert(accessTokens)
    .values({ userId: u!.id, tokenHash: hash, expiresAt: new Date(at.getTime() + TOKEN_LIFETIME_MS.session) });
  return { id: u!.id, email: u!.email, token };
}

/** app.inject with a bearer token. */
export function injectAs(app: FastifyInstance, token: string, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
}

/**
 * `as(user, opts)`: injectAs with that user's token, for a test file whose app is built in
 * beforeAll (`app` is read at each call, once it exists).
 */
export function requestsAs(app: () => FastifyInstance) {
  return (user: TestUser, opts: InjectOptions) => injectAs(app(), user.token, opts);
}

/** The newest outbox mail to an address. */
export async function lastMailTo(database: Database, to: string) {
  const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return rows.sort((a, b) => b.id - a.id)[0];
}

export async function mailsTo(database: Database, to: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}

/** The first link in a text that starts with the given app path. */
export function linkIn(text: string, pathStart: string): URL {
  const m = text
    .match(/https?:\/\/\S+/g)
    ?.map((s) => new URL(s))
    .find((u) => u.pathname.startsWith(pathStart));
  if (!m) throw new Error(`no ${pathStart} link in mail`);
  return m;
}

/** The audit entries of one record, oldest first: `action` and the before and after it recorded. */
export async function auditOf(database: Database, recordType: string, recordId: number) {
  const rows = await database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, String(recordId))))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => ({ action: r.action, actorId: r.actorId, before: r.before, after: r.after }));
}

/** The fields of an account as the API shows it, sorted (the administrators' list adds `roles`). */
export const ACCOUNT_KEYS = [
  'address',
  'company',
  'created_at',
  'email',
  'email_verified_at',
  'id',
  'is_admin',
  'name',
  'phone',
  'status',
  'updated_at',
];

/** A demo account's token (the demo data's accounts, seeded with the demo password), signed in through the API. */
export async function demoToken(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: DEMO_PASSWORD, remember: false, type: 'user' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/**
 * The committee links accounts to a company (PATCH /api/admin/users/{id}, as the admin screen
 * does), or unlinks them with `null`; fails the test unless each is accepted.
 */
export async function linkToCompany(
  app: FastifyInstance,
  admin: TestUser,
  members: TestUser[],
  company: { kind: 'eiet' | 'pile'; id: number } | null,
): Promise<void> {
  for (const member of members) {
    const res = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { company },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}
