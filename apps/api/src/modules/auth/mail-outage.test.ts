import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { PASSWORD, linkIn } from '../../../test/accounts';
import { freePort, startSmtp, stopSmtp } from '../../../test/smtp-catcher';

let t: TestApp;
let port: number;
const received: Email[] = [];

beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
});
afterAll(() => t.close());

describe('mail across an SMTP outage', () => {
  it('registration succeeds while SMTP is down, and the mail arrives once it is back', async () => {
    // The server runs, then stops: the outage.
    const first = await startSmtp(port, received);
    await stopSmtp(first);

    const email = 'outage@example.test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'Outage Test', email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
    });
    expect(res.statusCode).toBe(201);

    expect(await t.app.mail.drain()).toBe(0);
    expect(await t.app.mail.countPending()).toBe(1);
    const [row] = await t.database.query<{ attempts: number; last_error: string | null }>(
      'SELECT attempts, last_error FROM mail_outbox',
    );
    expect(Number(row!.attempts)).toBe(1);
    expect(row!.last_error).toBeTruthy();

    const server = await startSmtp(port, received);
    try {
      // The backoff is real time; let it run out instead of waiting.
      await t.database.query('UPDATE mail_outbox SET next_attempt_at = now()');
      expect(await t.app.mail.drain()).toBe(1);
      expect(await t.app.mail.countPending()).toBe(0);
    } finally {
      await stopSmtp(server);
    }

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to?.[0]?.address).toBe(email);
    expect(mail.subject).toBe('HPBC - Verify your email address');
    expect(mail.html).toContain('Verify Email Address');
    const link = linkIn(mail.text ?? '', '/email/verify/');
    const verify = await t.app.inject({ url: `/api/user${link.pathname}${link.search}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ verified: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
