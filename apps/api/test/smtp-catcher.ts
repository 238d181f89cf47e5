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

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Email['headers'];
}

/**
 * A real SMTP server on `port` that parses every message it receives (postal-mime), so
 * a test reads a mail as its recipient would, after the outbox sent it through nodemailer.
 */
export async function startSmtpCatcher(port: number, received: CaughtMail[] = []) {
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
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
              headers: mail.headers,
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    received,
    /** The mails received for `to`, oldest first. */
    to: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())),
    /** The newest mail to `to`. */
    last(address: string): CaughtMail | undefined {
      return this.to(address).at(-1);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
