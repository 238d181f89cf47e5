import { z } from 'zod';
import { rule } from './messages';

/**
 * Two-step sign-in for administrators (docs/api.md "Two-step sign-in", decision 046):
 * a TOTP code (RFC 6238: SHA-1, 6 digits, 30 s) from an authenticator app, or a one-time
 * recovery code.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the ticket between the password and the code step lives. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;

/** Burmese digits and spaces are accepted; the code is compared as 6 Latin digits. */
export function normaliseTotpCode(value: string): string {
  return value.replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - 0x1040)).replace(/[\s-]/g, '');
}
/**
 * Recovery codes are compared without case, spaces or dashes, and with Burmese digits read
 * as Latin ones (a Burmese keyboard types ၁၂၃), as `normaliseTotpCode` does.
 */
export function normaliseRecoveryCode(value: string): string {
  return normaliseTotpCode(value).toLowerCase();
}

const totpCode = z
  .string(rule('required', 'code'))
  .transform(normaliseTotpCode)
  .pipe(z.string().regex(/^\d{6}$/, rule('two_factor_code', 'code')));

/**
 * The token of the link mailed to the account's address: setting up a second factor needs
 * the password and this link (issue 24 hole 2; docs/decisions/076).
 */
const securityToken = z.string().max(100).optional();

/** POST /api/user/two-factor/recovery-codes: a current code from the app. */
export const twoFactorCodeSchema = z.object({ code: totpCode });
/** POST /api/user/two-factor/setup: the mailed link's token. */
export const twoFactorSetupSchema = z.object({ security: securityToken });
/** POST /api/user/two-factor/confirm: the first code of the new app, and the mailed link's token. */
export const twoFactorConfirmSchema = z.object({ code: totpCode, security: securityToken });

/** POST /api/user/login/two-factor: the ticket of the password step and a code or a recovery code. */
export const twoFactorLoginSchema = z
  .object({
    challenge: z
      .string({ error: rule('required', 'challenge') })
      .min(1, rule('required', 'challenge'))
      .max(100),
    code: z.string().max(20).optional(),
    recovery_code: z.string().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.code?.trim() && !v.recovery_code?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: rule('two_factor_code_or_recovery', 'code') });
    }
  });

/** POST /api/user/login/two-factor/setup and /confirm: the enrolment ticket (and, to confirm, a code). */
export const twoFactorChallengeSchema = z.object({
  challenge: z
    .string({ error: rule('required', 'challenge') })
    .min(1, rule('required', 'challenge'))
    .max(100),
  security: securityToken,
});
export const twoFactorEnrolConfirmSchema = twoFactorChallengeSchema.extend({ code: totpCode });

export { isTwoFactorStep, type AdminLoginResponse, type LoginAnswer, type TwoFactorStep } from './two-factor-answer';

export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** True when this account must set it up at its next sign-in (its grace sign-in is used). */
  required: boolean;
}
export interface TwoFactorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as an SVG QR code (a data: URL, allowed by the CSP's img-src). */
  qr_data_url: string;
}
export interface RecoveryCodesAnswer {
  recovery_codes: string[];
  message: string;
}
