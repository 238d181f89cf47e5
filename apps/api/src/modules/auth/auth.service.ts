import type { z } from 'zod';
import { messageCode, rule, throttled, type Locale } from '@hpbc/shared';
import type { loginSchema, registerSchema, resetPasswordSchema, LoginResponse, RegisterResponse } from '@hpbc/shared';
import type { ModuleDeps } from '../../app';
import { HttpError, ValidationError } from '../../lib/http-errors';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { checkVerificationSignature, emailHash, sameHash } from '../../lib/signed-links';
import { newToken, sha256Hex } from '../../lib/tokens';
import { tokenLifetimeMs } from '../../plugins/auth';
import { accountMailer } from './account-mail';
import { authRepository, isUniqueViolation } from './auth.repository';
import { toRolesJson, toUserJson } from './user-json';

/** Failed sign-ins allowed per e-mail and IP in a minute, and per e-mail in an hour, before 429. */
export const LOGIN_LIMITS = {
  perMinute: { max: 5, windowMs: 60 * 1000 },
  perHour: { max: 20, windowMs: 60 * 60 * 1000 },
} as const;
/** A second mail of the same kind to one account is not sent sooner than this. */
const MAIL_INTERVAL_MS = 60 * 1000;
/**
 * Answers that must not tell whether an address is registered (resend, forgot) take at
 * least this long, so the extra work for a real account does not show in the timing.
 */
const EQUAL_TIME_MS = 250;

export const MESSAGES = {
  registered: 'Registration successful. Please check your email to verify your account.',
  loggedOut: 'Logged out successfully.',
  verificationSent: 'If an account needs verification for this address, a new verification link has been sent.',
  verified: 'Your email has been verified successfully! You can now log in.',
  alreadyVerified: 'Your email address is already verified.',
  resetSent: 'Password reset link has been sent to your email.',
  reset: 'Your password has been reset successfully.',
} as const;

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, throttled(s), {}, { 'Retry-After': String(s) });
}

async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - start);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}

export function authService(deps: ModuleDeps) {
  const { config, now } = deps;
  const repo = authRepository(deps.database);
  const mailer = accountMailer(deps, repo);

  async function issueToken(userId: number, remember: boolean): Promise<string> {
    const at = now();
    const { token, hash } = newToken();
    await repo.deleteExpiredAccessTokens(userId, at);
    await repo.insertAccessToken({
      userId,
      tokenHash: hash,
      remember,
      now: at,
      expiresAt: new Date(at.getTime() + tokenLifetimeMs(remember)),
    });
    return token;
  }

  async function throttleLogin(email: string, ip: string): Promise<void> {
    const at = now().getTime();
    for (const [limit, byIp] of [
      [LOGIN_LIMITS.perMinute, true],
      [LOGIN_LIMITS.perHour, false],
    ] as const) {
      const since = new Date(at - limit.windowMs);
      const { count, oldest } = await repo.failedLoginsSince(email, since, byIp ? ip : undefined);
      if (count >= limit.max) {
        throw tooManyAttempts(((oldest?.getTime() ?? at) + limit.windowMs - at) / 1000);
      }
    }
  }

  return {
    async register(input: z.output<typeof registerSchema>, locale: Locale): Promise<RegisterResponse> {
      const errors: Record<string, string[]> = {};
      if (await repo.findByEmail(input.email)) errors.email = [rule('unique', 'email')];
      if (isCommonPassword(input.password, input.email)) errors.password = [rule('common_password', 'password')];
      if (Object.keys(errors).length) throw new ValidationError(errors);

      const at = now();
      let user;
      try {
        user = await repo.insertUser({
          name: input.name,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          locale,
          createdAt: at,
          updatedAt: at,
        });
      } catch (err) {
        // Two registrations for one address at the same moment: the second loses here.
        if (isUniqueViolation(err)) throw new ValidationError({ email: [rule('unique', 'email')] });
        throw err;
      }
      await mailer.sendVerification(user);
      return { verification_sent: true, user: toUserJson(user), message: MESSAGES.registered };
    },

    async login(input: z.output<typeof loginSchema>, ip: string): Promise<LoginResponse> {
      await throttleLogin(input.email, ip);
      const user = await repo.findByEmail(input.email);
      // Unknown address: spend the same time on a dummy hash, and give the same answer.
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !ok) {
        const at = now();
        await repo.recordFailedLogin(input.email, ip, at);
        await repo.pruneFailedLogins(input.email, new Date(at.getTime() - LOGIN_LIMITS.perHour.windowMs));
        throw new ValidationError({ email: [rule('credentials', 'email')] });
      }
      await repo.clearFailedLogins(input.email, ip);
      // Only someone who knows the password learns the account's state.
      if (user.status !== 'active') throw new HttpError(403, messageCode('account_inactive'), { status: 'inactive' });
      if (!user.emailVerifiedAt) {
        throw new HttpError(403, messageCode('verification_required'), {
          verification_required: true,
          user: toUserJson(user),
        });
      }
      const token = await issueToken(user.id, input.remember);
      return { token, user: toUserJson(user), roles: toRolesJson(await repo.roles(user.id)) };
    },

    async logout(accessTokenId: number): Promise<{ message: string }> {
      await repo.deleteAccessToken(accessTokenId);
      return { message: MESSAGES.loggedOut };
    },

    async resendVerification(email: string): Promise<{ verification_sent: true; message: string }> {
      await atLeast(EQUAL_TIME_MS, async () => {
        const user = await repo.findByEmail(email);
        if (!user || user.emailVerifiedAt || user.status !== 'active') return;
        const last = await repo.latestOneTimeTokenAt(user.id, 'verify_email');
        if (last && now().getTime() - last.getTime() < MAIL_INTERVAL_MS) return;
        await mailer.sendVerification(user);
      });
      return { verification_sent: true, message: MESSAGES.verificationSent };
    },

    async verifyEmail(p: { id: string; hash: string; expires?: string; signature?: string }) {
      const at = now();
      const refuse = () => new HttpError(403, messageCode('verification_failed'), { verified: false });
      if (!checkVerificationSignature({ secret: config.appSecret, ...p, now: at })) throw refuse();
      const user = await repo.findById(Number(p.id));
      if (!user || !sameHash(emailHash(user.email), p.hash)) throw refuse();
      if (user.emailVerifiedAt) return { verified: true, already: true, message: MESSAGES.alreadyVerified };
      const fresh = await repo.consumeOneTimeToken({
        userId: user.id,
        purpose: 'verify_email',
        tokenHash: sha256Hex(p.signature!),
        now: at,
      });
      if (!fresh) throw refuse();
      await repo.updateUser(user.id, { emailVerifiedAt: at, updatedAt: at });
      return { verified: true, message: MESSAGES.verified };
    },

    async forgotPassword(email: string): Promise<{ message: string }> {
      await atLeast(EQUAL_TIME_MS, async () => {
        const user = await repo.findByEmail(email);
        if (!user || user.status !== 'active') return;
        const last = await repo.latestOneTimeTokenAt(user.id, 'reset_password');
        if (last && now().getTime() - last.getTime() < MAIL_INTERVAL_MS) return;
        await mailer.sendPasswordReset(user);
      });
      return { message: MESSAGES.resetSent };
    },

    async resetPassword(input: z.output<typeof resetPasswordSchema>): Promise<{ message: string }> {
      if (isCommonPassword(input.password, input.email)) {
        throw new ValidationError({ password: [rule('common_password', 'password')] });
      }
      const at = now();
      const user = await repo.findByEmail(input.email);
      const used =
        !!user &&
        (await repo.consumeOneTimeToken({
          userId: user.id,
          purpose: 'reset_password',
          tokenHash: sha256Hex(input.token),
          now: at,
        }));
      if (!user || !used) throw new ValidationError({ token: [rule('reset_token', 'token')] });
      await repo.updateUser(user.id, { passwordHash: await hashPassword(input.password), updatedAt: at });
      await repo.deleteAccessTokensOf(user.id);
      await repo.deleteOneTimeTokens(user.id, 'reset_password');
      await mailer.sendPasswordChanged(user);
      return { message: MESSAGES.reset };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
