import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

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

/** nodemailer's transport, made (and nodemailer loaded) with the first mail, not at every start (decision 117). */
function onFirstMail(make: (mailer: typeof nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((m) => make(m.default))),
    close: () => void transport?.then((t) => t.close()),
  };
}

/** SMTP when a URL is given; otherwise each mail becomes an .eml file under `mailDir`. */
export function createMailTransport(opts: { smtpUrl?: string; mailDir: string }): MailTransport {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    const transport = onFirstMail((mailer) => mailer.createTransport(smtpUrl, {}));
    return {
      async send(mail) {
        await (await transport.get()).sendMail(withHeaders(mail));
        return {};
      },
      close: transport.close,
    };
  }
  const transport = onFirstMail((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail(withHeaders(mail));
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
