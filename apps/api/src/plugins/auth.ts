/**
 * Bearer-token authentication and the route guards every module uses.
 *
 *   import { requireUser, requireVerified, requireRole, requireAdmin, currentUser } from '../../plugins/auth';
 *
 *   app.post('/api/x', { onRequest: requireVerified, schema: { body } }, async (req) => {
 *     const user = currentUser(req);        // AuthUser, never null after a guard
 *     req.roles;                            // [{id, name, slug}]
 *   });
 *
 * - requireUser      401 without a valid token (missing, unknown, expired, revoked, inactive account).
 * - requireVerified  requireUser, then 403 when the e-mail is not verified.
 * - requireRole(slug) requireVerified, then 403 without that role.
 * - requireAdmin     requireVerified, then 403 without the admin flag.
 *
 * Use them as `onRequest` hooks so a guest gets the 401 before the body is read or
 * validated; a guard in any later hook is refused when the route is registered
 * (`guardOfRoute`). Arrays work too:
 * `onRequest: [requireVerified, requireRole('project')]`.
 *
 * The token is looked up lazily, once per request, only on routes that use a guard (or
 * call `authenticate(req)`), so public pages and static files never touch the table.
 * Expiry slides: each use pushes it to now + lifetime, written at most once a minute,
 * but never past the absolute limit counted from sign-in (ABSOLUTE_LIFETIME_MS).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageCode, type RoleSlug } from '@hpbc/shared';
import type { Database } from '../db/client';
import type { Actor } from '../module-deps';
import {
  accountsRepository,
  type AuthRole,
  type AuthUser,
  type UserRow,
} from '../modules/accounts/accounts.repository';
import { forbidden, HttpError, unauthenticated } from '../lib/http-errors';
import { ABSOLUTE_LIFETIME_MS, tokenLifetimeMs } from '../lib/token-lifetime';
import { looksLikeToken, sha256Hex } from '../lib/tokens';

// The account types live with the accounts core; re-exported for the routes that use the guards.
export type { AuthRole, AuthUser, UserRow };

const absoluteEnd = (createdAt: Date, remember: boolean) =>
  createdAt.getTime() + (remember ? ABSOLUTE_LIFETIME_MS.remember : ABSOLUTE_LIFETIME_MS.session);
/** Sliding expiry and last_used_at are written at most this often per token. */
const TOUCH_EVERY_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once a guard (or authenticate) has run; null for guests. */
    user: AuthUser | null;
    /** The signed-in user's roles; empty for guests. */
    roles: AuthRole[];
    /** The id of the access token this request came with (logout revokes it). */
    accessTokenId: number | null;
  }
  interface FastifyInstance {
    authResolver: AuthResolver;
  }
}

const resolved = Symbol('authResolved');
/** Set when a valid token belongs to a deactivated account, so its 401 can say why. */
const inactiveAccount = Symbol('inactiveAccount');
type WithMemo = FastifyRequest & { [resolved]?: Promise<void>; [inactiveAccount]?: boolean };

export interface AuthResolver {
  resolve(req: FastifyRequest): Promise<void>;
}

export function rolesOfUser(database: Database, userId: number): Promise<AuthRole[]> {
  return accountsRepository(database.db).roles(userId);
}

function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Adds req.user / req.roles and the token resolver. Registered on the root instance by app.ts. */
export function registerAuth(app: FastifyInstance, deps: { database: Database; now: () => Date }): void {
  const { database, now } = deps;
  const { db } = database;

  app.decorateRequest('user', null);
  app.decorateRequest('accessTokenId', null);
  // Arrays cannot be decorator defaults (they would be shared); each request gets its own.
  app.decorateRequest('roles', {
    getter(this: FastifyRequest & { _roles?: AuthRole[] }) {
      return this._roles ?? [];
    },
    setter(this: FastifyRequest & { _roles?: AuthRole[] }, value: AuthRole[]) {
      this._roles = value;
    },
  } as never);

  const accounts = accountsRepository(db);

  async function lookup(req: FastifyRequest): Promise<void> {
    const token = bearerOf(req);
    if (!token || !looksLikeToken(token)) return;
    // Token, account and roles in one statement (issue 31); no copy is kept between requests,
    // so a sign-out or a role change in another process counts from its next request.
    const row = await accounts.session(sha256Hex(token));
    if (!row) return;
    const at = now();
    if (row.token.expiresAt.getTime() <= at.getTime()) return;
    const hardEnd = absoluteEnd(row.token.createdAt, row.token.remember);
    if (hardEnd <= at.getTime()) return;
    if (row.user.status !== 'active') {
      (req as WithMemo)[inactiveAccount] = true;
      return;
    }

    if (!row.token.lastUsedAt || at.getTime() - row.token.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      const slid = Math.min(at.getTime() + tokenLifetimeMs(row.token.remember), hardEnd);
      await accounts.touchAccessToken(row.token.id, at, new Date(slid));
    }
    req.user = row.user;
    req.accessTokenId = row.token.id;
    req.roles = row.roles;
  }

  app.decorate('authResolver', {
    resolve(req: FastifyRequest): Promise<void> {
      const r = req as WithMemo;
      r[resolved] ??= lookup(req);
      return r[resolved];
    },
  });
}

/** Resolves the bearer token (once per request) without requiring one; req.user stays null for guests. */
export function authenticate(req: FastifyRequest): Promise<void> {
  return req.server.authResolver.resolve(req);
}

/**
 * The 401 for a request without a signed-in user. A deactivated account's token gets
 * `status: "inactive"` too (as the login's 403 does), so the app can say the account was
 * deactivated rather than only that the session ended.
 */
function signedOut(req: FastifyRequest): HttpError {
  return (req as WithMemo)[inactiveAccount]
    ? new HttpError(401, messageCode('unauthenticated'), { status: 'inactive' })
    : unauthenticated();
}

/** The signed-in user; throws 401 when there is none. Use inside handlers behind a guard. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw signedOut(req);
  return req.user;
}

/** Who acts in this request, for the service methods; throws 401 when no one is signed in. */
export function actorOf(req: FastifyRequest): Actor {
  return { user: currentUser(req), roles: req.roles, ip: req.ip };
}

/** A route guard: throws the 401/403 of docs/api.md, or returns when the request may go on. */
export type AuthGuard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What a guard demands; the API description (plugins/api-description.ts) lists the matching 401/403. */
export type GuardKind = 'user' | 'verified' | 'role' | 'admin';
const guardKinds = new WeakMap<object, GuardKind>();
const guard = (kind: GuardKind, fn: AuthGuard): AuthGuard => {
  guardKinds.set(fn, kind);
  return fn;
};
/** The kind of a route hook when it is one of these guards. */
export const guardKindOf = (hook: unknown): GuardKind | undefined =>
  typeof hook === 'function' ? guardKinds.get(hook) : undefined;

/**
 * Where a route runs its guards. They must be `onRequest` hooks: Fastify reads the body
 * (preParsing) and validates it before `preValidation` and `preHandler` hooks, so a guard
 * there lets a guest earn a 422 instead of the 401, and lets anyone make the server read
 * an upload before being turned away (issue 24, holes 10 and 11). app.ts refuses such a
 * route when it is registered; returns the strictest guard kind in `onRequest`.
 */
export function guardOfRoute(route: {
  method: string | string[];
  url: string;
  onRequest?: unknown;
  preParsing?: unknown;
  preValidation?: unknown;
  preHandler?: unknown;
}): GuardKind | undefined {
  const late = [route.preParsing, route.preValidation, route.preHandler].flat().filter((h) => guardKindOf(h));
  if (late.length > 0) {
    throw new Error(
      `${[route.method].flat().join(',')} ${route.url}: guards must be onRequest hooks (issue 24, hole 10)`,
    );
  }
  const rank: GuardKind[] = ['user', 'verified', 'role', 'admin'];
  let found: GuardKind | undefined;
  for (const hook of [route.onRequest].flat()) {
    const kind = guardKindOf(hook);
    if (kind && (!found || rank.indexOf(kind) > rank.indexOf(found))) found = kind;
  }
  return found;
}

export const requireUser: AuthGuard = guard('user', async (req) => {
  await authenticate(req);
  if (!req.user) throw signedOut(req);
});

export const requireVerified: AuthGuard = guard('verified', async (req, reply) => {
  await requireUser(req, reply);
  if (!req.user!.emailVerifiedAt) throw forbidden(messageCode('email_not_verified'));
});

export function requireRole(slug: RoleSlug): AuthGuard {
  return guard('role', async (req, reply) => {
    await requireVerified(req, reply);
    if (!req.roles.some((r) => r.slug === slug)) throw forbidden(messageCode('role_required'));
  });
}

export const requireAdmin: AuthGuard = guard('admin', async (req, reply) => {
  await requireVerified(req, reply);
  if (!req.user!.isAdmin) throw forbidden(messageCode('admins_only'));
});
