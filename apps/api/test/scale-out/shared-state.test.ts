import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAppSecret } from '../../src/lib/app-secret';
import { databaseFileStore, dataDirStore, importLocalFiles } from '../../src/lib/file-store/file-store';
import { buildTestApp, type TestApp } from '../build-test-app';
import { expectSavedAndReadBack } from '../file-store-contract';
import { fakeWebDist } from '../web-dist';

/**
 * What a process keeps in the database when DATABASE_URL is set (issue 15), on PGlite and
 * PostgreSQL alike: the app is built as with DATABASE_URL (the setting is what switches)
 * on the test database. The two-process test beside this one runs real processes.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fakeWebDist({ 'index.html': '<html><head><meta name="csrf-token" content="" /></head></html>' });
  mkdirSync(path.join(webDist, 'assets'));
  t = await buildTestApp({ config: { databaseUrl: 'postgres://shared.invalid/hpbc', appSecret: '', webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the shared secret', () => {
  it('is generated once into the database and read back by every later caller', async () => {
    const rows = await t.database.query<{ value: string }>("SELECT value FROM app_settings WHERE name = 'app_secret'");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value.length).toBeGreaterThanOrEqual(64);
    expect(await sharedAppSecret(t.database)).toBe(rows[0]!.value);
    expect(existsSync(path.join(t.config.dataDir, 'app-secret'))).toBe(false);
  });
});

describe('databaseFileStore', () => {
  it('saves, reads, replaces and discards files as rows, never on disk', async () => {
    const store = databaseFileStore(t.database, 'uploads');
    const bytes = Buffer.from('%PDF-1.4 shared');
    const key = await expectSavedAndReadBack(store, bytes);
    expect(store.localRoot).toBeUndefined();
    await store.write('cache/a.pdf', Buffer.from('one'));
    await store.write('cache/a.pdf', Buffer.from('two'));
    expect((await store.read('cache/a.pdf')).toString()).toBe('two');
    await store.discard(key);
    expect(await store.readIfPresent(key)).toBeUndefined();
    await expect(store.read(key)).rejects.toThrow();
    expect(existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
  });

  it('discards by prefix only in the prefix folder, and refuses keys that leave the store', async () => {
    const store = databaseFileStore(t.database, 'registrations');
    for (const k of ['7-en-1.pdf', '7-my-1.pdf', '70-en-1.pdf', 'x/7-en-1.pdf']) await store.write(k, Buffer.from(k));
    await store.discardPrefix('7-');
    expect(await store.readIfPresent('7-en-1.pdf')).toBeUndefined();
    expect(await store.readIfPresent('7-my-1.pdf')).toBeUndefined();
    expect((await store.read('70-en-1.pdf')).toString()).toBe('70-en-1.pdf');
    expect((await store.read('x/7-en-1.pdf')).toString()).toBe('x/7-en-1.pdf');
    await expect(store.write('../escape.pdf', Buffer.from('x'))).rejects.toThrow(/escapes/);
    await expect(store.read('/etc/passwd')).rejects.toThrow(/escapes/);
  });

  it('is what every module gets from dataDirStore while the app runs with DATABASE_URL', async () => {
    const store = dataDirStore(t.config.dataDir, 'inspection-reports');
    const saved = await store.save('reports', Buffer.from('report'), new Date());
    const [row] = await t.database.query<{ area: string }>('SELECT area FROM stored_files WHERE key = $1', [saved.key]);
    expect(row?.area).toBe('inspection-reports');
  });
});

describe('library files from the shared store', () => {
  it('are served under /documents/ with a validator, and a missing or escaping path is a JSON 404', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    await dataDirStore(t.config.dataDir, 'documents').write('library/part-1.pdf', pdf);
    const res = await t.app.inject({ method: 'GET', url: '/documents/library/part-1.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: '/documents/library/part-1.pdf',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const url of [
      '/documents/library/part-9.pdf',
      '/documents/..%2f..%2fetc%2fpasswd',
      '/documents/%252e%252e/x.pdf',
    ]) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toHaveProperty('message');
    }
    // A malformed escape is the router's 400, never a 500.
    const malformed = await t.app.inject({ method: 'GET', url: '/documents/library/%E0%A4%A.pdf' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('health for a load balancer', () => {
  it('answers /healthz and /readyz as JSON, not with the web app page', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'alive' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 503 with Retry-After when migrations are missing, and when the database is gone', async () => {
    const [last] = await t.database.query<{ id: number }>(
      'SELECT id FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const [saved] = await t.database.query<Record<string, unknown>>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = $1 RETURNING *',
      [last!.id],
    );
    const migrating = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(migrating.statusCode).toBe(503);
    expect(migrating.json()).toEqual({ status: 'migrating' });
    await t.database.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [
      saved!.id,
      saved!.hash,
      saved!.created_at,
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // The database stops answering (the outage test of docs/security.md does it for real).
    const query = t.database.query.bind(t.database);
    t.database.query = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    try {
      const gone = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.headers['retry-after']).toBe('10');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.database.query = query;
    }
  });
});

describe('TRUST_PROXY', () => {
  it('counts per-address limits by X-Forwarded-For only when the proxy is trusted', async () => {
    const behind = await buildTestApp({ config: { trustProxy: 'loopback' } });
    const forgot = (app: TestApp, n: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
        payload: { email: 'nobody@example.test' },
      });
    try {
      const trusted: number[] = [];
      const untrusted: number[] = [];
      // The limit is 6 a minute per address: seven clients behind a trusted proxy are seven addresses.
      for (let n = 1; n <= 7; n++) trusted.push((await forgot(behind, n)).statusCode);
      for (let n = 1; n <= 7; n++) untrusted.push((await forgot(t, n)).statusCode);
      expect(trusted).toEqual([200, 200, 200, 200, 200, 200, 200]);
      expect(untrusted).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await behind.close();
    }
  });
});

describe('upgrading an installation that kept files and the secret in its data folder', () => {
  it('copies the files into the shared store, keeping rows already there, and adopts the secret', async () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'service-requests', '2025');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'old.pdf'), '%PDF-old');
    writeFileSync(path.join(dir, 'half.pdf.part'), 'unfinished');
    await dataDirStore(t.config.dataDir, 'registrations').write('9-en-1.pdf', Buffer.from('in the database'));
    mkdirSync(path.join(t.config.dataDir, 'registrations'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'registrations', '9-en-1.pdf'), 'on disk');
    expect(await importLocalFiles(t.config.dataDir, t.database)).toBe(1);
    const uploads = dataDirStore(t.config.dataDir, 'uploads');
    expect((await uploads.read('service-requests/2025/old.pdf')).toString()).toBe('%PDF-old');
    expect(await uploads.readIfPresent('service-requests/2025/half.pdf.part')).toBeUndefined();
    expect((await dataDirStore(t.config.dataDir, 'registrations').read('9-en-1.pdf')).toString()).toBe(
      'in the database',
    );
    expect(await importLocalFiles(t.config.dataDir, t.database)).toBe(0);

    // The secret: a database without one adopts the folder's.
    const old = 'o'.repeat(40);
    writeFileSync(path.join(t.config.dataDir, 'app-secret'), `${old}\n`);
    const [kept] = await t.database.query<{ value: string }>(
      "SELECT value FROM app_settings WHERE name = 'app_secret'",
    );
    expect(await sharedAppSecret(t.database, t.config.dataDir)).toBe(kept!.value);
    await t.database.query("DELETE FROM app_settings WHERE name = 'app_secret'");
    expect(await sharedAppSecret(t.database, t.config.dataDir)).toBe(old);
  });
});
