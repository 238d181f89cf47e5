import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** A file on this machine (`path`) or bytes read from the shared file store (`content`). */
  attachments?: { filename: string; contentType: string; path?: string; content?: Buffer }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ savedTo?: string }>;
  close(): void;
}

/**
 * Headers every mail of the portal carries, set here so that no mail can miss them.
 * `Auto-Submitted: auto-generated` (RFC 3834 section 5) tells out-of-office and other
 * auto-responders not to answer; `X-Auto-Response-Suppress` is Exchange's own word for it.
 */
export const AUTOMATIC_MAIL_HEADERS = {
  'Auto-Submitted': 'auto-generated',
  'X-Auto-Response-Suppress': 'All',
} as const;

const withHeaders = (mail: OutgoingMail) => ({ ...mail, headers: { ...AUTOMATIC_MAIL_HEADERS } });

/** SMTP when a URL is given; otherwise each mail becomes an .eml file under `mailDir`. */
export function createMailTransport(opts: { smtpUrl?: string; mailDir: string }): MailTransport {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl, {});
    return {
      async send(mail) {
        await transport.sendMail(withHeaders(mail));
        return {};
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(withHeaders(mail));
      mkdirSync(opts.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(opts.mailDir, `${stamp}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { savedTo: file };
    },
    close: () => undefined,
  };
}
