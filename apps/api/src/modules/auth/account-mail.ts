import type { Locale } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { verificationLink } from '../../lib/signed-links';
import { newToken, sha256Hex } from '../../lib/tokens';
import { passwordChangedMail, passwordResetMail, verificationMail } from './auth.mail';
import type { AuthRepository, OneTimePurpose } from './auth.repository';

export const RESET_LINK_MINUTES = 60;

/**
 * A new one-time token of `purpose` for the account, live for `minutes`: only its hash is
 * stored, and it replaces the account's earlier token of that purpose, so only the newest
 * mailed link works. Returns the token, for the link.
 */
export async function issueOneTimeToken(
  repo: Pick<AuthRepository, 'replaceOneTimeToken'>,
  t: { userId: number; purpose: OneTimePurpose; now: Date; minutes: number },
): Promise<string> {
  const { token, hash } = newToken();
  await repo.replaceOneTimeToken({
    userId: t.userId,
    purpose: t.purpose,
    tokenHash: hash,
    now: t.now,
    expiresAt: new Date(t.now.getTime() + t.minutes * 60 * 1000),
  });
  return token;
}

interface Recipient {
  id: number;
  name: string;
  email: string;
  locale: Locale;
}

/**
 * Mails about an account. Each one-time link replaces the user's earlier link of the
 * same kind, so only the newest works. Mail goes to the outbox within the request; the
 * worker delivers it, retrying while the SMTP server is down.
 */
export function accountMailer(deps: Pick<ModuleDeps, 'config' | 'now' | 'mail'>, repo: AuthRepository) {
  const { config, now, mail } = deps;
  return {
    async sendVerification(user: Recipient): Promise<void> {
      const at = now();
      const link = verificationLink({ secret: config.appSecret, userId: user.id, email: user.email, now: at });
      // The signature doubles as the one-time token: stored hashed, used once, superseded by a resend.
      await repo.replaceOneTimeToken({
        userId: user.id,
        purpose: 'verify_email',
        tokenHash: sha256Hex(link.signature),
        now: at,
        expiresAt: new Date(link.expires * 1000),
      });
      const m = verificationMail({ name: user.name, url: `${config.appUrl}${link.url}`, locale: user.locale });
      await mail.enqueue({ to: user.email, ...m });
    },

    async sendPasswordReset(user: Recipient): Promise<void> {
      const token = await issueOneTimeToken(repo, {
        userId: user.id,
        purpose: 'reset_password',
        now: now(),
        minutes: RESET_LINK_MINUTES,
      });
      const url = `${config.appUrl}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
      await mail.enqueue({ to: user.email, ...passwordResetMail({ name: user.name, url, locale: user.locale }) });
    },

    async sendPasswordChanged(user: Recipient): Promise<void> {
      const m = passwordChangedMail({
        name: user.name,
        when: now(),
        locale: user.locale,
        loginUrl: `${config.appUrl}/login`,
      });
      await mail.enqueue({ to: user.email, ...m });
    },
  };
}
export type AccountMailer = ReturnType<typeof accountMailer>;
