import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hpbc-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const errorOf = (env: NodeJS.ProcessEnv): ConfigError => {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has the defaults of runtime.md', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'HPBC <no-reply@hpbc.local>',
      appUrl: 'http://127.0.0.1:3000',
      seedDemo: true,
      demoProjects: 300,
      logLevel: 'info',
    });
  });

  it('generates APP_SECRET once into DATA_DIR, readable only by the owner, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'app-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'y'.repeat(40) }).appSecret).toBe('y'.repeat(40));
  });

  it('makes DATA_DIR absolute', () => {
    const c = loadConfig({ DATA_DIR: path.relative(process.cwd(), dataDir) });
    expect(c.dataDir).toBe(dataDir);
  });

  it('turns demo data off by default with PostgreSQL, and lets SEED_DEMO decide', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/hpbc';
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('builds APP_URL from HOST and PORT, with a reachable host for 0.0.0.0', () => {
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '8080' }).appUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ DATA_DIR: dataDir, APP_URL: 'https://hpbc.example.org/' }).appUrl).toBe(
      'https://hpbc.example.org',
    );
  });

  it('treats empty settings as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([['abc'], ['70000'], ['3000.5'], ['-1']])('refuses PORT=%s with a readable message', (port) => {
    const e = errorOf({ PORT: port });
    expect(e.message).toMatch(/^Invalid settings:\n {2}PORT: \S/);
    expect(e.message).not.toMatch(/ZodError|at \w+ \(/);
  });

  it('lists every wrong setting at once', () => {
    const e = errorOf({
      PORT: 'x',
      DATABASE_URL: 'mysql://db',
      SMTP_URL: 'http://mail',
      APP_SECRET: 'short',
      SEED_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
      APP_URL: 'not a url',
    });
    const lines = e.message.split('\n').slice(1);
    expect(lines.map((l) => l.trim().split(':')[0]).sort()).toEqual(
      ['APP_SECRET', 'APP_URL', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'SEED_DEMO', 'SMTP_URL'].sort(),
    );
    expect(e.message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(e.message).toContain('APP_SECRET: must be at least 32 characters');
  });
});

describe('contact details and staff addresses', () => {
  it('have demo contact details and no staff addresses by default', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.contact.email).toBe('contact@hpbc.local');
    expect(c.contact.address.my).toMatch(/[\u1000-\u109f]/);
    expect(c.staffEmails).toEqual([]);
  });

  it('read CONTACT_* and a comma-separated STAFF_EMAILS (trimmed, lower-cased, without repeats)', () => {
    const c = loadConfig({
      DATA_DIR: dataDir,
      CONTACT_EMAIL: 'desk@committee.test',
      CONTACT_PHONE: '+95 1 234',
      STAFF_EMAILS: ' One@committee.test, two@committee.test,one@committee.test,',
    });
    expect(c.contact.email).toBe('desk@committee.test');
    expect(c.contact.phone).toBe('+95 1 234');
    expect(c.staffEmails).toEqual(['one@committee.test', 'two@committee.test']);
  });

  it('refuse a staff list with something that is not an address', () => {
    expect(errorOf({ STAFF_EMAILS: 'one@committee.test, nobody' }).message).toMatch(/STAFF_EMAILS/);
    expect(errorOf({ CONTACT_EMAIL: 'nope' }).message).toMatch(/CONTACT_EMAIL/);
  });
});
