import net from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * A real SMTP server on `port` that parses every message with postal-mime (an outside MIME parser).
 * The journeys' mail catcher (`e2e/support/mail-catcher.ts`) listens through it too.
 */
export async function listenForMail(
  port: number,
  onMail: (mail: Email, recipients: string[]) => void,
): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (mail) => {
            onMail(
              mail,
              session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            );
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return server;
}

/** The raw parsed mails, for tests that read headers and parts as postal-mime gives them. */
export const startSmtp = (port: number, received: Email[]) => listenForMail(port, (mail) => received.push(mail));
export const stopSmtp = (server: SMTPServer) => new Promise<void>((r) => server.close(() => r()));

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Email['headers'];
}

/**
 * A mail catcher a test reads as the recipient would, after the outbox sent the mail
 * through nodemailer: who it went to, subject, text and HTML.
 */
export async function startSmtpCatcher(port: number, received: CaughtMail[] = []) {
  const server = await listenForMail(port, (mail, to) =>
    received.push({
      to,
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: mail.html ?? '',
      headers: mail.headers,
    }),
  );
  return {
    received,
    /** The mails received for `to`, oldest first. */
    to: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())),
    /** The newest mail to `to`. */
    last(address: string): CaughtMail | undefined {
      return this.to(address).at(-1);
    },
    close: () => stopSmtp(server),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
