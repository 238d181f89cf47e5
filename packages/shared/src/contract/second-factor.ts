import { z } from 'zod';
import type { LoginResponse } from '../auth';
import { idParamsSchema } from '../paging';
import {
  passkeyAddSchema,
  passkeyOptionsSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeyLoginSchema,
  securityLinkSchema,
  stepUpOptionsSchema,
  stepUpSchema,
  twoFactorPasskeySchema,
  type Passkey,
  type SecurityOverview,
  type SignedWith,
} from '../second-factor';
import { dataOf, errorWith, instant, nullableInstant } from './common';
import { emptyAnswer, endpoints, type Assert, type Same } from './endpoint';
import { AUTH_RATE_LIMITS, roleAnswer, userAnswer } from './accounts';

/**
 * Passkeys, signing in with one, step-up proofs for legal acts, and the mailed link every
 * change of a second factor needs (issue 26; docs/decisions/074-076).
 */

const tags = ['second-factor'];
// What each group of calls shares (docs/decisions/114-declaration-bases.md). The two-step
// endpoints share one per-address counter with the authenticator app's (decision 046).
const verifiedBase = { tags, guard: 'verified' } as const;
/** A change of the caller's second factors, or a proof of one. */
const twoFactorBase = { ...verifiedBase, rateLimit: AUTH_RATE_LIMITS.twoFactor } as const;
/** Signing in with a passkey, before there is a token. */
const signInBase = { tags, rateLimit: AUTH_RATE_LIMITS.twoFactor } as const;

export const signedWith = z.object({
  method: z.enum(['passkey', 'code']),
  passkey_name: z.string().nullable(),
  at: instant,
});

/** The 403 of a legal act without a fresh proof, or without any second factor. */
export const stepUpRefused = errorWith(
  'A legal act without a second-factor proof of the last 5 minutes made for it (`reason: "step_up_required"`), or by an account without a second factor (`reason: "two_factor_required"`).',
  { reason: z.enum(['step_up_required', 'two_factor_required']) },
);

const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: instant,
  last_used_at: nullableInstant,
});
const securityOverview = z.object({
  passkeys: z.array(passkey),
  totp: z.object({ enabled: z.boolean(), enabled_at: nullableInstant, recovery_codes_left: z.number().int() }),
  required: z.boolean(),
  step_up: z.boolean(),
});
/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, for navigator.credentials. */
const webAuthnOptions = z.looseObject({ challenge: z.string() });
/** The login's answer (docs/api.md "Sign-in"), which a passkey sign-in gives too. */
const signedIn = z.object({ token: z.string(), user: userAnswer, roles: z.array(roleAnswer) });
const badLink = {
  422: 'The mailed link (`token`) is unknown, expired or used; or the authenticator\u2019s answer was refused.',
};

export const secondFactorEndpoints = endpoints({
  'GET /api/user/security': {
    ...verifiedBase,
    operationId: 'getSecurity',
    summary: 'The caller\u2019s passkeys and authenticator app, and whether a second factor is required of them.',
    answers: { 200: dataOf(securityOverview) },
  },
  'POST /api/user/security/link': {
    ...twoFactorBase,
    operationId: 'mailSecurityLink',
    summary: 'For the password, mail a link (30 minutes, used once) that allows one change of the second factors.',
    body: securityLinkSchema,
    answers: { 200: z.object({ message: z.string() }) },
  },
  'POST /api/user/passkeys/options': {
    ...twoFactorBase,
    operationId: 'passkeyRegistrationOptions',
    summary: 'WebAuthn creation options for a new passkey (needs the mailed link\u2019s token).',
    body: passkeyOptionsSchema,
    answers: { 200: dataOf(webAuthnOptions) },
    errors: badLink,
  },
  'POST /api/user/passkeys': {
    ...twoFactorBase,
    operationId: 'addPasskey',
    summary: 'Register the authenticator\u2019s answer as a passkey; the owner is mailed and the change audited.',
    body: passkeyAddSchema,
    answers: { 201: dataOf(passkey) },
    errors: badLink,
  },
  'PATCH /api/user/passkeys/:id': {
    ...verifiedBase,
    operationId: 'renamePasskey',
    summary: 'Rename one of the caller\u2019s passkeys.',
    params: idParamsSchema,
    body: passkeyRenameSchema,
    answers: { 200: dataOf(passkey) },
    errors: { 404: 'Not a passkey of the caller.' },
  },
  'DELETE /api/user/passkeys/:id': {
    ...twoFactorBase,
    operationId: 'removePasskey',
    summary: 'Remove one of the caller\u2019s passkeys (needs the mailed link\u2019s token); mailed and audited.',
    params: idParamsSchema,
    body: passkeyRemoveSchema,
    answers: { 204: emptyAnswer('Removed.') },
    errors: { 404: 'Not a passkey of the caller.', ...badLink },
  },
  'POST /api/user/login/passkey/options': {
    ...signInBase,
    operationId: 'passkeySignInOptions',
    summary: 'WebAuthn request options for signing in with a passkey alone (discoverable credentials).',
    answers: { 200: dataOf(webAuthnOptions) },
  },
  'POST /api/user/login/passkey': {
    ...signInBase,
    operationId: 'signInWithPasskey',
    summary: 'Sign in with a passkey\u2019s assertion; answers as the login does.',
    body: passkeyLoginSchema.omit({ ticket: true }),
    answers: { 200: signedIn },
    errors: { 422: 'The assertion was refused (unknown passkey, spent challenge, wrong origin or signature).' },
  },
  'POST /api/user/login/two-factor/passkey/options': {
    ...signInBase,
    operationId: 'passkeySecondStepOptions',
    summary: 'WebAuthn request options for the second step of a password sign-in (its ticket).',
    body: twoFactorPasskeySchema.pick({ challenge: true }),
    answers: { 200: dataOf(webAuthnOptions) },
  },
  'POST /api/user/login/two-factor/passkey': {
    ...signInBase,
    operationId: 'passkeySecondStep',
    summary: 'Finish a password sign-in with a passkey; answers as the login does.',
    body: twoFactorPasskeySchema,
    answers: { 200: signedIn },
  },
  'POST /api/user/step-up/options': {
    ...twoFactorBase,
    operationId: 'stepUpOptions',
    summary:
      'WebAuthn request options for one legal act: the challenge is 16 random bytes followed by SHA-256 of the act.',
    body: stepUpOptionsSchema,
    answers: { 200: dataOf(webAuthnOptions) },
    errors: { 403: stepUpRefused },
  },
  'POST /api/user/step-up': {
    ...twoFactorBase,
    operationId: 'stepUp',
    summary:
      'Prove the second factor for a legal act: a current code, or the passkey\u2019s assertion for the act\u2019s challenge. Good for one act within 5 minutes.',
    body: stepUpSchema,
    answers: { 200: z.object({ expires_at: instant }) },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof passkey>, Passkey>>,
  Assert<Same<z.output<typeof securityOverview>, SecurityOverview>>,
  Assert<Same<z.output<typeof signedWith>, SignedWith>>,
  Assert<Same<z.output<typeof signedIn>, LoginResponse>>,
];
