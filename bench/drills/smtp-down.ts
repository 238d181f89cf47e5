import type { Email } from 'postal-mime';
import { listenForMail } from '../../apps/api/test/smtp-catcher';
import {
  call,
  drillLog,
  freePort,
  kill,
  portal,
  sleep,
  STRONG_PASSWORD,
  type DrillResult,
  type PrivatePostgres,
} from './lib';

const DOWN_S = Number(process.env.DRILL_SMTP_DOWN_S ?? 120);

/** The portal's SMTP server, as the tests' (apps/api/test/smtp-catcher.ts): every message parsed, kept in `received`. */
const startSmtp = (port: number, received: Email[]) => listenForMail(port, (mail) => received.push(mail));

/**
 * SMTP down for 2 minutes with two portal processes sending: accounts registered before,
 * during and after the outage each get their verification mail exactly once.
 */
export async function smtpDown(pg: PrivatePostgres): Promise<DrillResult> {
  const url = await pg.url('drill_smtp');
  const { file, log } = drillLog('smtp-down');
  const smtpPort = await freePort();
  const received: Email[] = [];
  let smtp = await startSmtp(smtpPort, received);
  const extra = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DEMO_PROJECTS: '20' };
  const a = await portal('portal-1', { databaseUrl: url, log, extra });
  const b = await portal('portal-2', { databaseUrl: url, log, extra });
  const expected: string[] = [];
  let n = 0;
  const register = async () => {
    const email = `smtp.${Date.now()}.${++n}@example.test`;
    const res = await call(n % 2 ? a.base : b.base, 'POST', '/api/user/register', {
      json: {
        name: 'Drill Mail',
        email,
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
        terms: true,
      },
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.body}`);
    expected.push(email);
  };
  for (let i = 0; i < 4; i++) await register();
  await sleep(5000);
  await new Promise<void>((r) => smtp.close(() => r()));
  const downAt = Date.now();
  let duringOutage = 0;
  const step = (DOWN_S * 1000) / 12;
  for (let i = 0; i < 10; i++) {
    await sleep(step);
    await register();
    duringOutage++;
  }
  await sleep(Math.max(0, downAt + DOWN_S * 1000 - Date.now()));
  smtp = await startSmtp(smtpPort, received);
  const upAt = Date.now();
  for (let i = 0; i < 2; i++) await register();
  const to = (m: Email) => m.to?.[0]?.address ?? '';
  const until = upAt + 8 * 60_000;
  while (Date.now() < until && !expected.every((e) => received.some((m) => to(m) === e))) await sleep(1000);
  const lastAt = Date.now();
  await sleep(10_000); // a late second copy would show here
  await new Promise<void>((r) => smtp.close(() => r()));
  await Promise.all([kill(a, 'SIGTERM'), kill(b, 'SIGTERM')]);

  const counts = expected.map((e) => received.filter((m) => to(m) === e).length);
  const missing = counts.filter((c) => c === 0).length;
  const duplicates = counts.filter((c) => c > 1).length;
  const pass = missing === 0 && duplicates === 0;
  return {
    name: 'smtp-down',
    title: `SMTP down for ${DOWN_S} s (two portal processes)`,
    pass,
    figures: [
      ['SMTP down (s)', ((upAt - downAt) / 1000).toFixed(1)],
      ['accounts registered (each one verification mail)', expected.length],
      ['registered while SMTP was down (all answered 201)', duringOutage],
      ['mails delivered', counts.filter((c) => c > 0).length],
      ['missing', missing],
      ['delivered more than once', duplicates],
      ['SMTP back to last mail delivered (s)', ((lastAt - upAt) / 1000).toFixed(1)],
    ],
    criteria: [
      'every mail delivered once afterwards (missing 0, duplicates 0)',
      'registration keeps answering 201 while SMTP is down',
    ],
    notes: [
      `portal log: ${file}`,
      'the outbox retries with backoff (5 s doubling, at most 10 min), so the last mail can come up to one backoff step after SMTP is back',
    ],
  };
}
