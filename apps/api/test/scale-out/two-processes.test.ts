import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import type { Email } from 'postal-mime';
import type { SMTPServer } from 'smtp-server';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, multipartBody } from '../../src/modules/service-requests/service-requests.test-helpers';
import { PASSWORD, linkIn } from '../accounts';
import { freePort, startSmtp } from '../smtp-catcher';

/**
 * Issue 15: two real server processes, each with its own data folder (as two machines
 * would have), on one PostgreSQL database created empty for this file. Everything one
 * process accepts must work on the other. Runs only with TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DEMO_PASSWORD = 'DemoPass!2025';

interface Portal {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

const received: Email[] = [];
let smtp: SMTPServer;
let dbName: string;
let dbUrl: string;
let pool: pg.Pool;
const dirs: string[] = [];
let a: Portal;
let b: Portal;

const agents = new Map<string, Agent>();
/** Calls a portal from a loopback address of its own (127.0.x.y), so per-address limits see distinct clients. */
async function call(
  portal: Portal,
  method: 'GET' | 'POST',
  pathname: string,
  opts: { from?: string; json?: unknown; headers?: Record<string, string>; body?: Buffer } = {},
) {
  const from = opts.from ?? '127.0.2.1';
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new Agent({ localAddress: from })));
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
  let body: string | Buffer | undefined = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await request(`${portal.base}${pathname}`, { method, headers, body, dispatcher: agent });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  return {
    status: res.statusCode,
    headers: res.headers,
    bytes,
    json: () => JSON.parse(bytes.toString('utf8')) as Record<string, unknown>,
  };
}

function startPortal(name: string, port: number, webDist: string, smtpPort: number): Portal {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hpbc-scale-${name}-`));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO: 'true',
      DEMO_PROJECTS: '5',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { name, base: `http://127.0.0.1:${port}`, child, output, exited };
}

async function waitReady(p: Portal, timeoutMs = 50_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited:\n${p.output.join('')}`);
    const ok = await call(p, 'GET', '/readyz').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${p.name} not ready:\n${p.output.join('')}`);
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!url)('two portal processes on one PostgreSQL', () => {
  beforeAll(async () => {
    dbName = `hpbc_scale_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    pool = new pg.Pool({ connectionString: dbUrl, max: 2 });

    const smtpPort = await freePort();
    smtp = await startSmtp(smtpPort, received);

    // The page the front end would be: only its CSRF meta tag matters here.
    const webDist = mkdtempSync(path.join(tmpdir(), 'hpbc-scale-web-'));
    dirs.push(webDist);
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><meta name="csrf-token" content="" /></head><body></body></html>',
    );

    // Both start at once on the empty database: they race to migrate, seed and index.
    const [portA, portB] = [await freePort(), await freePort()];
    a = startPortal('A', portA, webDist, smtpPort);
    b = startPortal('B', portB, webDist, smtpPort);
    await Promise.all([waitReady(a), waitReady(b)]);
  }, 90_000);

  afterAll(async () => {
    for (const p of [a, b]) if (p && p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    for (const agent of agents.values()) await agent.close();
    await pool?.end();
    if (smtp) await new Promise<void>((r) => smtp.close(() => r()));
    if (dbName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('both came up on the empty database: migrated once, seeded once, one shared secret', async () => {
    for (const p of [a, b]) {
      expect((await call(p, 'GET', '/healthz')).status).toBe(200);
      expect((await call(p, 'GET', '/readyz')).json()).toEqual({ status: 'ready' });
    }
    const { rows: projects } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM projects');
    expect(Number(projects[0]!.n)).toBe(5);
    const { rows: secrets } = await pool.query('SELECT value FROM app_settings');
    expect(secrets).toHaveLength(1);
    // Nothing of the shared state went to either data folder.
    const { rows: volumes } = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM stored_files WHERE area = 'documents'",
    );
    expect(Number(volumes[0]!.n)).toBe(8);
  });

  it('a session token from one process works on the other, and the library files are served by both', async () => {
    const login = await call(a, 'POST', '/api/user/login', {
      json: { email: 'admin@hpbc.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.json().token as string;
    const me = await call(b, 'GET', '/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((me.json() as { email?: string; user?: { email: string } }).user?.email ?? me.json().email).toBe(
      'admin@hpbc.test',
    );
    const volA = await call(a, 'GET', '/documents/library/part-1.pdf');
    const volB = await call(b, 'GET', '/documents/library/part-1.pdf');
    expect(volA.status).toBe(200);
    expect(volA.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(volB.bytes.equals(volA.bytes)).toBe(true);
  });

  it('a CSRF token from one is accepted by the other, and the file it sent is served by the first, also by mail', async () => {
    const page = await call(a, 'GET', '/');
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const token = /name="csrf-token" content="([^"]+)"/.exec(page.bytes.toString())![1]!;
    const { rows } = await pool.query<{ id: number }>('SELECT id FROM eiet_companies ORDER BY id LIMIT 1');
    const pdf = await makePdf('Sent to process B, read from process A.');
    const { payload, contentType } = await multipartBody(
      {
        project_name: 'Pearl Tower',
        project_information: 'Twenty storeys.',
        company_name: 'Shwe Builders Co., Ltd.',
        address: 'No. 12, Pyay Road, Yangon',
        company_email: 'projects@shwe-builders.example',
        contact_phone: '+95 9 123 456 789',
        eiet_id: rows[0]!.id,
      },
      [{ filename: 'letter.pdf', type: 'application/pdf', bytes: pdf }],
    );
    const sent = await call(b, 'POST', '/api/eiet-request', {
      from: '127.0.2.2',
      headers: { 'content-type': contentType, cookie, 'x-csrf-token': token },
      body: payload,
    });
    expect(sent.status).toBe(201);
    const { rows: made } = await pool.query<{ id: number }>('SELECT max(id) AS id FROM service_requests');
    const id = made[0]!.id;

    const login = await call(a, 'POST', '/api/user/login', {
      json: { email: 'admin@hpbc.test', password: DEMO_PASSWORD },
    });
    const admin = { authorization: `Bearer ${login.json().token as string}` };
    const letter = await call(a, 'GET', `/api/admin/service-requests/${String(id)}/cover-letter`, { headers: admin });
    expect(letter.status).toBe(200);
    expect(letter.bytes.equals(pdf)).toBe(true);

    // The company's notice carries the letter as an attachment, whichever process sends it.
    await waitFor(
      () => received.some((m) => m.attachments.some((f) => f.filename === 'letter.pdf')),
      'the notice with the cover letter',
    );
    const notice = received.find((m) => m.attachments.some((f) => f.filename === 'letter.pdf'))!;
    const attached = notice.attachments.find((f) => f.filename === 'letter.pdf')!.content;
    expect(Buffer.from(attached as ArrayBuffer).equals(pdf)).toBe(true);
  });

  it('a verification link mailed by one process is accepted by the other', async () => {
    const email = `scale.${randomBytes(3).toString('hex')}@example.test`;
    const reg = await call(a, 'POST', '/api/user/register', {
      from: '127.0.2.3',
      json: { name: 'Scale Test', email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
    });
    expect(reg.status).toBe(201);
    await waitFor(() => received.some((m) => m.to?.[0]?.address === email), 'the verification mail');
    const mail = received.find((m) => m.to?.[0]?.address === email)!;
    const link = linkIn(mail.text!, '/email/verify/');
    const res = await call(b, 'GET', `/api/user${link.pathname}${link.search}`);
    expect(res.status).toBe(200);
    const { rows } = await pool.query('SELECT email_verified_at FROM users WHERE email = $1', [email]);
    expect(rows[0]!.email_verified_at).not.toBeNull();
  });

  it('a per-address limit holds across both: 12 forgot-password calls alternating between them meet 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/user/forgot-password', {
        from: '127.0.3.1',
        json: { email: 'nobody@example.test' },
      });
      statuses.push(res.status);
    }
    // The limit is 6 a minute per address: calls 7 to 12 are refused, whichever process gets them.
    expect(statuses.slice(0, 6).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429, 429, 429]);
  });

  it('each mail goes out once while both processes run their outbox workers', async () => {
    const subjects = Array.from({ length: 30 }, (_, i) => `Once ${i} ${randomBytes(3).toString('hex')}`);
    for (const s of subjects) {
      await pool.query(
        `INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ('once@example.test', $1, 'x', '<p>x</p>')`,
        [s],
      );
    }
    const mine = () => received.filter((m) => subjects.includes(m.subject ?? ''));
    await waitFor(async () => {
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM mail_outbox WHERE subject = ANY($1) AND status = 'sent'`,
        [subjects],
      );
      return Number(rows[0]!.n) === subjects.length && mine().length >= subjects.length;
    }, 'the 30 mails');
    // A short wait for a second copy that would come late.
    await new Promise((r) => setTimeout(r, 2500));
    expect(
      mine()
        .map((m) => m.subject)
        .sort(),
    ).toEqual([...subjects].sort());
  });

  it('stopping a process lets the request in flight finish before it exits', async () => {
    const email = `drain.${randomBytes(3).toString('hex')}@example.test`;
    const body = Buffer.from(
      JSON.stringify({ name: 'Drain Test', email, password: PASSWORD, password_confirmation: PASSWORD, terms: true }),
    );
    // The request's headers and half its body arrive; then the process is told to stop; then the rest comes.
    const stream = new PassThrough();
    const pending = request(`${a.base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body: stream,
    });
    stream.write(body.subarray(0, 20));
    await new Promise((r) => setTimeout(r, 500));
    a.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    stream.end(body.subarray(20));
    const res = await pending;
    await res.body.dump();
    expect(res.statusCode).toBe(201);
    expect(await a.exited, a.output.join('')).toBe(0);
    const { rows } = await pool.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
    // The other process carries on.
    expect((await call(b, 'GET', '/readyz')).status).toBe(200);
  });
});
