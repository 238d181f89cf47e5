import { z } from 'zod';
import { DISCIPLINES, type Discipline } from './counterpart-review-terms';
import { INSPECTION_OUTCOMES } from './company-work-terms';
import { rule } from './messages';
import { normaliseTotpCode } from './two-factor';
import { requiredText } from './text-fields';

/**
 * Passkeys and step-up for legal acts (issue 26; docs/api.md "Legal acts need a second
 * factor"; decisions 074, 075, 076).
 */

/** A step-up proof is good for one legal act within this many minutes. */
export const STEP_UP_MINUTES = 5;
/** A mailed security link (to add or remove a second factor) lives this long. */
export const SECURITY_LINK_MINUTES = 30;
export const PASSKEY_NAME_MAX = 60;
/** Why a legal act was refused (the `reason` of the 403). */
export type StepUpReason = 'step_up_required' | 'two_factor_required';

const id = z
  .number({ error: rule('integer', 'id') })
  .int(rule('integer', 'id'))
  .positive();
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, rule('in', 'content_sha256'));

/**
 * What is being signed. A passkey's challenge for the act is derived from it, so the
 * signed assertion names the act (the content's hash and discipline, the decision, the
 * inspection and its outcome).
 */
export const legalActSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('countersign'),
      registration_id: id,
      discipline: z.enum(DISCIPLINES as unknown as [Discipline, ...Discipline[]], { error: rule('in', 'discipline') }),
      content_sha256: sha256,
    }),
    z.object({
      kind: z.literal('decision'),
      registration_id: id,
      status: z.enum(['Approved', 'Rejected'], { error: rule('in', 'status') }),
    }),
    z.object({
      kind: z.literal('change_countersign'),
      change_report_id: id,
      discipline: z.enum(DISCIPLINES as unknown as [Discipline, ...Discipline[]], { error: rule('in', 'discipline') }),
      content_sha256: sha256,
    }),
    z.object({
      kind: z.literal('change_decision'),
      change_report_id: id,
      status: z.enum(['approved', 'rejected'], { error: rule('in', 'status') }),
    }),
    z.object({
      kind: z.literal('inspection_result'),
      inspection_id: id,
      outcome: z.enum(INSPECTION_OUTCOMES, { error: rule('in', 'outcome') }),
    }),
  ],
  { error: rule('in', 'act') },
);
export type LegalAct = z.output<typeof legalActSchema>;
export type LegalActKind = LegalAct['kind'];
export const INSPECTION_OUTCOME_SET: ReadonlySet<string> = new Set(INSPECTION_OUTCOMES);

/** The act as one canonical string (keys in a fixed order), hashed into the challenge. */
export function canonicalAct(act: LegalAct): string {
  switch (act.kind) {
    case 'countersign':
      return JSON.stringify([act.kind, act.registration_id, act.discipline, act.content_sha256]);
    case 'decision':
      return JSON.stringify([act.kind, act.registration_id, act.status]);
    case 'inspection_result':
      return JSON.stringify([act.kind, act.inspection_id, act.outcome]);
    case 'change_countersign':
      return JSON.stringify([act.kind, act.change_report_id, act.discipline, act.content_sha256]);
    case 'change_decision':
      return JSON.stringify([act.kind, act.change_report_id, act.status]);
  }
}

/** The registration or inspection an act is about. */
export const actRecordId = (act: LegalAct): number =>
  act.kind === 'inspection_result'
    ? act.inspection_id
    : act.kind === 'change_countersign' || act.kind === 'change_decision'
      ? act.change_report_id
      : act.registration_id;

/**
 * A WebAuthn response as @simplewebauthn/browser returns it. Only its shape is checked
 * here; the library checks the rest (and the signature) on the server.
 */
const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, rule('passkey_response', 'response'));
export const authenticationResponseSchema = z.object(
  {
    id: b64url,
    rawId: b64url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url,
      authenticatorData: b64url,
      signature: b64url,
      userHandle: b64url.optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { error: rule('passkey_response', 'response') },
);
export const registrationResponseSchema = z.object(
  {
    id: b64url,
    rawId: b64url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url,
      attestationObject: z
        .string()
        .max(16384)
        .regex(/^[A-Za-z0-9_-]*$/),
      transports: z.array(z.string().max(20)).max(10).optional(),
      authenticatorData: z.string().max(16384).optional(),
      publicKey: z.string().max(4096).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { error: rule('passkey_response', 'response') },
);

const totpCode = z
  .string(rule('required', 'code'))
  .transform(normaliseTotpCode)
  .pipe(z.string().regex(/^\d{6}$/, rule('two_factor_code', 'code')));

/** POST /api/user/step-up/options: a passkey challenge for one act. */
export const stepUpOptionsSchema = z.object({ act: legalActSchema });

/** POST /api/user/step-up: a current code (optionally bound to an act) or the passkey's assertion. */
export const stepUpSchema = z.union(
  [z.object({ code: totpCode, act: legalActSchema.optional() }), z.object({ response: authenticationResponseSchema })],
  { error: rule('two_factor_code_or_passkey', 'code') },
);

const securityToken = z
  .string({ error: rule('security_link', 'token') })
  .min(20, rule('security_link', 'token'))
  .max(100, rule('security_link', 'token'));
const passkeyName = z
  .string()
  .trim()
  .max(PASSKEY_NAME_MAX, rule('max', 'name', String(PASSKEY_NAME_MAX)))
  .optional();

/** POST /api/user/security/link: the password, for a mailed link that allows one change. */
export const securityLinkSchema = z.object({
  password: z
    .string({ error: rule('required', 'password') })
    .min(1, rule('required', 'password'))
    .max(200),
});
/** POST /api/user/passkeys/options: the mailed link's token. */
export const passkeyOptionsSchema = z.object({ token: securityToken });
/** POST /api/user/passkeys: the token, the authenticator's answer and a name. */
export const passkeyAddSchema = z.object({
  token: securityToken,
  name: passkeyName,
  response: registrationResponseSchema,
});
/** PATCH /api/user/passkeys/{id}: a new name. */
export const passkeyRenameSchema = z.object({
  name: requiredText('name', PASSKEY_NAME_MAX),
});
/** DELETE /api/user/passkeys/{id}: the token of a mailed link. */
export const passkeyRemoveSchema = z.object({ token: securityToken });
/** POST /api/user/login/passkey: the ticket of the options call and the assertion. */
export const passkeyLoginSchema = z.object({
  ticket: z
    .string({ error: rule('required', 'ticket') })
    .min(1)
    .max(200),
  response: authenticationResponseSchema,
  remember: z.boolean().default(false),
});
/** POST /api/user/login/two-factor/passkey: the password step's ticket and the assertion. */
export const twoFactorPasskeySchema = z.object({
  challenge: z
    .string({ error: rule('required', 'challenge') })
    .min(1)
    .max(100),
  response: authenticationResponseSchema,
});

// ---- Answers ---------------------------------------------------------------------------

/** PublicKeyCredentialRequestOptionsJSON / CreationOptionsJSON, passed to the browser as they are. */
export type WebAuthnOptions = Record<string, unknown> & { challenge: string };

export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export interface SecurityOverview {
  passkeys: Passkey[];
  totp: { enabled: boolean; enabled_at: string | null; recovery_codes_left: number };
  /** This account must have a second factor (its role), and is not exempt. */
  required: boolean;
  /** A step-up proof is needed for legal acts (false only for an exempt account without a factor). */
  step_up: boolean;
}
export interface StepUpAnswer {
  expires_at: string;
}
/** How a legal act was signed, as /verify shows it. */
export interface SignedWith {
  method: 'passkey' | 'code';
  /** The passkey's name as its owner gave it (null for a code). */
  passkey_name: string | null;
  at: string;
}
