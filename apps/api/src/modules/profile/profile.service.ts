import type { z } from 'zod';
import {
  localDigits,
  rule,
  type Locale,
  type passwordChangeSchema,
  type profileUpdateSchema,
  type Role,
  type User,
  type UserStatus,
} from '@hpbc/shared';
import type { Actor, ModuleDeps } from '../../module-deps';
import { ValidationError } from '../../lib/http-errors';
import { passwordProblem } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { accountsRepository, type AuthRole, type AuthUser } from '../accounts/accounts.repository';
import { accountMailer } from '../auth/account-mail';
import { authRepository, isUniqueViolation, type NewUser } from '../auth/auth.repository';
import { emailChangedMail } from '../auth/security.mail';
import { toRolesJson, toUserJson } from '../auth/user-json';

export const PROFILE_MESSAGES = {
  updated: 'Your profile has been updated successfully.',
  passwordChanged: 'Your password has been changed successfully.',
} as const;

const CHIP_TEXT: Record<Locale, Record<string, string>> = {
  en: {
    active: 'Account active',
    inactive: 'Account inactive',
    verified: 'Email verified',
    unverified: 'Email not verified',
    basic: 'Basic account',
    oneRole: '1 role',
    roles: ':n roles',
    admin: 'Administrator',
  },
  my: {
    active: 'အကောင့် ဖွင့်ထားသည်',
    inactive: 'အကောင့် ပိတ်ထားသည်',
    verified: 'အီးမေးလ် အတည်ပြုပြီး',
    unverified: 'အီးမေးလ် အတည်မပြုရသေး',
    basic: 'အခြေခံ အကောင့်',
    oneRole: 'အခန်းကဏ္ဍ ၁ ခု',
    roles: 'အခန်းကဏ္ဍ :n ခု',
    admin: 'စီမံခန့်ခွဲသူ',
  },
};

// One conversion for the portal (decision 025): `localDigits` from the shared package.
const digits = (n: number, locale: Locale) => localDigits(n, locale);

/** The chips of the user area: account state, e-mail verification, roles, and the admin flag when set. */
export function statusChips(user: AuthUser, roles: AuthRole[], locale: Locale): UserStatus {
  const t = CHIP_TEXT[locale];
  const status: UserStatus = {
    account: user.status === 'active' ? { label: t.active!, color: 'green' } : { label: t.inactive!, color: 'red' },
    email: user.emailVerifiedAt ? { label: t.verified!, color: 'blue' } : { label: t.unverified!, color: 'yellow' },
    roles:
      roles.length === 0
        ? { label: t.basic!, color: 'gray' }
        : {
            label: roles.length === 1 ? t.oneRole! : t.roles!.replace(':n', digits(roles.length, locale)),
            color: 'blue',
          },
  };
  if (user.isAdmin) status.admin = { label: t.admin!, color: 'green' };
  return status;
}

export function profileService(deps: ModuleDeps) {
  const { now } = deps;
  const repo = accountsRepository(deps.database.db);
  const mailer = accountMailer(deps, authRepository(deps.database));

  return {
    async show(user: AuthUser, roles: AuthRole[]): Promise<{ user: User; roles: Role[] }> {
      return { user: toUserJson(user, await repo.companyOf(user)), roles: toRolesJson(roles) };
    },

    /**
     * POST/PUT /api/user/profile. A new e-mail or password needs the current password; either
     * signs out the other sessions. A new e-mail must be verified again, and the old address
     * is told of the change.
     */
    async update(
      actor: Actor,
      accessTokenId: number | null,
      input: z.output<typeof profileUpdateSchema>,
      requestLocale: Locale | undefined,
    ) {
      const { user } = actor;
      const errors: Record<string, string[]> = {};
      const emailChanged = input.email !== user.email;
      // A stolen token alone must not take the account over: the sign-in details need the password.
      if (emailChanged || input.password) {
        const row = await repo.findById(user.id);
        if (!input.current_password) {
          errors.current_password = [rule('required', 'current_password')];
        } else if (!row || !(await verifyPassword(row.passwordHash, input.current_password))) {
          errors.current_password = [rule('current_password', 'current_password')];
        }
      }
      if (emailChanged && (await repo.emailTakenByOther(input.email, user.id)))
        errors.email = [rule('unique', 'email')];
      if (input.password) {
        const weak = passwordProblem(input.password, { email: input.email, name: input.name });
        if (weak) errors.password = [weak];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);

      const at = now();
      const patch: Partial<NewUser> = {
        name: input.name,
        email: input.email,
        phone: input.phone,
        address: input.address,
        locale: input.locale ?? requestLocale ?? user.locale,
        updatedAt: at,
      };
      if (emailChanged) patch.emailVerifiedAt = null;
      if (input.password) patch.passwordHash = await hashPassword(input.password);

      let updated;
      try {
        updated = await repo.updateUser(user.id, patch);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ValidationError({ email: [rule('unique', 'email')] });
        throw err;
      }
      if (input.password || emailChanged) await repo.deleteAccessTokensOf(user.id, accessTokenId);
      // Notices go to the address the account had before this call.
      if (input.password) await mailer.sendPasswordChanged({ ...updated, email: user.email });
      if (emailChanged) {
        await deps.mail.enqueue({
          to: user.email,
          ...emailChangedMail({ name: updated.name, locale: updated.locale, newEmail: updated.email }),
        });
        await mailer.sendVerification(updated);
      }
      return {
        user: toUserJson(updated, await repo.companyOf(updated)),
        message: PROFILE_MESSAGES.updated,
        ...(emailChanged ? { verification_sent: true } : {}),
      };
    },

    /**
     * PUT /api/user/locale: the language switch of a signed-in person. Every later mail
     * to the account (reviews, decisions, company work) is written in it, since each
     * mailer reads `users.locale` (docs/api.md, "Mail language").
     */
    async setLocale(actor: Actor, locale: Locale): Promise<{ locale: Locale }> {
      if (actor.user.locale !== locale) await repo.updateUser(actor.user.id, { locale, updatedAt: now() });
      return { locale };
    },

    /** PUT /api/user/password: needs the current password; signs out every other session and sends a notice. */
    async changePassword(
      actor: Actor,
      accessTokenId: number | null,
      input: z.output<typeof passwordChangeSchema>,
    ): Promise<{ message: string }> {
      const { user } = actor;
      const row = await repo.findById(user.id);
      if (!row || !(await verifyPassword(row.passwordHash, input.current_password))) {
        throw new ValidationError({ current_password: [rule('current_password', 'current_password')] });
      }
      const weak = passwordProblem(input.password, { email: user.email, name: user.name });
      if (weak) throw new ValidationError({ password: [weak] });
      await repo.updateUser(user.id, { passwordHash: await hashPassword(input.password), updatedAt: now() });
      await repo.deleteAccessTokensOf(user.id, accessTokenId);
      await mailer.sendPasswordChanged(row);
      return { message: PROFILE_MESSAGES.passwordChanged };
    },
  };
}
