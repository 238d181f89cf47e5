// Shared parts of the fault drills (bench/drills/README.md): a PRIVATE PostgreSQL cluster
// (initdb on a port of its own, never the shared server), portal processes, nginx, a load
// generator, and the results file.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { freePort } from '../lib/portal';
import {
  ensureDatabase,
  portalEnv,
  ROOT,
  startNginx,
  startPortalProcess,
  waitReady,
  type Proc,
} from '../../scripts/cluster-lib';

export { freePort };
const PG_BIN = '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
function pgTool(tool: string, args: string[]): void {
  const cmd = isRoot ? 'runuser' : path.join(PG_BIN, tool);
  const full = isRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args] : args;
  const r = spawnSync(cmd, full, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr.toString()}${r.stdout.toString()}`);
}

export interface PrivatePostgres {
  port: number;
  /** A URL for database `name` (created on first use). */
  url(name: string): Promise<string>;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** A throw-away PostgreSQL 15 cluster in a temporary folder, on a free port, trust auth on 127.0.0.1 only. */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-drill-pg-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  mkdirSync(data, { mode: 0o700 });
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = await freePort();
  pgTool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=64MB`;
  const ctl = (action: 'start' | 'stop') =>
    pgTool(
      'pg_ctl',
      action === 'start'
        ? ['-D', data, '-l', path.join(dir, 'pg.log'), '-o', opts, '-w', 'start']
        : ['-D', data, '-m', 'fast', '-w', 'stop'],
    );
  ctl('start');
  let running = true;
  return {
    port,
    async url(name) {
      const url = `postgres://postgres@127.0.0.1:${port}/${name}`;
      await ensureDatabase(url);
      return url;
    },
    stop() {
      ctl('stop');
      running = false;
    },
    start() {
      ctl('start');
      running = true;
    },
    destroy() {
      if (running) {
        try {
          ctl('stop');
        } catch {
          // already down
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const dataDirs: string[] = [];
/** Removes the portals' temporary data folders (the logs stay). */
export function removeDataDirs(): void {
  for (const d of dataDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

export interface Portal extends Proc {
  base: string;
  port: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
}

/** Starts one portal process on the drill's database and waits for /readyz. */
export async function portal(
  name: string,
  opts: {
    databaseUrl: string;
    log: (l: string) => void;
    extra?: Record<string, string | undefined>;
    dataDir?: string;
    port?: number;
  },
): Promise<Portal> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), `hpbc-drill-${name}-`));
  dataDirs.push(dataDir);
  const env = portalEnv({
    port,
    dataDir,
    databaseUrl: opts.databaseUrl,
    appUrl: `http://127.0.0.1:${port}`,
    extra: { SEED_DEMO: 'true', ...opts.extra },
  });
  const proc = startPortalProcess(name, env, opts.log);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, proc);
  return { ...proc, base, port, dataDir, env };
}

/** Starts the same portal again (same port, data folder and settings), e.g. after kill -9. */
export async function restart(p: Portal, log: (l: string) => void): Promise<Portal> {
  const proc = startPortalProcess(p.name, p.env, log);
  await waitReady(p.base, proc);
  return { ...p, ...proc };
}

export async function nginx(listen: number, upstreams: number[]): Promise<Proc & { dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-drill-nginx-'));
  const proc = startNginx({ dir, listen, upstreams });
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${listen}/healthz`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // starting
    }
    if (Date.now() > until) throw new Error('nginx did not answer');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...proc, dir };
}

/**
 * Two portal processes on the drill's database behind nginx on a free port, as the portal is
 * deployed with several processes (docs/operations.md): `base` is nginx's address.
 */
export async function portalsBehindNginx(
  databaseUrl: string,
  log: (l: string) => void,
): Promise<{ a: Portal; b: Portal; proxy: Proc & { dir: string }; base: string }> {
  const a = await portal('portal-1', { databaseUrl, log });
  const b = await portal('portal-2', { databaseUrl, log });
  const port = await freePort();
  const proxy = await nginx(port, [a.port, b.port]);
  return { a, b, proxy, base: `http://127.0.0.1:${port}` };
}

export async function kill(p: Proc, signal: NodeJS.Signals): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  await p.exited;
}

const agent = new Agent({ connections: 256, keepAliveTimeout: 4000 });
let ipCounter = 0;
/** A fresh client address for X-Forwarded-For (the portals trust loopback proxies), so per-address limits stay out of the way. */
export const freshIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export interface Answer {
  status: number;
  retryAfter?: string;
  body: string;
  ms: number;
  /** A connection error instead of an answer. */
  error?: string;
}

export async function call(
  base: string,
  method: 'GET' | 'POST',
  pathname: string,
  opts: { json?: unknown; headers?: Record<string, string>; ip?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = {
    'x-requested-with': 'XMLHttpRequest',
    'x-forwarded-for': opts.ip ?? freshIp(),
    ...opts.headers,
  };
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  try {
    const res = await request(`${base}${pathname}`, {
      method,
      headers,
      body,
      dispatcher: agent,
      headersTimeout: opts.timeoutMs ?? 30_000,
      bodyTimeout: opts.timeoutMs ?? 30_000,
    });
    const text = await res.body.text();
    const ra = res.headers['retry-after'];
    return {
      status: res.statusCode,
      retryAfter: ra === undefined ? undefined : String(ra),
      body: text,
      ms: performance.now() - started,
    };
  } catch (err) {
    return { status: 0, body: '', ms: performance.now() - started, error: (err as Error).message };
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const DEMO_PASSWORD = 'DemoPass!2025';
export const STRONG_PASSWORD = 'Correct horse 42 drill';

export async function signIn(base: string, email = 'basic@hpbc.test'): Promise<string> {
  const res = await call(base, 'POST', '/api/user/login', { json: { email, password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { token: string }).token;
}

/** Resident memory of a process in MB (from /proc). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export function pool(url: string): pg.Pool {
  const p = new pg.Pool({ connectionString: url, max: 2 });
  p.on('error', () => undefined);
  return p;
}

/** Counts answers by status (0: connection error). */
export function tally(answers: Pick<Answer, 'status'>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[String(a.status)] = (out[String(a.status)] ?? 0) + 1;
  return out;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export interface DrillResult {
  name: string;
  title: string;
  pass: boolean;
  /** Figure name → value, printed and written in order. */
  figures: [string, string | number][];
  criteria: string[];
  notes?: string[];
}

/** Prints the figures and the PASS/FAIL line, and writes bench/results/drills-<name>.md. */
export function report(r: DrillResult, machine: string): void {
  const lines = [
    `# Drill: ${r.title}`,
    '',
    `Run ${new Date().toISOString()} with \`npm run drills -- ${r.name}\` on ${machine}.`,
    '',
    '| Figure | Value |',
    '| --- | --- |',
    ...r.figures.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    'Pass criteria:',
    '',
    ...r.criteria.map((c) => `- ${c}`),
    '',
    ...(r.notes?.length ? ['Notes:', '', ...r.notes.map((n) => `- ${n}`), ''] : []),
    `**${r.pass ? 'PASS' : 'FAIL'}**`,
    '',
  ];
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const out = path.join(ROOT, 'bench', 'results', `drills-${r.name}.md`);
  writeFileSync(out, text);
}

/** A log file per drill run (the portals' warnings and errors), under the OS temp folder. */
export function drillLog(name: string): { file: string; log: (l: string) => void } {
  const file = path.join(tmpdir(), `hpbc-drill-${name}-${Date.now()}.log`);
  return { file, log: (l) => appendFileSync(file, `${l}\n`) };
}
