import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox, notices } from '../../db/schema/index';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewMail = Pick<
  typeof mailOutbox.$inferInsert,
  'toAddress' | 'replyTo' | 'subject' | 'textBody' | 'htmlBody' | 'attachments'
>;

export function mailRepository(database: Database) {
  const { db } = database;
  return {
    /**
     * The account a mail's address belongs to (addresses are unique, compared without case),
     * and whether it turned this kind of mail off.
     */
    async accountAt(address: string, kind: string): Promise<{ id: number; optedOut: boolean } | null> {
      const rows = await database.query<{ id: number | string; opted_out: boolean }>(
        `SELECT u.id, EXISTS (SELECT 1 FROM mail_opt_outs o WHERE o.user_id = u.id AND o.kind = $2) AS opted_out
         FROM users u WHERE lower(u.email) = lower($1) LIMIT 1`,
        [address, kind],
      );
      const row = rows[0];
      return row ? { id: Number(row.id), optedOut: row.opted_out === true || String(row.opted_out) === 't' } : null;
    },
    async insertNotice(notice: typeof notices.$inferInsert): Promise<void> {
      await db.insert(notices).values(notice);
    },
    async insert(mail: NewMail): Promise<number> {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      return row!.id;
    },
    /**
     * Leases up to `limit` due rows: each is pushed `leaseSeconds` into the future so no
     * other worker takes it while it is being sent; if this process dies, the lease runs
     * out and the row is sent later. SKIP LOCKED keeps concurrent workers apart.
     */
    async lease(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
      const rows = await database.query<Record<string, unknown>>(
        `UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => $2), attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id, to_address, reply_to, subject, text_body, html_body, attachments, attempts, created_at`,
        [limit, leaseSeconds],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        toAddress: r.to_address as string,
        replyTo: (r.reply_to as string | null) ?? null,
        subject: r.subject as string,
        textBody: r.text_body as string,
        htmlBody: r.html_body as string,
        attachments: (typeof r.attachments === 'string'
          ? JSON.parse(r.attachments)
          : r.attachments) as OutboxRow['attachments'],
        attempts: Number(r.attempts),
        createdAt: new Date(r.created_at as string),
      })) as OutboxRow[];
    },
    async markSent(id: number): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, id));
    },
    async retryLater(id: number, delaySeconds: number, error: string, giveUp: boolean): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
          lastError: error.slice(0, 500),
        })
        .where(eq(mailOutbox.id, id));
    },
    async countPending(): Promise<number> {
      const rows = await database.query<{ n: number | string }>(
        "SELECT count(*) AS n FROM mail_outbox WHERE status = 'pending'",
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}
