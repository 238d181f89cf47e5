import type { z } from 'zod';
import { messageCode, rule, type Locale } from '@hpbc/shared';
import type {
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  LoginAnswer,
  LoginResponse,
  RegisterResponse,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { HttpError, ValidationError } from '../../lib/http-errors';
import { passwordProblem } from '../../lib/password-policy';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { checkVerificationSignature, emailHash, sameHash } from '../../lib/signed-links';
import { newToken, sha256Hex } from '../../lib/tokens';
import { tokenLifetimeMs } from '../../lib/token-lifetime';
import { accountMailer } from './account-mail';
import { authRepository, isUniqueViolation } from './auth.repository';
import { loginAttackMail } from './security.mail';
import { loginThrottle } from './login-throttle';
import { toRolesJson, toUserJson } from './user-json';
import { accountsRepository } from '../accounts/accounts.repository';
import { twoFactorService } from './two-factor.service';
import { newDeviceCookie, trustedDevice } from './device-cookie';

export { LOGIN_LIMITS, tooManyAttempts } from './login-throttle';
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
  const throttle = loginThrottle(deps);
  const twoFactor = twoFactorService(deps);

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

  return {
    async register(input: z.output<typeof registerSchema>, locale: Locale): Promise<RegisterResponse> {
      const errors: Record<string, string[]> = {};
      if (await repo.findByEmail(input.email)) errors.email = [rule('unique', 'email')];
      const weak = passwordProblem(input.password, { email: input.email, name: input.name });
      if (weak) errors.password = [weak];
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

    /**
     * The password step. `deviceCookie` is the browser's device cookie, if any: one of this
     * account lets the owner past the account-wide delays (login-throttle.ts). The answer
     * carries a new device cookie whenever the password was right.
     */
    async login(
      input: z.output<typeof loginSchema>,
      ip: string,
      locale: Locale = 'en',
      deviceCookie?: string,
    ): Promise<{ answer: LoginAnswer; deviceCookie?: string }> {
      const user = await repo.findByEmail(input.email);
      const device = user ? trustedDevice(config.appSecret, deviceCookie, user.id) : undefined;
      // Counted before the password is checked, so parallel guesses meet the limit too.
      const { underAttack } = await throttle.attempt(input.email, ip, device);
      if (user && underAttack && (await throttle.shouldMailOwner(user.id))) {
        await deps.mail.enqueue({
          to: user.email,
          ...loginAttackMail({ name: user.name, locale: user.locale, resetUrl: `${config.appUrl}/forgot-password` }),
        });
      }
      // Unknown address: spend the same time on a dummy hash, and give the same answer.
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !ok) throw new ValidationError({ email: [rule('credentials', 'email')] });
      await throttle.succeeded(input.email, ip, device);
      const issued = { deviceCookie: newDeviceCookie(config.appSecret, user.id) };
      // Only someone who knows the password learns the account's state.
      if (user.status !== 'active') throw new HttpError(403, messageCode('account_inactive'), { status: 'inactive' });
      if (!user.emailVerifiedAt) {
        throw new HttpError(403, messageCode('verification_required'), {
          verification_required: true,
          user: toUserJson(user),
        });
      }
      // A second step for accounts with a second factor or held to one (docs/api.md "Two-step sign-in", issue 26).
      const next = await twoFactor.afterPassword(user, input.remember);
      if (next.kind === 'step') {
        const { purpose, ...step } = next.step;
        return { answer: { ...step, message: twoFactor.stepMessage(purpose, locale) }, ...issued };
      }
      const token = await issueToken(user.id, input.remember);
      const company = await accountsRepository(deps.database.db).companyOf(user);
      const answer = { token, user: toUserJson(user, company), roles: toRolesJson(await repo.roles(user.id)) };
      return { answer: user.isAdmin || next.grace ? { ...answer, two_factor_grace: next.grace } : answer, ...issued };
    },

    /** The token at the end of a two-step sign-in, as the login answers it; the account is checked again. */
    async finishSignIn(userId: number, remember: boolean): Promise<LoginResponse> {
      const user = await repo.findById(userId);
      if (!user) throw new HttpError(401, messageCode('unauthenticated'));
      if (user.status !== 'active') throw new HttpError(403, messageCode('account_inactive'), { status: 'inactive' });
      const token = await issueToken(user.id, remember);
      const company = await accountsRepository(deps.database.db).companyOf(user);
      return { token, user: toUserJson(user, company), roles: toRolesJson(await repo.roles(user.id)) };
    },

    /** The e-mail address of an account (the label in the authenticator app). */
    async emailOf(userId: number): Promise<string> {
      return (await repo.findById(userId))?.email ?? '';
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
      const at = now();
      const user = await repo.findByEmail(input.email);
      const weak = passwordProblem(input.password, { email: input.email, name: user?.name });
      if (weak) throw new ValidationError({ password: [weak] });
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
      // The owner proved control of the mailbox: the account's sign-in limits start over.
      await throttle.clearAccount(user.email);
      await mailer.sendPasswordChanged(user);
      return { message: MESSAGES.reset };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
