import type { z } from 'zod';
import { messageCode } from '@hpbc/shared';
import {
  MAIL_KIND_NAMES,
  isFixedKind,
  type MailKind,
  type MailPreference,
  type Notice,
  type mailPreferencesSchema,
} from '@hpbc/shared/notices';
import type { Actor, ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { noticesRepository, type NoticeRow } from './notices.repository';

export const NOTICES_PER_PAGE = 20;

const toNotice = (r: NoticeRow): Notice => ({
  id: r.id,
  kind: r.kind as MailKind,
  title: r.title,
  body: r.body,
  link: r.link,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt ? r.readAt.toISOString() : null,
});

/**
 * A person's in-app notices and mail choices (docs/decisions/088-notices-from-the-outbox.md).
 * The notices are written by the outbox (`lib/mail-outbox/mail.service.ts`, `enqueue`); here
 * they are only read and marked, each call bound to the signed-in person: another person's
 * notice is a 404, as if it did not exist.
 */
export function noticesService(deps: ModuleDeps) {
  const repo = noticesRepository(deps.database.db);

  async function preferences(userId: number): Promise<MailPreference[]> {
    const off = await repo.optedOut(userId);
    return MAIL_KIND_NAMES.map((kind) => {
      const fixed = isFixedKind(kind);
      return { kind, fixed, mail: fixed || !off.has(kind) };
    });
  }

  return {
    async list(actor: Actor, page: number, unreadOnly: boolean) {
      const [{ rows, total }, unread] = await Promise.all([
        repo.page(actor.user.id, unreadOnly, page, NOTICES_PER_PAGE),
        repo.unread(actor.user.id),
      ]);
      return { data: rows.map(toNotice), meta: { total, page, per_page: NOTICES_PER_PAGE, unread } };
    },
    unread: (actor: Actor) => repo.unread(actor.user.id),
    async markRead(actor: Actor, id: number | null): Promise<Notice> {
      const row = id === null ? null : await repo.markRead(actor.user.id, id, deps.now());
      if (!row) throw notFound(messageCode('notice_not_found'));
      return toNotice(row);
    },
    async markAllRead(actor: Actor): Promise<number> {
      await repo.markAllRead(actor.user.id, deps.now());
      return repo.unread(actor.user.id);
    },
    preferences: (actor: Actor) => preferences(actor.user.id),
    /** Fixed kinds cannot be turned off: the body's schema refuses it with a 422 before this runs. */
    async setPreferences(actor: Actor, body: z.output<typeof mailPreferencesSchema>): Promise<MailPreference[]> {
      for (const [kind, on] of Object.entries(body.mail)) {
        if (!isFixedKind(kind as MailKind)) await repo.setMail(actor.user.id, kind, on);
      }
      return preferences(actor.user.id);
    },
  };
}
