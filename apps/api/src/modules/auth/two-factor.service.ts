import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  messageCode,
  normaliseRecoveryCode,
  normaliseTotpCode,
  PRODUCT,
  RECOVERY_CODE_COUNT,
  renderMessage,
  rule,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type Locale,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type TwoFactorStep,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { HttpError, ValidationError } from '../../lib/http-errors';
import { rateCounter } from '../../lib/rate-counter';
import { secretBox } from '../../lib/secret-box';
import { newToken, sha256Hex } from '../../lib/tokens';
import { tooManyAttempts } from './login-throttle';
import { securityLinks, securityNotice } from '../second-factor/security-notice';
import { exemptionOf, hasSecondFactor, mustHaveSecondFactor } from '../second-factor/who-must';
import { twoFactorRepository, type ChallengePurpose } from './two-factor.repository';

/**
 * Two-step sign-in for administrators (docs/decisions/046-admin-two-factor.md).
 *
 * - An administrator with two-step sign-in set up gets a ticket (`challenge`) instead of a
 *   token from the password step, and the token for a code or a recovery code.
 * - One who has not set it up signs in once as before (the grace sign-in, marked in the
 *   answer); after that the password step gives an enrolment ticket, and the token comes
 *   with the first code from the newly set-up app.
 * - Accounts in TWO_FACTOR_EXEMPT_EMAILS (by default, with demo data, the demo
 *   administrator) are never made to enrol, but once enrolled they need the code too.
 *
 * Codes are limited per account, counted in the database (lib/rate-counter.ts): the first
 * CODE_LIMITS.free wrong codes of a streak pass at once, then each attempt waits 2, 4, 8 ...
 * seconds, at most 15 minutes; a right code ends the streak. A code's 30-second step is
 * accepted once (a seen code cannot be replayed), and a recovery code once.
 */
export const CODE_LIMITS = { free: 5, capMs: 15 * 60 * 1000, streakMs: 24 * 3600 * 1000 } as const;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface SignInUser {
  id: number;
  email: string;
  isAdmin: boolean;
}

export type AfterPassword =
  | { kind: 'token'; grace: boolean }
  | { kind: 'step'; step: Omit<TwoFactorStep, 'message'> & { purpose: ChallengePurpose } };

export function twoFactorService(deps: Pick<ModuleDeps, 'config' | 'database' | 'now' | 'mail'>) {
  const { config, now } = deps;
  const repo = twoFactorRepository(deps.database);
  const counter = rateCounter(deps.database, now);
  const box = secretBox(config.appSecret, 'two-factor-totp');
  const notify = securityNotice(deps);
  const links = securityLinks(deps);
  const isExempt = exemptionOf(config.twoFactorExemptEmails);

  const totpFor = (base32: string, email = '') =>
    new TOTP({
      issuer: PRODUCT.short,
      label: email,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      secret: Secret.fromBase32(base32),
    });

  /** The 30-second step the code belongs to (now, or one step either side), or null. */
  function stepOf(sealed: string, code: string, at: Date): number | null {
    const delta = totpFor(box.open(sealed)).validate({ token: code, timestamp: at.getTime(), window: 1 });
    if (delta === null) return null;
    return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S) + delta;
  }

  async function limited(userId: number): Promise<void> {
    const claim = await counter.claim(`2fa:${userId}`, CODE_LIMITS);
    if (!claim.allowed) throw tooManyAttempts(claim.retryAfterMs / 1000);
  }
  const cleared = (userId: number) => counter.clear(`2fa:${userId}`);

  function recoveryCodes(): { codes: string[]; hashes: string[] } {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
    return { codes, hashes: codes.map((c) => sha256Hex(normaliseRecoveryCode(c))) };
  }

  async function challenge(userId: number, purpose: ChallengePurpose, remember: boolean) {
    const at = now();
    const { token, hash } = newToken();
    const expiresAt = new Date(at.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60 * 1000);
    await repo.insertChallenge({ userId, tokenHash: hash, purpose, remember, expiresAt, now: at });
    return {
      two_factor: purpose === 'sign_in' ? ('code' as const) : ('enrol' as const),
      challenge: token,
      expires_at: expiresAt.toISOString(),
      purpose,
    };
  }

  const badChallenge = () => new ValidationError({ challenge: [rule('two_factor_challenge', 'challenge')] });

  async function liveChallenge(token: string, purpose: ChallengePurpose) {
    const row = await repo.findChallenge(sha256Hex(token), purpose, now());
    if (!row) throw badChallenge();
    return row;
  }

  async function spend(id: number): Promise<void> {
    if (!(await repo.spendChallenge(id, now()))) throw badChallenge();
  }

  async function beginSetup(user: { id: number; email: string }): Promise<TwoFactorSetup> {
    const s = await repo.settings(user.id);
    if (s?.enabledAt) throw new HttpError(409, messageCode('two_factor_enabled'));
    const secret = new Secret({ size: 20 }).base32;
    await repo.setPending(user.id, box.seal(secret), now());
    const otpauthUrl = totpFor(secret, user.email).toString();
    // Loaded on first use: few requests need it, every start would pay for it.
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauth_url: otpauthUrl,
      qr_data_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  async function confirmSetup(userId: number, code: string): Promise<string[]> {
    const s = await repo.settings(userId);
    if (s?.enabledAt) throw new HttpError(409, messageCode('two_factor_enabled'));
    if (!s?.pendingSecret) throw new ValidationError({ code: [rule('two_factor_no_setup', 'code')] });
    await limited(userId);
    const at = now();
    const step = stepOf(s.pendingSecret, code, at);
    if (step === null) throw new ValidationError({ code: [rule('two_factor_code', 'code')] });
    const { codes, hashes } = recoveryCodes();
    if (!(await repo.enable(userId, s.pendingSecret, step, hashes, at))) {
      throw new ValidationError({ code: [rule('two_factor_no_setup', 'code')] });
    }
    await cleared(userId);
    const owner = await ownerOf(userId);
    if (owner) await notify(owner, 'totp_enabled');
    return codes;
  }

  async function ownerOf(userId: number) {
    const [row] = await deps.database.query<{ id: number; name: string; email: string; locale: string }>(
      'SELECT id, name, email, locale FROM users WHERE id = $1',
      [userId],
    );
    return row;
  }

  /** A current code from the enabled app, used once. */
  async function checkCurrentCode(userId: number, code: string): Promise<void> {
    const s = await repo.settings(userId);
    if (!s?.secret || !s.enabledAt) throw new ValidationError({ code: [rule('two_factor_no_setup', 'code')] });
    await limited(userId);
    const at = now();
    const step = stepOf(s.secret, code, at);
    if (step === null || !(await repo.takeStep(userId, step, at))) {
      throw new ValidationError({ code: [rule('two_factor_code', 'code')] });
    }
    await cleared(userId);
  }

  return {
    /**
     * After the right password: a token as before, or a second step for an account with a
     * second factor, or one that must have one (administrators, national counterparts,
     * company members: issue 26) and has used its grace sign-in. The enrolment step mails
     * the link that the set-up needs besides the password (issue 24 hole 2).
     */
    async afterPassword(
      user: SignInUser & { name: string; locale: string },
      remember: boolean,
    ): Promise<AfterPassword> {
      if (await hasSecondFactor(deps.database, user.id)) {
        return { kind: 'step', step: await challenge(user.id, 'sign_in', remember) };
      }
      if (!(await mustHaveSecondFactor(deps.database, user.id))) return { kind: 'token', grace: false };
      if (isExempt(user.email)) return { kind: 'token', grace: false };
      if (await repo.takeGrace(user.id, now())) return { kind: 'token', grace: true };
      const last = await links.lastSentAt(user.id);
      if (!last || now().getTime() - last.getTime() >= 60_000) await links.send(user, '/login');
      return { kind: 'step', step: await challenge(user.id, 'enrol', remember) };
    },

    /** A live sign-in ticket (the password step's), for the passkey second step. */
    liveSignInTicket: (token: string) => liveChallenge(token, 'sign_in'),
    spendTicket: spend,
    checkCurrentCode,

    stepMessage(purpose: ChallengePurpose, locale: Locale): string {
      return renderMessage(
        messageCode(purpose === 'sign_in' ? 'two_factor_sign_in' : 'two_factor_enrol_mailed'),
        locale,
      );
    },

    /** The code step of a sign-in: a code or a recovery code for the ticket; returns whom to sign in. */
    async verifySignIn(input: { challenge: string; code?: string; recovery_code?: string }) {
      const ticket = await liveChallenge(input.challenge, 'sign_in');
      const s = await repo.settings(ticket.userId);
      if (!s?.secret || !s.enabledAt) throw badChallenge();
      await limited(ticket.userId);
      const at = now();
      let usedRecovery = false;
      if (input.code?.trim()) {
        const code = normaliseTotpCode(input.code);
        const step = /^\d{6}$/.test(code) ? stepOf(s.secret, code, at) : null;
        if (step === null || !(await repo.takeStep(ticket.userId, step, at))) {
          throw new ValidationError({ code: [rule('two_factor_code', 'code')] });
        }
      } else {
        const hash = sha256Hex(normaliseRecoveryCode(input.recovery_code ?? ''));
        if (!(await repo.useRecoveryCode(ticket.userId, hash, at))) {
          throw new ValidationError({ recovery_code: [rule('two_factor_recovery_code', 'recovery_code')] });
        }
        usedRecovery = true;
      }
      await spend(ticket.id);
      await cleared(ticket.userId);
      const left = usedRecovery ? await repo.recoveryCodesLeft(ticket.userId) : undefined;
      if (left !== undefined) {
        const owner = await ownerOf(ticket.userId);
        if (owner) await notify(owner, 'recovery_code_used', { left });
      }
      return { userId: ticket.userId, remember: ticket.remember, recoveryCodesLeft: left };
    },

    /**
     * Enrolment during sign-in (the grace sign-in is used): the QR code for the ticket's
     * account, for the ticket (the password) and the link mailed to the account's address.
     */
    async setupBySignIn(
      token: string,
      securityToken: string | undefined,
      email: (userId: number) => Promise<string>,
    ): Promise<TwoFactorSetup> {
      const ticket = await liveChallenge(token, 'enrol');
      await links.check(ticket.userId, securityToken);
      return beginSetup({ id: ticket.userId, email: await email(ticket.userId) });
    },

    /** The first code of the new app ends the enrolment and the sign-in; the mailed link is used. */
    async confirmBySignIn(token: string, securityToken: string | undefined, code: string) {
      const ticket = await liveChallenge(token, 'enrol');
      await links.check(ticket.userId, securityToken);
      const codes = await confirmSetup(ticket.userId, code);
      await links.use(ticket.userId, securityToken);
      await spend(ticket.id);
      return { userId: ticket.userId, remember: ticket.remember, recoveryCodes: codes };
    },

    async status(userId: number): Promise<TwoFactorStatus> {
      const s = await repo.settings(userId);
      return {
        enabled: Boolean(s?.enabledAt),
        enabled_at: s?.enabledAt?.toISOString() ?? null,
        recovery_codes_left: s?.enabledAt ? await repo.recoveryCodesLeft(userId) : 0,
        required: Boolean(s?.enabledAt || s?.graceUsedAt),
      };
    },

    /** Set-up when signed in: the password was given for the mailed link, whose token comes here. */
    async beginSetupWithLink(user: { id: number; email: string }, securityToken: string | undefined) {
      await links.check(user.id, securityToken);
      return beginSetup(user);
    },
    async confirmSetupWithLink(userId: number, securityToken: string | undefined, code: string) {
      await links.check(userId, securityToken);
      const codes = await confirmSetup(userId, code);
      await links.use(userId, securityToken);
      return codes;
    },

    /** New recovery codes (the old ones stop working), for a current code. */
    async regenerateRecoveryCodes(userId: number, code: string): Promise<string[]> {
      await checkCurrentCode(userId, code);
      const { codes, hashes } = recoveryCodes();
      await repo.replaceRecoveryCodes(userId, hashes, now());
      const owner = await ownerOf(userId);
      if (owner) await notify(owner, 'recovery_codes_renewed');
      return codes;
    },
  };
}
