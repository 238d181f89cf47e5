// A decade of data (issue 31): the portal on PostgreSQL with, at the largest size, 1,000,000
// projects, 100,000 registrations with their histories, comments and documents' rows,
// 1,000,000 audit entries and 200,000 inspections, seeded in SQL (generate_series: minutes,
// not hours). For each size: every list and search the pages use at 10 connections (p99),
// the admin dashboard, open data streamed whole while the server's memory is sampled, the
// start on that database, and each process's resident memory; then how each cost grows from
// the smallest size to the largest.
//
//   npm run build && node --import tsx bench/decade.ts
//   DECADE_SIZES=10000,100000,1000000 (projects; the other tables scale with them)
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres   DECADE_SECONDS=5
// Results: bench/results/decade.{json,md}.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Goal } from './lib/goals';
import { measure } from './lib/http-load';
import { machine } from './lib/machine';
import { freePort, ROOT } from './lib/portal';
import { ensureServerBuilt, serverEntry } from '../scripts/server-build.mjs';

const SIZES = (process.env.DECADE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.DECADE_SECONDS ?? 5);
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEMO_PASSWORD = 'DemoPass!2025';
const RESULTS = path.join(ROOT, 'bench/results');
const LIST_P99_MS = 100;
const DASHBOARD_P99_MS = 300;
const START_MS = 5000;
const RSS_MIB = 400;

async function pgClient(url: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

async function freshDatabase(name: string): Promise<string> {
  const admin = await pgClient(PG);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts the portal on `databaseUrl` and resolves when it answers, with the time that took. */
async function startOn(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  ensureServerBuilt();
  const child = spawn(process.execPath, [serverEntry()], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      DEMO_PROJECTS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode})`);
    try {
      const res = await fetch(`${url}/readyz`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startMs = Math.round(performance.now() - started);
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    pid: child.pid!,
    startMs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/**
 * The data of `projects` projects' decade, written in SQL: registrations (one per ten
 * projects) by 2,000 developers with three history rows, two comments and four documents'
 * rows each, an audit entry per project, an inspection per five projects.
 */
async function seed(databaseUrl: string, projects: number): Promise<number> {
  const db = await pgClient(databaseUrl);
  const regs = Math.max(10, Math.floor(projects / 10));
  const started = performance.now();
  const hash = "repeat('a', 64)";
  await db.query(`
    INSERT INTO projects (rn_number, project_name, developer, status, basement, storey, building_height, location, region, state, created_at, updated_at)
    SELECT 100000 + g, 'Tower ' || g || (ARRAY[' Yangon',' Mandalay',' Hospital',' School',' Plaza'])[1 + g % 5],
      'Developer ' || (g % 2000), (ARRAY['Active','Completed','Under Construction'])[1 + g % 3],
      g % 4, 8 + g % 30, (8 + g % 30) * 3.2, 'Township ' || (g % 330), 'Yangon', 'ရန်ကုန်တိုင်းဒေသကြီး',
      now() - (g % 3650) * interval '1 day', now() - (g % 3650) * interval '1 day'
    FROM generate_series(1, ${projects}) g`);
  await db.query(`
    INSERT INTO users (name, email, password_hash, email_verified_at, status)
    SELECT 'Decade Developer ' || g, 'decade-' || g || '@hpbc.test', (SELECT password_hash FROM users WHERE email = 'project@hpbc.test'), now(), 'active'
    FROM generate_series(1, 2000) g ON CONFLICT DO NOTHING`);
  await db.query(`
    INSERT INTO registrations (user_id, reference_number, status, current_step, data, submitted_at, content_sha256, created_at, updated_at)
    SELECT u.id, 'HPBC-D-' || g, (ARRAY['Submitted','Under Review','Returned for changes','Approved','Rejected'])[1 + g % 5], 8,
      jsonb_build_object('project_name', 'Decade tower ' || g, 'township', 'Township ' || (g % 330)),
      now() - (g % 3650) * interval '1 day', ${hash}, now() - (g % 3650) * interval '1 day', now() - (g % 3650) * interval '1 day'
    FROM generate_series(1, ${regs}) g
    JOIN users u ON u.email = 'decade-' || (1 + g % 2000) || '@hpbc.test'`);
  await db.query(`
    INSERT INTO registration_status_history (registration_id, status, note, created_at)
    SELECT r.id, s.status, NULL, r.submitted_at + s.n * interval '3 days'
    FROM registrations r CROSS JOIN (VALUES (0, 'Submitted'), (1, 'Under Review'), (2, 'Approved')) s(n, status)
    WHERE r.reference_number LIKE 'HPBC-D-%'`);
  await db.query(`
    INSERT INTO registration_comments (registration_id, round, discipline, field, text, author_name, created_at)
    SELECT r.id, 1, d.discipline, 'storeys', 'Check the storey count against the drawings.', 'Decade Counterpart', r.submitted_at + interval '2 days'
    FROM registrations r CROSS JOIN (VALUES ('structural'), ('fire')) d(discipline)
    WHERE r.reference_number LIKE 'HPBC-D-%'`);
  await db.query(`
    INSERT INTO registration_documents (registration_id, discipline, kind, number, title, revision, round, pages, size, sha256, file_key, file_name, uploaded_at)
    SELECT r.id, 'structural', 'drawing', 'S-' || n, 'Sheet ' || n, 'A', 1, 1, 100000, md5(r.id || '-' || n) || md5(n || '-' || r.id), 'decade/' || r.id || '/' || n, 'S-' || n || '.pdf', r.submitted_at
    FROM registrations r CROSS JOIN generate_series(1, 4) n
    WHERE r.reference_number LIKE 'HPBC-D-%'`);
  await db.query(`
    INSERT INTO audit_log (actor_id, actor_name, actor_email, action, record_type, record_id, before, after, created_at)
    SELECT NULL, 'Decade Administrator', 'admin@hpbc.test', 'update', 'project', (g % ${projects} + 1)::text,
      jsonb_build_object('status', 'Active'), jsonb_build_object('status', 'Completed'), now() - (g % 3650) * interval '1 day'
    FROM generate_series(1, ${projects}) g`);
  await db.query(`
    INSERT INTO inspections (registration_id, eiet_company_id, kind, scheduled_for, status, outcome, remarks, created_at, updated_at)
    SELECT r.id, (SELECT min(id) FROM eiet_companies), 'structure', r.submitted_at + (n * 30) * interval '1 day', 'done', 'passed', 'Fine.', r.submitted_at, r.submitted_at
    FROM registrations r CROSS JOIN generate_series(1, 2) n
    WHERE r.reference_number LIKE 'HPBC-D-%'`);
  await db.query('ANALYZE');
  await db.end();
  return Math.round((performance.now() - started) / 1000);
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, remember: false, type: 'user' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`${email} could not sign in (${res.status})`);
  return body.token;
}

/** The page a screen asks for, with the account it is asked as. */
function pages(projects: number, tokens: { admin: string; developer: string; company: string; counterpart: string }) {
  const as = (t: string) => ({ authorization: `Bearer ${t}` });
  return [
    { name: 'project list, first page', path: '/api/project-list?page=1&per_page=25', headers: {} },
    {
      name: 'project list, last page',
      path: `/api/project-list?page=${Math.ceil(projects / 25)}&per_page=25`,
      headers: {},
    },
    { name: 'project list, searched', path: '/api/project-list?project=Hospital&per_page=25', headers: {} },
    { name: 'project list, by status', path: '/api/project-list?status=Completed&per_page=25', headers: {} },
    { name: 'one project', path: `/api/project-list/${Math.ceil(projects / 2)}`, headers: {} },
    { name: 'library search', path: '/api/library/search?q=fire', headers: {} },
    { name: 'statistics', path: '/api/statistics', headers: {} },
    { name: 'admin registrations', path: '/api/admin/registrations?page=1', headers: as(tokens.admin) },
    {
      name: 'admin registrations, searched',
      path: '/api/admin/registrations?search=HPBC-D-777',
      headers: as(tokens.admin),
    },
    { name: 'admin audit log', path: '/api/admin/audit-log?page=1', headers: as(tokens.admin) },
    { name: 'admin dashboard', path: '/api/admin/dashboard', headers: as(tokens.admin), limit: DASHBOARD_P99_MS },
    { name: 'counterpart queue', path: '/api/reviews', headers: as(tokens.counterpart) },
    { name: 'company inbox', path: '/api/company/service-requests', headers: as(tokens.company) },
    { name: 'developer registrations', path: '/api/registrations', headers: as(tokens.developer) },
  ];
}

/** Streams a download whole while sampling the server's resident memory every 50 ms. */
async function streamed(url: string, pid: number) {
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
  const started = performance.now();
  const res = await fetch(url);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  clearInterval(timer);
  return {
    status: res.status,
    bytes,
    ms: Math.round(performance.now() - started),
    rss_before_mib: before,
    rss_peak_mib: peak,
  };
}

interface SizeResult {
  projects: number;
  seed_s: number;
  start_ms: number;
  rss_mib: number;
  pages: { name: string; p99_ms: number; rps: number; limit_ms: number }[];
  open_data: Record<string, Awaited<ReturnType<typeof streamed>>>;
}

async function runSize(projects: number): Promise<SizeResult> {
  const databaseUrl = await freshDatabase(`hpbc_decade_${projects}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hpbc-decade-'));
  console.log(`\n${projects} projects: migrating and seeding the demo...`);
  await (await startOn(databaseUrl, dataDir)).stop();
  console.log(`${projects} projects: writing the decade's rows...`);
  const seedS = await seed(databaseUrl, projects);
  console.log(`${projects} projects: seeded in ${seedS} s; starting on it...`);
  const portal = await startOn(databaseUrl, dataDir);
  try {
    const tokens = {
      admin: await signIn(portal.url, 'admin@hpbc.test'),
      developer: await signIn(portal.url, 'project@hpbc.test'),
      company: await signIn(portal.url, 'eiet@hpbc.test'),
      counterpart: await signIn(portal.url, 'national@hpbc.test'),
    };
    const figures: SizeResult['pages'] = [];
    for (const p of pages(projects, tokens)) {
      const f = await measure(
        { url: `${portal.url}${p.path}`, pid: portal.pid },
        { seconds: SECONDS, connections: 10, headers: { 'accept-encoding': 'br, gzip', ...p.headers } },
      );
      figures.push({
        name: p.name,
        p99_ms: f.latency_p99_ms,
        rps: f.requests_per_second,
        limit_ms: p.limit ?? LIST_P99_MS,
      });
      console.log(`  ${p.name}: p99 ${f.latency_p99_ms} ms (${f.requests_per_second}/s)`);
    }
    const openData: SizeResult['open_data'] = {};
    for (const file of ['projects.csv', 'projects.json']) {
      openData[file] = await streamed(`${portal.url}/api/open-data/${file}`, portal.pid);
      console.log(`  open data ${file}: ${JSON.stringify(openData[file])}`);
    }
    return {
      projects,
      seed_s: seedS,
      start_ms: portal.startMs,
      rss_mib: rssMiB(portal.pid),
      pages: figures,
      open_data: openData,
    };
  } finally {
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const m = machine();
const results: SizeResult[] = [];
for (const size of SIZES) results.push(await runSize(size));
const quiet = m.load_average_1m <= 1;
const largest = results[results.length - 1]!;
const smallest = results[0]!;
const goals: Goal[] = [
  ...largest.pages.map((p) => ({
    goal: `${p.name}: p99 ≤ ${p.limit_ms} ms at 10 connections, ${largest.projects.toLocaleString('en')} projects`,
    figure: `${p.p99_ms} ms`,
    met: quiet && p.p99_ms <= p.limit_ms,
  })),
  ...Object.entries(largest.open_data).map(([file, o]) => ({
    goal: `open data ${file} streamed whole with the server's memory flat (peak within 50 MiB of before)`,
    figure: `${(o.bytes / 2 ** 20).toFixed(0)} MiB in ${o.ms} ms; resident ${o.rss_before_mib} → peak ${o.rss_peak_mib} MiB`,
    met: quiet && o.status === 200 && o.rss_peak_mib - o.rss_before_mib <= 50,
  })),
  {
    goal: `start on that database ≤ ${START_MS / 1000} s`,
    figure: `${(largest.start_ms / 1000).toFixed(1)} s`,
    met: quiet && largest.start_ms <= START_MS,
  },
  {
    goal: `resident memory ≤ ${RSS_MIB} MiB`,
    figure: `${largest.rss_mib} MiB`,
    met: quiet && largest.rss_mib <= RSS_MIB,
  },
];
const growth = largest.pages.map((p, i) => ({
  name: p.name,
  from_ms: smallest.pages[i]!.p99_ms,
  to_ms: p.p99_ms,
  factor: Math.round((p.p99_ms / Math.max(1, smallest.pages[i]!.p99_ms)) * 10) / 10,
}));
mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  path.join(RESULTS, 'decade.json'),
  `${JSON.stringify({ machine: m, results, growth, goals }, null, 2)}\n`,
);
const md = [
  '# A decade of data (issue 31)',
  '',
  `${m.date}, commit ${m.commit}, ${m.nproc} cores, load average ${m.load_average_1m} at the start${quiet ? '' : ' — above 1: no goal is counted as met from this run'}. PostgreSQL 15 on the same machine; ${SECONDS} s per page at 10 connections.`,
  '',
  '| Goal | Figure | Met |',
  '| --- | --- | --- |',
  ...goals.map((g) => `| ${g.goal} | ${g.figure} | ${g.met ? 'met' : 'not met'} |`),
  '',
  `How each page's p99 grows from ${smallest.projects.toLocaleString('en')} to ${largest.projects.toLocaleString('en')} projects (a page that shows 25 rows should not grow with the total):`,
  '',
  '| Page | p99, smallest | p99, largest | × |',
  '| --- | --- | --- | --- |',
  ...growth.map((g) => `| ${g.name} | ${g.from_ms} ms | ${g.to_ms} ms | ${g.factor} |`),
  '',
  `Seeding: ${results.map((r) => `${r.projects.toLocaleString('en')} projects in ${r.seed_s} s`).join(', ')}.`,
];
writeFileSync(path.join(RESULTS, 'decade.md'), `${md.join('\n')}\n`);
console.log(`\n${md.join('\n')}`);
