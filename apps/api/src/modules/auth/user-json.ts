import type { Role, User, UserCompany } from '@hpbc/shared';
import type { AuthRole, AuthUser } from '../accounts/accounts.repository';

/**
 * The one place a user row becomes an answer: an allow-list, so a hash or token can never slip out.
 * `company` is the linked company with its name (accountsRepository.companyOf).
 */
export function toUserJson(u: AuthUser, company: UserCompany | null = null): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    email_verified_at: u.emailVerifiedAt ? u.emailVerifiedAt.toISOString() : null,
    phone: u.phone,
    address: u.address,
    is_admin: u.isAdmin,
    status: u.status,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    company,
  };
}

export function toRolesJson(roles: AuthRole[]): Role[] {
  return roles.map((r) => ({ id: r.id, name: r.name, slug: r.slug }));
}
