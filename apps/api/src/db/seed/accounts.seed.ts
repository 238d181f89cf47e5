import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { RoleSlug } from '@hpbc/shared';
import type { Database, Db } from '../client';
import { accessTokens, roles, userRoles, users } from '../schema/index';
import { hashPassword, verifyPassword } from '../../lib/passwords';

export const DEMO_PASSWORD = 'DemoPass!2025';

/** The demo accounts of runtime.md: all verified, all with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: { email: string; name: string; isAdmin: boolean; roles: RoleSlug[] }[] = [
  { email: 'admin@hpbc.test', name: 'Demo Administrator', isAdmin: true, roles: [] },
  { email: 'project@hpbc.test', name: 'Demo Project Submitter', isAdmin: false, roles: ['project'] },
  { email: 'national@hpbc.test', name: 'Demo National Counterpart', isAdmin: false, roles: ['national-counterpart'] },
  { email: 'eiet@hpbc.test', name: 'Demo EIET Inspector', isAdmin: false, roles: ['eiet'] },
  { email: 'basic@hpbc.test', name: 'Demo Basic User', isAdmin: false, roles: [] },
  // Works for a pile company (linked by the company-work seed): answers its service requests.
  { email: 'pile@hpbc.test', name: 'Demo Pile Company', isAdmin: false, roles: [] },
  // An administrator held to two-step sign-in (docs/decisions/046): its first sign-in is the grace
  // sign-in, the next one asks it to set up an authenticator app. admin@hpbc.test is exempt while
  // demo data is on, so the demo and its journeys sign in with the password alone.
  { email: 'security@hpbc.test', name: 'Demo Security Administrator', isAdmin: true, roles: [] },
  // Held to a second factor for legal acts (issue 26, docs/decisions/075): a national counterpart
  // and an EIET inspector whose first sign-in is the grace sign-in (see legal-acts.seed.ts).
  {
    email: 'counterpart2fa@hpbc.test',
    name: 'Demo Counterpart With Passkey',
    isAdmin: false,
    roles: ['national-counterpart'],
  },
  { email: 'inspector2fa@hpbc.test', name: 'Demo Inspector With Code', isAdmin: false, roles: ['eiet'] },
];

/** Creates the demo accounts that do not exist yet; an existing address is left as it is. */
export async function seedDemoAccounts(ctx: { now: Date }, tx: Db): Promise<void> {
  const roleRows = await tx.select().from(roles);
  const roleId = new Map(roleRows.map((r) => [r.slug, r.id]));
  const existing = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const have = new Set(existing.map((e) => e.email));
  for (const account of DEMO_ACCOUNTS) {
    if (have.has(account.email)) continue;
    const [user] = await tx
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        // Each account gets its own salt, as a real one would.
        passwordHash: await hashPassword(DEMO_PASSWORD),
        emailVerifiedAt: ctx.now,
        isAdmin: account.isAdmin,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: users.id });
    const ids = account.roles.map((slug) => roleId.get(slug)).filter((id): id is number => id !== undefined);
    if (ids.length) await tx.insert(userRoles).values(ids.map((id) => ({ userId: user!.id, roleId: id })));
  }
}

/**
 * Outside demo mode the published demo password must not open anything: demo accounts
 * left from an earlier demo start get a random password nobody knows, and lose their
 * sessions. Returns the addresses changed. (The password policy refuses the demo password
 * for every other account.)
 */
export async function retireDemoPassword(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const changed: string[] = [];
  for (const row of rows) {
    if (!(await verifyPassword(row.passwordHash, DEMO_PASSWORD))) continue;
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(randomBytes(32).toString('base64url')) })
      .where(eq(users.id, row.id));
    await database.db.delete(accessTokens).where(eq(accessTokens.userId, row.id));
    changed.push(row.email);
  }
  return changed;
}
