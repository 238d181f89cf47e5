import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
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

/** SMTP when a URL is given; otherwise each mail becomes an .eml file under `mailDir`. */
export function createMailTransport(opts: { smtpUrl?: string; mailDir: string }): MailTransport {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl, {});
    return {
      async send(mail) {
        await transport.sendMail(mail);
        return {};
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
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
