import type { z } from 'zod';
import {
  messageCode,
  ADMIN_USERS_PER_PAGE,
  rule,
  type AdminUserList,
  type adminUserListQuerySchema,
  type adminUserUpdateSchema,
  type Role,
  type User,
  type UserCompany,
} from '@hpbc/shared';
import type { Actor, ModuleDeps } from '../../module-deps';
import { HttpError, ValidationError } from '../../lib/http-errors';
import { withTransaction } from '../../db/client';
import { accountsRepository, type NewUser } from '../accounts/accounts.repository';
import { recordAudit } from '../audit/audit.repository';
import { toRolesJson, toUserJson } from '../auth/user-json';

/**
 * What an account may reach, as the audit log records it: its status, admin flag, roles
 * and the company it works for (a company link opens requesters' personal data, so
 * linking, moving and unlinking are audited too; issue 24, hole 5).
 */
function accessOf(user: { status: string; isAdmin: boolean }, roles: { slug: string }[], company: UserCompany | null) {
  return { status: user.status, is_admin: user.isAdmin, roles: roles.map((r) => r.slug).sort(), company };
}

export function adminService(deps: ModuleDeps) {
  const { now } = deps;
  const accounts = accountsRepository(deps.database.db);

  return {
    async listUsers(query: z.output<typeof adminUserListQuerySchema>): Promise<AdminUserList> {
      const perPage = ADMIN_USERS_PER_PAGE;
      const { rows, total } = await accounts.listUsers({
        search: query.search || undefined,
        offset: (query.page - 1) * perPage,
        limit: perPage,
      });
      const roles = await accounts.rolesOfUsers(rows.map((r) => r.id));
      const companies = await accounts.companiesOf(rows);
      return {
        data: rows.map((r) => ({
          ...toUserJson(r, companies.get(r.id) ?? null),
          roles: toRolesJson(roles.get(r.id) ?? []),
        })),
        meta: { total, page: query.page, per_page: perPage },
      };
    },

    /**
     * Deactivation takes effect at once: the guards refuse every token of an inactive
     * account, with a 401 that says the account is inactive, so a user signed in at that
     * moment is told why. The tokens are deleted when the account is reactivated, so no
     * session from before the deactivation comes back.
     */
    async updateUser(
      actor: Actor,
      id: number | null,
      input: z.output<typeof adminUserUpdateSchema>,
    ): Promise<{ user: User; roles: Role[] }> {
      const target = id !== null ? await accounts.findById(id) : undefined;
      if (!target) throw new HttpError(404, messageCode('user_not_found'));
      // An administrator who locks themselves out may leave nobody to undo it.
      if (target.id === actor.user.id) {
        const errors: Record<string, string[]> = {};
        if (input.status === 'inactive') errors.status = [rule('own_account', 'status')];
        if (input.is_admin === false) errors.is_admin = [rule('own_account', 'is_admin')];
        if (Object.keys(errors).length) throw new ValidationError(errors);
      }

      const patch: Partial<NewUser> = {};
      if (input.company !== undefined) {
        // A company account works for one company; linking another replaces the link.
        if (input.company && !(await accounts.companyExists(input.company.kind, input.company.id))) {
          throw new ValidationError({ company: [rule('exists', 'company')] });
        }
        patch.eietCompanyId = input.company?.kind === 'eiet' ? input.company.id : null;
        patch.pileCompanyId = input.company?.kind === 'pile' ? input.company.id : null;
        // The calendar feed shows the company's inspections: a new company (or none) revokes it (hole 8).
        if (patch.eietCompanyId !== target.eietCompanyId || patch.pileCompanyId !== target.pileCompanyId) {
          patch.calendarTokenHash = null;
        }
      }
      if (input.status !== undefined) patch.status = input.status;
      if (input.is_admin !== undefined) patch.isAdmin = input.is_admin;
      const changed = Object.keys(patch).length > 0 || input.roles !== undefined;
      // The change and its audit entry commit together.
      const user = await withTransaction(deps.database.db, async (tx) => {
        const repo = accountsRepository(tx);
        const before = accessOf(target, await repo.roles(target.id), await repo.companyOf(target));
        if (input.roles !== undefined) await repo.setRoles(target.id, [...new Set(input.roles)]);
        const saved = changed ? await repo.updateUser(target.id, { ...patch, updatedAt: now() }) : target;
        if (input.status === 'active' && target.status !== 'active') await repo.deleteAccessTokensOf(target.id);
        const after = accessOf(saved, await repo.roles(target.id), await repo.companyOf(saved));
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await recordAudit(tx, actor, { action: 'update', recordType: 'user', recordId: target.id, before, after });
        }
        return saved;
      });
      return {
        user: toUserJson(user, await accounts.companyOf(user)),
        roles: toRolesJson(await accounts.roles(target.id)),
      };
    },
  };
}
