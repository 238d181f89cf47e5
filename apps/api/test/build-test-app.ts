import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createPglite } from '../src/db/pglite-options';
import { createUser, type TestUser } from './accounts';
import { freePort, startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Moves the app's clock. */
  clock: { now: Date };
  close(): Promise<void>;
}

/**
 * A fresh database for this test file: a copy of the migrated template on PGlite, or,
 * when TEST_DATABASE_URL is set, a new PostgreSQL database created from the template.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDb');
  if (url && template) {
    const name = `hpbc_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ url: u.toString() });
    return {
      database,
      drop: async () => {
        // A test may have closed it already (database-outage.test.ts): the copy is dropped all the same.
        await database.close().catch(() => undefined);
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ pglite: createPglite(undefined, { loadDataDir: blob }) });
  return { database, drop: () => database.close() };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hpbc-data-'));
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    smtpUrl: undefined,
    redisUrl: undefined,
    mailFrom: 'HPBC <no-reply@hpbc.local>',
    appUrl: 'http://127.0.0.1:3000',
    appSecret: 'test-secret-'.padEnd(48, 'x'),
    seedDemo: false,
    demoProjects: 300,
    logLevel: 'silent',
    webDist: undefined,
    shutdownTimeoutMs: 10_000,
    trustProxy: undefined,
    contact: {
      address: { en: 'Office No. 1, Nay Pyi Taw', my: 'ရုံးအမှတ် ၁၊ နေပြည်တော်' },
      email: 'contact@hpbc.local',
      phone: '+95 67 000 0000',
      hours: { en: 'Monday to Friday, 9:30 to 16:30', my: 'တနင်္လာမှ သောကြာ၊ ၉:၃၀ မှ ၁၆:၃၀' },
    },
    staffEmails: [],
    // The tests' throw-away accounts (uniqueEmail) sign legal acts without a second factor, as the
    // demo accounts do; the second-factor tests use other addresses (docs/decisions/075).
    twoFactorExemptEmails: ['*@example.test'],
    ...overrides,
  };
}

/**
 * One app per test file; call close() in afterAll. `routes` adds routes only that test file has
 * (to reach a guard or a branch of the error handler), before the app is ready.
 */
export async function buildTestApp(
  opts: {
    config?: Partial<Config>;
    deps?: Partial<AppDeps>;
    routes?: (app: FastifyInstance, database: Database) => void;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const config = testConfig(opts.config);
  const clock = { now: new Date() };
  const app = await buildApp({ config, database, now: () => clock.now, ...opts.deps });
  opts.routes?.(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * buildTestApp with a real SMTP server catching what the app sends (read it with
 * `app.mail.drain()` then `smtp.to(address)`); close() stops both.
 */
export async function buildTestAppWithMail(
  opts: { config?: Partial<Config>; deps?: Partial<AppDeps> } = {},
): Promise<{ t: TestApp; smtp: SmtpCatcher }> {
  const port = await freePort();
  const smtp = await startSmtpCatcher(port);
  const t = await buildTestApp({ ...opts, config: { ...opts.config, smtpUrl: `smtp://127.0.0.1:${port}` } });
  const closeApp = t.close;
  t.close = async () => {
    await closeApp();
    await smtp.close();
  };
  return { t, smtp };
}

/**
 * buildTestAppWithMail and the committee's account (an administrator named Committee): the
 * start of the tests that follow a registration's mail from submission to decision.
 */
export async function buildTestAppWithCommittee(
  opts: { config?: Partial<Config>; deps?: Partial<AppDeps> } = {},
): Promise<{ t: TestApp; smtp: SmtpCatcher; admin: TestUser }> {
  const { t, smtp } = await buildTestAppWithMail(opts);
  return { t, smtp, admin: await createUser(t.database, { name: 'Committee', admin: true }) };
}
