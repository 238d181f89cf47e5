/**
 * Hole 11 of issue 9: a lost database answers 503 with Retry-After (not 500), the prepared
 * public lists keep serving their last good copy, and the server recovers by itself.
 * PostgreSQL: a database of this test's own, whose connections are refused and terminated
 * (never the shared server). PGlite: the embedded database is closed under the app.
 */
import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { createUser } from '../accounts';
import { openTestDatabase, testConfig } from '../build-test-app';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** Past the prepared answers' check interval (1 s), so the next request goes to the database. */
const pastCheckInterval = () => new Promise((r) => setTimeout(r, 1100));

async function startApp(database: Database) {
  const config = testConfig();
  const app = await buildApp({ config, database });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  return app;
}

async function expectOutageAnswers(app: Awaited<ReturnType<typeof startApp>>, token: string) {
  const user = await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  expect(user.statusCode).toBe(503);
  expect(user.headers['retry-after']).toBe('10');
  expect(user.json().message).toMatch(/unavailable/);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: 'someone@example.test', password: 'Correct horse 42' },
  });
  expect(login.statusCode).toBe(503);
  // The public lists answer from their last good copy.
  for (const url of ['/api/project-list', '/api/eiet-list', '/api/pile-list', '/api/v1/recommendations/disciplines']) {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(200);
  }
}

const warm = async (app: Awaited<ReturnType<typeof startApp>>) => {
  for (const url of ['/api/project-list', '/api/eiet-list', '/api/pile-list', '/api/v1/recommendations/disciplines']) {
    expect((await app.inject({ url })).statusCode).toBe(200);
  }
};

describe('database outage (hole 11)', () => {
  it('PostgreSQL: connections terminated and refused → 503 with Retry-After; lists keep serving; recovers', async () => {
    const admin = new pg.Client({ connectionString: SERVER });
    try {
      await admin.connect();
    } catch {
      // No PostgreSQL server here: the PGlite case below still runs.
      return;
    }
    const name = `hpbc_outage_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(SERVER);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    cleanups.push(() => database.close());
    const app = await startApp(database);
    const u = await createUser(database);
    await warm(app);

    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
    await pastCheckInterval();
    await expectOutageAnswers(app, u.token);

    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
    expect((await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${u.token}` } })).statusCode).toBe(
      200,
    );
  });

  it('PGlite: a closed embedded database → 503 with Retry-After; lists keep serving', async () => {
    const { database, drop } = await openTestDatabase();
    cleanups.push(drop);
    const app = await startApp(database);
    const u = await createUser(database);
    await warm(app);
    await database.close();
    await pastCheckInterval();
    await expectOutageAnswers(app, u.token);
  });
});
