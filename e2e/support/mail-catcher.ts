import http from 'node:http';
import { listenForMail } from '../../apps/api/test/smtp-catcher';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/**
 * A real SMTP server that keeps every message it receives, and a small HTTP API to
 * read them (GET /messages, DELETE /messages). The portal sends to it exactly as it
 * would to a production relay.
 */
export async function startMailCatcher(smtpPort: number, httpPort: number) {
  const messages: CapturedMail[] = [];
  const smtp = await listenForMail(smtpPort, (mail, to) =>
    messages.push({
      to,
      from: mail.from?.address ?? '',
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: mail.html ?? '',
      receivedAt: new Date().toISOString(),
    }),
  );

  const api = http.createServer((req, res) => {
    if (req.url?.startsWith('/messages') && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messages));
    } else if (req.url?.startsWith('/messages') && req.method === 'DELETE') {
      messages.length = 0;
      res.writeHead(204).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => api.listen(httpPort, '127.0.0.1', resolve));

  return {
    async close() {
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => api.close(() => r()));
    },
  };
}
