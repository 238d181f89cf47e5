import { rule, type Locale } from '@hpbc/shared';
import { SECURITY_LINK_MINUTES } from '@hpbc/shared/second-factor';
import type { ModuleDeps, Actor } from '../../module-deps';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/http-errors';
import { sha256Hex } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.repository';
import { issueOneTimeToken } from '../auth/account-mail';
import { authRepository } from '../auth/auth.repository';
import { secondFactorRepository } from './second-factor.repository';
import { mailStamp } from '../auth/auth.mail';
import { securityChangeMail, securityLinkMail, type SecurityChange } from './second-factor.mail';

export interface Owner {
  id: number;
  name: string;
  email: string;
  locale: string;
}

/**
 * Every addition, removal, recovery-code use or renewal of a second factor is written to the
 * audit log and mailed to the owner (issue 24 holes 2 and 5, issue 26, issue 28 item 2):
 * someone who learnt the password cannot change the account's factors unseen.
 */
export function securityNotice(deps: Pick<ModuleDeps, 'config' | 'database' | 'mail' | 'now'>) {
  return async function notify(
    owner: Owner,
    change: SecurityChange,
    detail: { name?: string; left?: number; ip?: string } = {},
    tx?: Db,
  ): Promise<void> {
    const at = deps.now();
    const actor: Actor = {
      user: { id: owner.id, name: owner.name, email: owner.email } as Actor['user'],
      roles: [],
      ip: detail.ip,
    };
    await recordAudit(tx ?? deps.database.db, actor, {
      action: change,
      recordType: 'user',
      recordId: owner.id,
      before: null,
      after: {
        ...(detail.name !== undefined ? { passkey: detail.name } : {}),
        ...(detail.left !== undefined ? { recovery_codes_left: detail.left } : {}),
      },
    });
    const locale: Locale = owner.locale === 'my' ? 'my' : 'en';
    await deps.mail.enqueue({
      to: owner.email,
      ...securityChangeMail({
        name: owner.name,
        locale,
        change,
        detail: detail.name ?? (detail.left !== undefined ? String(detail.left) : ''),
        when: mailStamp(at, locale),
        securityUrl: `${deps.config.appUrl}/user/two-factor`,
      }),
    });
  };
}

const badLink = () => new ValidationError({ token: [rule('security_link', 'token')] });

/**
 * The link mailed to the account's address that, after the password, allows one change of
 * the second factors (issue 24 hole 2; docs/decisions/076): whoever learnt the password
 * still needs the mailbox. Stored hashed; a new link replaces the old; used once.
 */
export function securityLinks(deps: Pick<ModuleDeps, 'config' | 'database' | 'mail' | 'now'>) {
  const { now, config } = deps;
  const auth = authRepository(deps.database);
  const repo = secondFactorRepository(deps.database);
  return {
    /** Mails a new link to `path` (the page that finishes the change), with `?security=`. */
    async send(user: Owner, path: string): Promise<void> {
      const token = await issueOneTimeToken(auth, {
        userId: user.id,
        purpose: 'security_link',
        now: now(),
        minutes: SECURITY_LINK_MINUTES,
      });
      const url = `${config.appUrl}${path}${path.includes('?') ? '&' : '?'}security=${token}`;
      const locale: Locale = user.locale === 'my' ? 'my' : 'en';
      await deps.mail.enqueue({
        to: user.email,
        ...securityLinkMail({ name: user.name, locale, url, minutes: SECURITY_LINK_MINUTES }),
      });
    },

    /** When the account's last link was mailed (to send at most one a minute unasked). */
    lastSentAt: (userId: number) => auth.latestOneTimeTokenAt(userId, 'security_link'),

    /** A live link of this account; it stays unused until the change is made. */
    async check(userId: number, token: string | undefined): Promise<void> {
      const link = token ? await repo.liveSecurityLink(sha256Hex(token), now()) : undefined;
      if (!link || link.userId !== userId) throw badLink();
    },

    /** Uses the link for the change; refused when another request used it first. */
    async use(userId: number, token: string | undefined): Promise<void> {
      const used =
        !!token &&
        (await auth.consumeOneTimeToken({ userId, purpose: 'security_link', tokenHash: sha256Hex(token), now: now() }));
      if (!used) throw badLink();
    },
  };
}
