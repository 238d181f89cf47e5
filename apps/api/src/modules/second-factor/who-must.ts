import type { Database } from '../../db/client';
import { accountsRepository } from '../accounts/accounts.repository';
import { twoFactorRepository } from '../auth/two-factor.repository';
import { secondFactorRepository } from './second-factor.repository';

/**
 * Who must have a second factor (issue 26): administrators, national counterparts, and
 * members of EIET and pile companies: everyone whose word is a legal act.
 */
export async function mustHaveSecondFactor(database: Database, userId: number): Promise<boolean> {
  const accounts = accountsRepository(database.db);
  const user = await accounts.findById(userId);
  if (!user) return false;
  if (user.isAdmin || user.eietCompanyId !== null || user.pileCompanyId !== null) return true;
  const roles = await accounts.roles(userId);
  return roles.some((r) => r.slug === 'national-counterpart' || r.slug === 'eiet');
}

/** A passkey or an authenticator app is set up. */
export async function hasSecondFactor(database: Database, userId: number): Promise<boolean> {
  const s = await twoFactorRepository(database).settings(userId);
  return Boolean(s?.enabledAt) || (await secondFactorRepository(database).passkeyCount(userId)) > 0;
}

/**
 * TWO_FACTOR_EXEMPT_EMAILS as a test: exact addresses, and (set in code only, as the API
 * tests' configuration does for their throw-away accounts) `*@domain` for a whole domain.
 */
export function exemptionOf(emails: readonly string[] | undefined): (email: string) => boolean {
  const exact = new Set<string>();
  const domains: string[] = [];
  for (const e of emails ?? []) {
    const lower = e.toLowerCase();
    if (lower.startsWith('*@')) domains.push(lower.slice(1));
    else exact.add(lower);
  }
  return (email) => {
    const lower = email.toLowerCase();
    return exact.has(lower) || domains.some((d) => lower.endsWith(d));
  };
}
