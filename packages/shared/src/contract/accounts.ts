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
import { endpoints, type Same } from './endpoint';
import { errorWith, instant, nullableInstant, pagedOf } from './common';

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
const notVerified = errorWith(
  'Wrong e-mail or password, a deactivated account (`status: "inactive"`), or an unverified one (`verification_required`, with the account).',
  {
    status: z.literal('inactive').optional(),
    verification_required: z.literal(true).optional(),
    user: userAnswer.optional(),
  },
);

export const accountEndpoints = endpoints({
  'POST /api/user/register': {
    operationId: 'register',
    summary: 'Create an account; a verification mail is sent.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.register,
    body: registerSchema,
    answers: { 201: registerAnswer },
  },
  'POST /api/user/login': {
    operationId: 'login',
    summary: 'Sign in: a token, or (administrators) the second step to take.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.login,
    body: loginSchema,
    answers: { 200: z.union([loginAnswer, twoFactorStep]) },
    errors: { 403: notVerified },
  },
  'POST /api/user/login/two-factor': {
    operationId: 'loginTwoFactor',
    summary: 'The second step of an administrator’s sign-in: a code from the app, or a recovery code.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.twoFactor,
    body: twoFactorLoginSchema,
    answers: { 200: loginAnswer.extend({ recovery_codes_left: z.number().int().optional() }) },
  },
  'POST /api/user/login/two-factor/setup': {
    operationId: 'loginTwoFactorSetup',
    summary: 'During sign-in, start setting up the authenticator app (an administrator without it).',
    tags,
    rateLimit: AUTH_RATE_LIMITS.twoFactor,
    body: twoFactorChallengeSchema,
    answers: { 200: twoFactorSetup },
  },
  'POST /api/user/login/two-factor/confirm': {
    operationId: 'loginTwoFactorConfirm',
    summary: 'During sign-in, confirm the app with its first code: a token and the recovery codes.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.twoFactor,
    body: twoFactorEnrolConfirmSchema,
    answers: { 200: loginAnswer.extend({ recovery_codes: z.array(z.string()), message: z.string() }) },
  },
  'POST /api/user/logout': {
    operationId: 'logout',
    summary: 'Sign out: the token is revoked.',
    tags,
    guard: 'user',
    answers: { 200: message },
  },
  'POST /api/user/email/verification/resend': {
    operationId: 'resendVerification',
    summary: 'Send the verification mail again (the same answer whether or not the account exists).',
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
    errors: { 403: errorWith('The link is wrong or has expired.', { verified: z.literal(false) }) },
  },
  'POST /api/user/forgot-password': {
    operationId: 'forgotPassword',
    summary: 'Mail a password-reset link (the same answer whether or not the account exists).',
    tags,
    rateLimit: AUTH_RATE_LIMITS.forgot,
    body: forgotPasswordSchema,
    answers: { 200: message },
  },
  'POST /api/user/reset-password': {
    operationId: 'resetPassword',
    summary: 'Set a new password with the token of the reset mail.',
    tags,
    rateLimit: AUTH_RATE_LIMITS.reset,
    body: resetPasswordSchema,
    answers: { 200: message },
  },
  'GET /api/user/two-factor': {
    operationId: 'getTwoFactor',
    summary: 'Whether the caller has two-step sign-in, and how many recovery codes are left.',
    tags,
    guard: 'verified',
    answers: { 200: twoFactorStatus },
  },
  'POST /api/user/two-factor/setup': {
    operationId: 'setupTwoFactor',
    summary: 'Start setting up the authenticator app with the mailed link (issue 26): its secret and QR code.',
    tags,
    guard: 'verified',
    rateLimit: AUTH_RATE_LIMITS.twoFactor,
    body: twoFactorSetupSchema,
    answers: { 200: twoFactorSetup },
  },
  'POST /api/user/two-factor/confirm': {
    operationId: 'confirmTwoFactor',
    summary: 'Confirm the app with its first code and the mailed link; answers the recovery codes once.',
    tags,
    guard: 'verified',
    rateLimit: AUTH_RATE_LIMITS.twoFactor,
    body: twoFactorConfirmSchema,
    answers: { 200: recoveryCodes },
  },
  'POST /api/user/two-factor/recovery-codes': {
    operationId: 'regenerateRecoveryCodes',
    summary: 'Replace the recovery codes (needs a current code).',
    tags,
    guard: 'verified',
    rateLimit: AUTH_RATE_LIMITS.twoFactor,
    body: twoFactorCodeSchema,
    answers: { 200: recoveryCodes },
  },
  // The current user, profile and status answer unverified accounts too: the verify screen needs them.
  'GET /api/user': {
    operationId: 'getCurrentUser',
    summary: 'The signed-in account and its roles.',
    tags,
    guard: 'user',
    answers: { 200: userWithRoles },
  },
  'GET /api/user/profile': {
    operationId: 'getProfile',
    summary: 'The signed-in account and its roles (the same as GET /api/user).',
    tags,
    guard: 'user',
    answers: { 200: userWithRoles },
  },
  'GET /api/user/status': {
    operationId: 'getUserStatus',
    summary: 'The account’s status chips (verification, reviews waiting, a company’s new requests ...).',
    tags,
    guard: 'user',
    answers: {
      200: z.object({ status: z.record(z.string(), z.object({ label: z.string(), color: z.enum(STATUS_COLORS) })) }),
    },
  },
  'POST /api/user/profile': {
    operationId: 'updateProfile',
    summary: 'Change the name, e-mail, phone, address or password (a new e-mail is verified again).',
    tags,
    guard: 'user',
    body: profileUpdateSchema,
    answers: {
      200: z.object({ user: userAnswer, message: z.string(), verification_sent: z.boolean().optional() }),
    },
  },
  'PUT /api/user/profile': {
    operationId: 'replaceProfile',
    summary: 'The same as POST /api/user/profile.',
    tags,
    guard: 'user',
    body: profileUpdateSchema,
    answers: {
      200: z.object({ user: userAnswer, message: z.string(), verification_sent: z.boolean().optional() }),
    },
  },
  'PUT /api/user/password': {
    operationId: 'changePassword',
    summary: 'Change the password (needs the current one); every other session is signed out.',
    tags,
    guard: 'verified',
    rateLimit: AUTH_RATE_LIMITS.password,
    body: passwordChangeSchema,
    answers: { 200: message },
  },
  'GET /api/admin/users': {
    operationId: 'adminListUsers',
    summary: 'Every account, filtered and paged.',
    tags: ['admin'],
    guard: 'admin',
    query: adminUserListQuerySchema,
    answers: { 200: pagedOf(userAnswer.extend({ roles: z.array(roleAnswer) })) },
  },
  'PATCH /api/admin/users/:id': {
    operationId: 'adminUpdateUser',
    summary: 'Activate or deactivate an account, make or unmake an administrator, set its roles and company.',
    tags: ['admin'],
    guard: 'admin',
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
type Assert<T extends true> = T;
