import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A comma-separated list of at most 50 e-mail addresses, each trimmed and lower-cased, each once;
 * `nobody`, if given, is a word that stands for no address (it is dropped, not checked).
 */
const emailList = (nobody?: string) =>
  z
    .string()
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((a) => a.trim().toLowerCase())
          .filter((a) => a && a !== nobody),
      ),
    ])
    .pipe(z.array(z.email('each address must be an e-mail address')).max(50))
    .optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // Count the rate limits in Redis instead of PostgreSQL (docs/decisions/043).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('HPBC <no-reply@hpbc.local>'),
  APP_URL: z.url().optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool.optional(),
  DEMO_PROJECTS: z.coerce.number().int().min(0).max(1_000_000).default(300),
  // The built front end (apps/web/dist when absent); a deployment may serve it from elsewhere.
  WEB_DIST: z.string().min(1).optional(),
  // Behind a reverse proxy: the proxies whose X-Forwarded-For is believed (addresses, CIDRs, or `loopback`).
  TRUST_PROXY: z.string().min(1).max(500).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The committee's contact details on the Contact, Privacy and Terms pages (demo values by default).
  CONTACT_ADDRESS: z.string().min(1).max(300).default('Office No. 1, Ministry of Construction, Nay Pyi Taw, Myanmar'),
  CONTACT_ADDRESS_MY: z.string().min(1).max(300).default('ရုံးအမှတ် ၁၊ ဆောက်လုပ်ရေးဝန်ကြီးဌာန၊ နေပြည်တော်၊ မြန်မာနိုင်ငံ'),
  CONTACT_EMAIL: z.email().default('contact@hpbc.local'),
  CONTACT_PHONE: z.string().min(1).max(50).default('+95 67 000 0000'),
  CONTACT_HOURS: z
    .string()
    .min(1)
    .max(200)
    .default('Monday to Friday, 9:30 to 16:30 (Myanmar time), except public holidays'),
  CONTACT_HOURS_MY: z
    .string()
    .min(1)
    .max(200)
    .default('တနင်္လာမှ သောကြာ၊ နံနက် ၉ နာရီခွဲမှ ညနေ ၄ နာရီခွဲ အထိ (မြန်မာစံတော်ချိန်)၊ အများပြည်သူ ရုံးပိတ်ရက်များ မပါ'),
  // Committee staff told of each new service request and Form One submission (comma-separated; empty: nobody).
  STAFF_EMAILS: emailList(),
  // Administrators never made to set up two-step sign-in (docs/decisions/046); once set up, it is required.
  // Unset: the demo administrator when demo data is seeded, nobody otherwise. "none": nobody.
  TWO_FACTOR_EXEMPT_EMAILS: emailList('none'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** `redis://…`: rate-limit counters in Redis; unset: in the database (rate_counters). */
  redisUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  /**
   * Key for signed links and CSRF tokens. Empty until the database is open when DATABASE_URL
   * is set without APP_SECRET: buildApp then reads (or generates) the shared one there.
   */
  appSecret: string;
  seedDemo: boolean;
  /** How many demo projects the seed creates (raise it to measure the project list at scale). */
  demoProjects: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Where the built front end is; absent in API-only tests. */
  webDist: string | undefined;
  /** Proxies whose X-Forwarded-For gives the client's address (comma-separated addresses, CIDRs or `loopback`); unset: none. */
  trustProxy: string | undefined;
  /** Graceful stop: how long in-flight requests may take to finish after SIGTERM before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** The committee's contact details shown on the Contact page (GET /api/v1/site/contact). */
  contact: SiteContact;
  /** Committee staff addresses told of new service requests and registrations (one mail each). */
  staffEmails: string[];
  /** Accounts never made to set up a second factor, nor to step up for legal acts without one (TWO_FACTOR_EXEMPT_EMAILS). */
  twoFactorExemptEmails?: string[];
}

export interface SiteContact {
  address: { en: string; my: string };
  email: string;
  phone: string;
  hours: { en: string; my: string };
}

export class ConfigError extends Error {}

/** The demo administrator (db/seed/accounts.seed.ts), exempt from enrolling while demo data is on. */
export const DEMO_ADMIN_EMAIL = 'admin@hpbc.test';
/**
 * The demo accounts that the demo and its journeys sign in with the password alone
 * (decisions 048 and 075); counterpart2fa@, inspector2fa@ and security@ are held to the rule.
 */
export const DEMO_EXEMPT_EMAILS = [
  DEMO_ADMIN_EMAIL,
  'national@hpbc.test',
  'eiet@hpbc.test',
  'pile@hpbc.test',
  'project@hpbc.test',
];

/** The one place that reads the environment. Throws a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const seedDemo = e.SEED_DEMO ?? !e.DATABASE_URL;
  const appHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://${appHost}:${e.PORT}`).replace(/\/$/, ''),
    // With PostgreSQL every process must share one secret: it is generated into the database, not the folder.
    appSecret: e.APP_SECRET ?? (e.DATABASE_URL ? '' : readOrCreateSecret(dataDir)),
    seedDemo,
    demoProjects: e.DEMO_PROJECTS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist(),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    contact: {
      address: { en: e.CONTACT_ADDRESS, my: e.CONTACT_ADDRESS_MY },
      email: e.CONTACT_EMAIL,
      phone: e.CONTACT_PHONE,
      hours: { en: e.CONTACT_HOURS, my: e.CONTACT_HOURS_MY },
    },
    staffEmails: e.STAFF_EMAILS ?? [],
    twoFactorExemptEmails: e.TWO_FACTOR_EXEMPT_EMAILS ?? (seedDemo ? DEMO_EXEMPT_EMAILS : []),
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function defaultWebDist(): string | undefined {
  const dist = path.resolve(import.meta.dirname, '../../web/dist');
  return existsSync(path.join(dist, 'index.html')) ? dist : undefined;
}
