import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MAIL_KINDS, isFixedKind, type MailKind } from '@hpbc/shared/notices';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createMailTransport, type MailTransport, type OutgoingMail } from '../../lib/mail-transport';
import { filesAreShared, readDataDirFile } from '../file-store/file-store';
import { mailRepository, type NewMail } from './mail.repository';
import { loggableLink } from '../log-redaction';
import { periodicJob } from '../periodic-job';

export interface MailMessage {
  to: string;
  /** Where a reply should go instead of MAIL_FROM (e.g. the requester, on a company's notice). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The mail's kind, its first paragraph and its button (from `renderMail`): the in-app notice. */
  kind: MailKind;
  summary?: string;
  link?: string;
  /** Paths relative to DATA_DIR. */
  attachments?: { filename: string; path: string; contentType: string }[];
}

/** Seconds to wait before attempt n+1: 5 s, 10 s, 20 s ... at most 10 minutes. */
export function backoffSeconds(attempts: number): number {
  return Math.min(600, 5 * 2 ** Math.max(0, attempts - 1));
}
/**
 * Links as they may appear in a log line: the secret parts (reset tokens, link
 * signatures, tracking and feed tokens, address hashes) are replaced by
 * lib/log-redaction.ts, since the full link is in the .eml file beside it.
 */
export const redactLink = loggableLink;

/** Mail still unsent after this many attempts (about three days of retries) is marked failed. */
const MAX_ATTEMPTS = 450;

/**
 * The outbox: `enqueue` stores a mail in the database (inside the caller's work, so a
 * mail is never lost to an SMTP outage or a restart); the worker sends due mail and
 * retries with backoff.
 */
export function createMailService(deps: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  transport?: MailTransport;
}) {
  const { config, log } = deps;
  const repo = mailRepository(deps.database);
  const transport =
    deps.transport ?? createMailTransport({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail') });
  let stopped = true;

  /** Local files by path; with the shared file store (DATABASE_URL), the bytes from the database. */
  async function attachmentsOf(list: MailMessage['attachments'] | null): Promise<OutgoingMail['attachments']> {
    if (!list) return undefined;
    if (!filesAreShared(config.dataDir)) return list.map((a) => ({ ...a, path: path.join(config.dataDir, a.path) }));
    return Promise.all(
      list.map(async (a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: await readDataDirFile(config.dataDir, a.path),
      })),
    );
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await repo.lease(10, 120);
      if (batch.length === 0) return sent;
      for (const row of batch) {
        try {
          const result = await transport.send({
            from: config.mailFrom,
            to: row.toAddress,
            ...(row.replyTo ? { replyTo: row.replyTo } : {}),
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            attachments: await attachmentsOf(row.attachments),
          });
          await repo.markSent(row.id);
          sent++;
          if (result.savedTo) {
            // Without SMTP the mail stays on disk; its links are logged so a developer can follow them.
            const links = (row.textBody.match(/https?:\/\/\S+/g) ?? []).map(redactLink);
            log.info({ mailId: row.id, file: result.savedTo, links }, 'mail written to file');
          } else {
            log.info({ mailId: row.id }, 'mail sent');
          }
        } catch (err) {
          const delay = backoffSeconds(row.attempts);
          const giveUp = row.attempts >= MAX_ATTEMPTS;
          await repo.retryLater(row.id, delay, (err as Error).message, giveUp);
          log.warn({ mailId: row.id, attempts: row.attempts, retryInSeconds: delay }, 'mail not sent; will retry');
          // The server is likely down: stop this round instead of failing every row.
          return sent;
        }
      }
    }
  }

  const job = periodicJob(sendDue, (err) =>
    log.error({ err: { message: (err as Error).message } }, 'mail worker failed'),
  );
  const runOnce = job.runOnce;

  /** A link into the portal as a path (`/user/projects/3`); null for any other address. */
  function portalPath(link: string | undefined): string | null {
    if (!link?.startsWith(`${config.appUrl}/`)) return null;
    return link.slice(config.appUrl.length);
  }

  return {
    /**
     * Takes a mail for sending, and is the one place every mailed event also becomes an
     * in-app notice (decision 088): when the address is an account's, the account gets a
     * notice of the mail's kind, and the mail itself is left out if the account turned that
     * kind off, unless the kind is fixed (legal notices, account security). Answers the
     * outbox row's id, or null when no mail was queued.
     */
    async enqueue(message: MailMessage): Promise<number | null> {
      const account = await repo.accountAt(message.to, message.kind);
      if (account) {
        await repo.insertNotice({
          userId: account.id,
          kind: message.kind,
          title: message.subject,
          body: message.summary ?? '',
          link: MAIL_KINDS[message.kind].link ? portalPath(message.link) : null,
        });
        if (account.optedOut && !isFixedKind(message.kind)) return null;
      }
      const mail: NewMail = {
        toAddress: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        attachments: message.attachments ?? null,
      };
      const id = await repo.insert(mail);
      if (!stopped) void runOnce();
      return id;
    },
    /** Sends whatever is due now; resolves with the number sent. Tests call this. */
    drain: runOnce,
    countPending: () => repo.countPending(),
    start(intervalMs = 2000): void {
      stopped = false;
      job.start(intervalMs);
    },
    async stop(): Promise<void> {
      stopped = true;
      await job.stop();
      transport.close();
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
