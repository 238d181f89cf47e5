import { z } from 'zod';
import {
  adminUserListQuerySchema,
  adminUserUpdateSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  STATUS_COLORS,
  type LoginResponse,
  type RegisterResponse,
  type User,
} from '../auth';
import type { Role } from '../roles';
import { ROLE_SLUGS } from '../roles';
import { idParamsSchema } from '../paging';
import {
  twoFactorChallengeSchema,
  twoFactorCodeSchema,
  twoFactorConfirmSchema,
  twoFactorEnrolConfirmSchema,
  twoFactorLoginSchema,
  twoFactorSetupSchema,
  type RecoveryCodesAnswer,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type TwoFactorStep,
} from '../two-factor';
import { endpoints, type Assert, type Same } from './endpoint';
import { adminBase, errorWith, instant, nullableInstant, pagedOf } from './common';

/** Accounts: registration, sign-in (with the administrators' second step), the profile, and the administrators' user table. */

export const userCompany = z.object({ kind: z.enum(['eiet', 'pile']), id: z.number().int(), name: z.string() });
export const userAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: nullableInstant,
  phone: z.string().nullable(),
  address: z.string().nullable(),
  is_admin: z.boolean(),
  status: z.enum(['active', 'inactive']),
  created_at: instant,
  updated_at: instant,
  company: userCompany.nullable().optional(),
});
export const roleAnswer = z.object({ id: z.number().int(), name: z.string(), slug: z.enum(ROLE_SLUGS) });
const userWithRoles = z.object({ user: userAnswer, roles: z.array(roleAnswer) });
const message = z.object({ message: z.string() });

const loginAnswer = z.object({
  token: z.string(),
  user: userAnswer,
  roles: z.array(roleAnswer),
  two_factor_grace: z.boolean().optional(),
});
const twoFactorStep = z.object({
  two_factor: z.enum(['code', 'enrol']),
  challenge: z.string(),
  expires_at: instant,
  message: z.string(),
});
const registerAnswer = z.object({ verification_sent: z.literal(true), user: userAnswer, message: z.string() });
const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: nullableInstant,
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
});
const twoFactorSetup = z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() });
const recoveryCodes = z.object({ recovery_codes: z.array(z.string()), message: z.string() });

/** Per address, over all accounts (the per-address login limits are in the service: they need the database). */
export const AUTH_RATE_LIMITS = {
  login: { max: 30, timeWindow: 60_000, key: 'login' },
  register: { max: 10, timeWindow: 10 * 60_000, key: 'register' },
  resend: { max: 6, timeWindow: 60_000, key: 'resend' },
  forgot: { max: 6, timeWindow: 60_000, key: 'forgot' },
  reset: { max: 10, timeWindow: 60_000, key: 'reset' },
  twoFactor: { max: 30, timeWindow: 60_000, key: 'two-factor' },
  password: { max: 10, timeWindow: 15 * 60_000, key: 'password' },
} as const;

const tags = ['user'];
// What each group of calls shares (docs/decisions/114-declaration-bases.md).
const userBase = { tags, guard: 'user' } as const;
const verifiedBase = { tags, guard: 'verified' } as const;
/** Changing the authenticator app: one per-address counter with the sign-in's second step (decision 046). */
const twoFactorBase = { ...verifiedBase, rateLimit: AUTH_RATE_LIMITS.twoFactor } as const;
/** The second step of a sign-in, before there is a token. */
const signInBase = { tags, rateLimit: AUTH_RATE_LIMITS.twoFactor } as const;
const PROFILE_DESCRIPTION =
  '`current_password` is needed when the e-mail or the password changes. A new e-mail or password revokes every other token; the “changed” notices go to the old address, the verification link to the new one (`verification_sent: true`). `locale` (`en`/`my`) sets the account’s mail language.';
const alreadySetUp = { 409: 'Two-step sign-in is already set up for this account.' };
const notVerified = errorWith(
  'A deactivated account (`status: "inactive"`), or an unverified one (`verification_required`, with the account); told only after the right password. A wrong e-mail or password is a 422 on `email`.',
  {
    status: z.literal('inactive').optional(),
    verification_required: z.literal(true).optional(),
    user: userAnswer.optional(),
  },
);

/** POST and PUT /api/user/profile are one call under two methods. */
const profileChange = {
  ...userBase,
  description: PROFILE_DESCRIPTION,
  body: profileUpdateSchema,
  answers: {
    200: z.object({ user: userAnswer, message: z.string(), verification_sent: z.boolean().optional() }),
  },
} as const;

export const accountEndpoints = endpoints({
  'POST /api/user/register': {
    operationId: 'register',
    summary: 'Create an account; a verification mail is sent.',
    description:
      'The e-mail is unique ignoring case. The password (8–256 characters, checked whole) is refused when it is common (`password_common`), built from the account’s name, e-mail or the site’s words (`password_personal`), or weak by zxcvbn (`password_weak`). `terms` takes true, 1, "1", "on", "yes" or "true".',
    tags,
    rateLimit: AUTH_RATE_LIMITS.register,
    body: registerSchema,
    answers: { 201: registerAnswer },
  },
  'POST /api/user/login': {
    operationId: 'login',
    summary: 'Sign in: a token, or (administrators) the second step to take.',
    description:
      'A wrong password and an unknown address get the same 422 on `email`, in the same time. A token lives 1 day (30 with `remember: true`), sliding with use but never past that. Besides the per-address limit, attempts are counted before the password is checked: 5 a minute per e-mail and address; per e-mail, growing delays (2, 4, 8 ... s, at most 60) after 10 attempts of a streak, with a mail to the owner; a browser that signed in before (`hpbc_device` cookie) has 10 attempts in 15 minutes of its own. An administrator with two-step sign-in gets `{two_factor: "code", challenge}`, one without it after the grace sign-in `{two_factor: "enrol", challenge}`: the ticket lives 10 minutes.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.login,
    body: loginSchema,
    answers: { 200: z.union([loginAnswer, twoFactorStep]) },
    errors: { 403: notVerified },
  },
  'POST /api/user/login/two-factor': {
    ...signInBase,
    operationId: 'loginTwoFactor',
    summary: 'The second step of an administrator’s sign-in: a code from the app, or a recovery code.',
    description:
      'A code is good for its 30-second step or one either side, once per account. 422 on `code`, `recovery_code` (wrong or used) or `challenge` (unknown, expired or spent). Per account, after 5 wrong attempts each must wait 2, 4, 8 ... s (at most 15 minutes; 429).',
    body: twoFactorLoginSchema,
    answers: { 200: loginAnswer.extend({ recovery_codes_left: z.number().int().optional() }) },
  },
  'POST /api/user/login/two-factor/setup': {
    ...signInBase,
    operationId: 'loginTwoFactorSetup',
    summary: 'During sign-in, start setting up the authenticator app (an administrator without it).',
    body: twoFactorChallengeSchema,
    answers: { 200: twoFactorSetup },
    errors: alreadySetUp,
  },
  'POST /api/user/login/two-factor/confirm': {
    ...signInBase,
    operationId: 'loginTwoFactorConfirm',
    summary: 'During sign-in, confirm the app with its first code: a token and the recovery codes.',
    body: twoFactorEnrolConfirmSchema,
    answers: { 200: loginAnswer.extend({ recovery_codes: z.array(z.string()), message: z.string() }) },
    errors: alreadySetUp,
  },
  'POST /api/user/logout': {
    ...userBase,
    operationId: 'logout',
    summary: 'Sign out: this token is revoked (the account’s other tokens stay).',
    answers: { 200: message },
  },
  'POST /api/user/email/verification/resend': {
    operationId: 'resendVerification',
    summary: 'Send the verification mail again (the same answer whether or not the account exists).',
    description:
      'At most one mail per account a minute; nothing to an unknown, inactive or verified account; at least 250 ms whatever happens. A new link supersedes the earlier ones.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.resend,
    body: resendVerificationSchema,
    answers: { 200: z.object({ verification_sent: z.literal(true), message: z.string() }) },
  },
  'GET /api/user/email/verify/:id/:hash': {
    operationId: 'verifyEmail',
    summary: 'The verification link of the mail.',
    tags,
    params: z.object({ id: z.string(), hash: z.string() }),
    // A repeated or odd parameter is only a bad link (403), never a 422.
    query: z.object({
      expires: z.string().optional().catch(undefined),
      signature: z.string().optional().catch(undefined),
    }),
    answers: { 200: z.object({ verified: z.boolean(), already: z.boolean().optional(), message: z.string() }) },
    errors: {
      403: errorWith('The link is wrong, has expired (60 minutes), was used, or was superseded by a newer one.', {
        verified: z.literal(false),
      }),
    },
  },
  'POST /api/user/forgot-password': {
    operationId: 'forgotPassword',
    summary: 'Mail a password-reset link (the same answer whether or not the account exists).',
    description:
      'At most one mail per account a minute; at least 250 ms whatever happens. The link works once, for 60 minutes; a new request supersedes it.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.forgot,
    body: forgotPasswordSchema,
    answers: { 200: message },
  },
  'POST /api/user/reset-password': {
    operationId: 'resetPassword',
    summary: 'Set a new password with the token of the reset mail.',
    description:
      'A wrong, used, superseded or expired token (or an address with no account) is a 422 on `token`. Every token of the account is revoked, its sign-in counters cleared, and a “password changed” mail sent.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.reset,
    body: resetPasswordSchema,
    answers: { 200: message },
  },
  'GET /api/user/two-factor': {
    ...verifiedBase,
    operationId: 'getTwoFactor',
    summary: 'Whether the caller has two-step sign-in, and how many recovery codes are left.',
    answers: { 200: twoFactorStatus },
  },
  'POST /api/user/two-factor/setup': {
    ...twoFactorBase,
    operationId: 'setupTwoFactor',
    summary: 'Start setting up the authenticator app with the mailed link (issue 26): its secret and QR code.',
    body: twoFactorSetupSchema,
    answers: { 200: twoFactorSetup },
    errors: alreadySetUp,
  },
  'POST /api/user/two-factor/confirm': {
    ...twoFactorBase,
    operationId: 'confirmTwoFactor',
    summary: 'Confirm the app with its first code and the mailed link; answers the recovery codes once.',
    body: twoFactorConfirmSchema,
    answers: { 200: recoveryCodes },
    errors: alreadySetUp,
  },
  'POST /api/user/two-factor/recovery-codes': {
    ...twoFactorBase,
    operationId: 'regenerateRecoveryCodes',
    summary: 'Replace the recovery codes (needs a current code).',
    body: twoFactorCodeSchema,
    answers: { 200: recoveryCodes },
  },
  // The current user, profile and status answer unverified accounts too: the verify screen needs them.
  'GET /api/user': {
    ...userBase,
    operationId: 'getCurrentUser',
    summary: 'The signed-in account and its roles.',
    answers: { 200: userWithRoles },
  },
  'GET /api/user/profile': {
    ...userBase,
    operationId: 'getProfile',
    summary: 'The signed-in account and its roles (the same as GET /api/user).',
    answers: { 200: userWithRoles },
  },
  'GET /api/user/status': {
    ...userBase,
    operationId: 'getUserStatus',
    summary: 'The account’s status chips (verification, reviews waiting, a company’s new requests ...).',
    description:
      'Keys `account`, `email`, `roles`, `admin` (administrators only); `reviews_waiting` for counterparts (gray at 0, yellow, red when one is overdue); `changes_requested` when the caller’s registrations are returned for changes; `new_requests` (and `inspections_this_week` for EIET) for a company’s account. Labels follow Accept-Language.',
    answers: {
      200: z.object({ status: z.record(z.string(), z.object({ label: z.string(), color: z.enum(STATUS_COLORS) })) }),
    },
  },
  'POST /api/user/profile': {
    operationId: 'updateProfile',
    summary: 'Change the name, e-mail, phone, address or password (a new e-mail is verified again).',
    ...profileChange,
  },
  'PUT /api/user/profile': {
    operationId: 'replaceProfile',
    summary: 'The same as POST /api/user/profile.',
    ...profileChange,
  },
  'PUT /api/user/password': {
    ...verifiedBase,
    operationId: 'changePassword',
    summary: 'Change the password (needs the current one); every other session is signed out.',
    rateLimit: AUTH_RATE_LIMITS.password,
    body: passwordChangeSchema,
    answers: { 200: message },
  },
  'GET /api/admin/users': {
    ...adminBase,
    operationId: 'adminListUsers',
    summary: 'Every account, filtered and paged.',
    description:
      'Ordered by id, 20 a page; `search` matches name or e-mail ignoring case (`%` and `_` are plain). A page past the end answers `data: []`.',
    query: adminUserListQuerySchema,
    answers: { 200: pagedOf(userAnswer.extend({ roles: z.array(roleAnswer) })) },
  },
  'PATCH /api/admin/users/:id': {
    ...adminBase,
    operationId: 'adminUpdateUser',
    summary: 'Activate or deactivate an account, make or unmake an administrator, set its roles and company.',
    description:
      '`roles` replaces the set. Deactivating or un-admining one’s own account is a 422, as is an unknown company. Deactivation takes effect at once (the next call is a 401 with `status: "inactive"`); reactivation deletes the old tokens.',
    params: idParamsSchema,
    body: adminUserUpdateSchema,
    answers: { 200: userWithRoles },
    errors: { 404: 'No such account.' },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof userAnswer>, User>>,
  Assert<Same<z.output<typeof roleAnswer>, Role>>,
  Assert<Same<Omit<z.output<typeof loginAnswer>, 'two_factor_grace'>, LoginResponse>>,
  Assert<Same<z.output<typeof twoFactorStep>, TwoFactorStep>>,
  Assert<Same<z.output<typeof registerAnswer>, RegisterResponse>>,
  Assert<Same<z.output<typeof twoFactorStatus>, TwoFactorStatus>>,
  Assert<Same<z.output<typeof twoFactorSetup>, TwoFactorSetup>>,
  Assert<Same<z.output<typeof recoveryCodes>, RecoveryCodesAnswer>>,
];
