import { z } from 'zod';
import { rule } from './messages';
import type { Paged } from './paging';
import { LOCALES } from './product';
import { ROLE_SLUGS, type Role } from './roles';
import { optionalText, requiredText, searchText } from './text-fields';
import { companyLinkSchema, type UserCompany } from './company-work';

/** Passwords are checked whole: never truncated, so the upper bound is a real limit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 255;
export const EMAIL_MAX = 255;
export const PHONE_MAX = 32;
export const ADDRESS_MAX = 1000;

/** The account as every answer carries it (docs/api.md): never a hash or token. */
export interface User {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  phone: string | null;
  address: string | null;
  is_admin: boolean;
  status: 'active' | 'inactive';
  created_at: string;
  updated_at: string;
  /** The company the account works for, linked by an administrator (every answer carries it). */
  company?: UserCompany | null;
}
export type UserWithRoles = User & { roles: Role[] };

export const STATUS_COLORS = ['yellow', 'blue', 'green', 'red', 'gray'] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];
/** GET /api/user/status: chips keyed by what they describe. */
export type UserStatus = Record<string, { label: string; color: StatusColor }>;

export interface LoginResponse {
  token: string;
  user: User;
  roles: Role[];
}
export interface RegisterResponse {
  verification_sent: true;
  user: User;
  message: string;
}
export type AdminUserList = Paged<UserWithRoles>;

/** Trimmed and lower-cased: one address, one account, whatever the capitals. */
export const emailField = (field = 'email') =>
  requiredText(field, EMAIL_MAX)
    .toLowerCase()
    .pipe(z.email(rule('email', field)));

const newPassword = (field = 'password') =>
  z
    .string({ error: rule('required', field) })
    .min(1, rule('required', field))
    .min(PASSWORD_MIN, rule('min', field, PASSWORD_MIN))
    .max(PASSWORD_MAX, rule('max', field, PASSWORD_MAX));

const confirmation = z.string({ error: rule('required', 'password_confirmation') });

/** Laravel's "accepted": a ticked checkbox arrives as true, "1", "on", "yes" or "true". */
const accepted = (field: string) =>
  z
    .unknown()
    .refine((v) => v === true || v === 1 || ['1', 'on', 'yes', 'true'].includes(String(v)), rule('accepted', field))
    .transform(() => true as const);

/** "confirmed" goes on the password field, as Laravel does; it runs even when other fields failed. */
function confirmed<T extends { password?: string; password_confirmation?: string }>(field = 'password') {
  return {
    check: (v: T) => !v.password || v.password === v.password_confirmation,
    params: {
      message: rule('confirmed', field),
      path: [field],
      when: (payload: { value: unknown }) => {
        const v = payload.value as Partial<T> | undefined;
        return typeof v?.password === 'string' && v.password.length > 0;
      },
    },
  };
}

const PHONE = /^\+?[0-9\u1040-\u1049(][0-9\u1040-\u1049 .\-()]*$/;
const countDigits = (v: string) => (v.match(/[0-9\u1040-\u1049]/g) ?? []).length;

const optionalPhone = optionalText('phone', PHONE_MAX, 'required').refine(
  (v) => v === null || (PHONE.test(v) && countDigits(v) >= 6 && countDigits(v) <= 20),
  rule('phone', 'phone'),
);

const remember = z
  .boolean({ error: rule('boolean', 'remember') })
  .optional()
  .default(false);

export const registerSchema = z
  .object({
    name: requiredText('name', NAME_MAX),
    email: emailField(),
    password: newPassword(),
    password_confirmation: confirmation,
    terms: accepted('terms'),
  })
  .refine(confirmed().check, confirmed().params);
export type RegisterPayload = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField(),
  // No length rule: a wrong password of any length is only "credentials do not match".
  password: z.string({ error: rule('required', 'password') }).min(1, rule('required', 'password')),
  remember,
  type: z.string().optional(),
});
export type LoginPayload = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailField() });
export type EmailOnlyPayload = z.input<typeof emailOnlySchema>;
/** POST /api/user/email/verification/resend */
export const resendVerificationSchema = emailOnlySchema;
/** POST /api/user/forgot-password */
export const forgotPasswordSchema = emailOnlySchema;

export const resetPasswordSchema = z
  .object({
    token: requiredText('token', 200),
    email: emailField(),
    password: newPassword(),
    password_confirmation: confirmation,
  })
  .refine(confirmed().check, confirmed().params);
export type ResetPasswordPayload = z.input<typeof resetPasswordSchema>;

/** POST or PUT /api/user/profile. A blank password means "keep the current one". */
export const profileUpdateSchema = z
  .object({
    name: requiredText('name', NAME_MAX),
    email: emailField(),
    phone: optionalPhone,
    address: optionalText('address', ADDRESS_MAX, 'required'),
    password: z
      .string({ error: rule('required', 'password') })
      .max(PASSWORD_MAX, rule('max', 'password', PASSWORD_MAX))
      .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN, rule('min', 'password', PASSWORD_MIN))
      .nullish()
      .transform((v) => (v ? v : undefined)),
    password_confirmation: z.string().nullish(),
    /** Needed when the e-mail or the password changes (docs/api.md); checked by the server. */
    current_password: z
      .string({ error: rule('required', 'current_password') })
      .max(PASSWORD_MAX, rule('max', 'current_password', PASSWORD_MAX))
      .nullish()
      .transform((v) => (v ? v : undefined)),
    locale: z.enum(LOCALES, { error: rule('in', 'locale') }).optional(),
  })
  .refine(
    (v) => !v.password || v.password === (v.password_confirmation ?? ''),
    confirmed<{ password?: string; password_confirmation?: string }>().params,
  );
export type ProfileUpdatePayload = z.input<typeof profileUpdateSchema>;

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: rule('required', 'current_password') })
      .min(1, rule('required', 'current_password')),
    password: newPassword(),
    password_confirmation: confirmation,
  })
  .refine(confirmed().check, confirmed().params);
export type PasswordChangePayload = z.input<typeof passwordChangeSchema>;

export const ADMIN_USERS_PER_PAGE = 20;

export const adminUserListQuerySchema = z.object({
  search: searchText('search', 255),
  // api.md writes the call as ?search=&page=: an empty page is the first page.
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: rule('integer', 'page') })
      .int(rule('integer', 'page'))
      .min(1, rule('integer', 'page'))
      .max(1_000_000, rule('integer', 'page'))
      .optional()
      .default(1),
  ),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserUpdateSchema = z.object({
  status: z.enum(['active', 'inactive'], { error: rule('in', 'status') }).optional(),
  roles: z
    .array(z.enum(ROLE_SLUGS, { error: rule('in', 'roles') }), { error: rule('in', 'roles') })
    .max(ROLE_SLUGS.length * 2, rule('in', 'roles'))
    .optional(),
  is_admin: z.boolean({ error: rule('boolean', 'is_admin') }).optional(),
  /** The company the account works for (docs/api.md, "Company work areas"); null unlinks. */
  company: companyLinkSchema.optional(),
});
export type AdminUserUpdatePayload = z.input<typeof adminUserUpdateSchema>;

/**
 * Text PostgreSQL cannot store or that is not valid Unicode: a NUL character, or half of
 * a surrogate pair. The server answers 422 on the field (docs/api.md).
 */
export function hasUnstorableText(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
