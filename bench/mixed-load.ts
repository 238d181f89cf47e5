// The portal under a national deadline day's mixed load (issue 31), as deployed:
//  (a) `npm start` as it is (one process, embedded database), and
//  (b) two processes behind the documented nginx (scripts/cluster-lib.ts) on PostgreSQL.
// The workload is `bench/lib/workload.ts`; requests leave at a fixed rate from 128 client
// addresses (`bench/lib/open-loop.ts`). For each set-up: steps of rising rate (20 s each)
// until p99 passes 200 ms or a 5xx appears, then the highest good rate held for 5 minutes,
// then 30 s at that rate with a CPU profile (where the time goes). Finally, through nginx,
// the project list against nginx serving the same bytes as a static file (the ceiling).
//
//   npm run build && node --import tsx bench/mixed-load.ts
//   MIXED_TARGETS=a|b|a,b   MIXED_STEPS=100,200,...   MIXED_STEP_SECONDS=20   MIXED_HOLD_SECONDS=300
//   MIXED_COST_SECONDS=3 (each kind of request alone first, for its CPU cost; 0 leaves it out)
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres (the server (b) creates its database on)
// Results: bench/results/mixed-load.{json,md}; a run of one target alone writes
// mixed-load-a.* or mixed-load-b.* instead, so it never overwrites a full run (`bench/run.ts`
// takes each goal from the newest file that reports it). Commit only a run that started below load 1.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import {
  ensureDatabase,
  portalEnv as clusterEnv,
  startNginx,
  startPortalProcess,
  waitReady,
  type Proc,
} from '../scripts/cluster-lib';
import type { Goal } from './lib/goals';
import { cpuMs, measure } from './lib/http-load';
import { cpuBetween, cpuSnapshot, machine, waitForQuiet } from './lib/machine';
import { clientAddress, runOpenLoop, type StepFigures } from './lib/open-loop';
import { readProfile, summarizeProfile, type ProfileSummary } from './lib/cpu-profile';
import { freePort, ROOT, startPortal } from './lib/portal';
import { WORKLOAD, workloadTable, type WorkContext } from './lib/workload';

const TARGETS = (process.env.MIXED_TARGETS ?? 'a,b').split(',');
const STEPS = (process.env.MIXED_STEPS ?? '100,200,300,400,500,600,700,800,1000').split(',').map(Number);
const STEP_SECONDS = Number(process.env.MIXED_STEP_SECONDS ?? 20);
const HOLD_SECONDS = Number(process.env.MIXED_HOLD_SECONDS ?? 300);
const PROFILE_SECONDS = 30;
const COST_SECONDS = Number(process.env.MIXED_COST_SECONDS ?? 3);
const P99_LIMIT_MS = 200;
const DEVELOPERS = 32;
const PASSWORD = 'Quartz-Lantern-Orbit-58';
const DEMO_PASSWORD = 'DemoPass!2025';
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RESULTS = path.join(ROOT, 'bench/results');

interface Deployment {
  name: string;
  url: string;
  pids: number[];
  dataDirs: string[];
  stop(): Promise<void>;
}

// ---- the two set-ups ---------------------------------------------------------------------

async function deployA(profileDir?: string, dataDir?: string): Promise<Deployment> {
  const p = await startPortal({
    dataDir,
    nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  });
  return { name: 'a', url: p.url, pids: [p.pid!], dataDirs: [p.dataDir], stop: p.stop };
}

async function deployB(
  profileDir?: string,
  reuse?: { work: string; databaseUrl: string },
): Promise<Deployment & { work: string; databaseUrl: string }> {
  const work = reuse?.work ?? mkdtempSync(path.join(tmpdir(), 'hpbc-mixed-'));
  const databaseUrl = reuse?.databaseUrl ?? (await freshDatabase());
  const port = await freePort();
  const ports = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${port}`;
  const procs: Proc[] = ports.map((p, i) =>
    startPortalProcess(
      `portal-${i + 1}`,
      clusterEnv({
        port: p,
        dataDir: path.join(work, `portal-${i + 1}`),
        databaseUrl,
        appUrl,
        extra: { SEED_DEMO: 'true' },
      }),
      undefined,
      profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
    ),
  );
  await Promise.all(procs.map((p, i) => waitReady(`http://127.0.0.1:${ports[i]}`, p)));
  const nginxDir = path.join(work, 'nginx');
  rmSync(nginxDir, { recursive: true, force: true });
  mkdirSync(path.join(nginxDir, 'static'), { recursive: true });
  const nginx = startNginx({
    dir: nginxDir,
    listen: port,
    upstreams: ports,
    // The ceiling: nginx serving the project list's bytes as a plain file.
    extra: `    location /__ceiling/ {
      alias ${nginxDir}/static/;
      default_type application/json;
      add_header Content-Encoding br;
      add_header Vary Accept-Encoding;
    }`,
  });
  procs.push(nginx);
  await waitReady(appUrl, nginx);
  return {
    name: 'b',
    url: appUrl,
    pids: procs.slice(0, 2).map((p) => p.child.pid!),
    dataDirs: ports.map((_, i) => path.join(work, `portal-${i + 1}`)),
    work,
    databaseUrl,
    stop: async () => {
      for (const p of procs) p.child.kill(p.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
      await Promise.all(procs.map((p) => p.exited));
    },
  };
}

async function freshDatabase(): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS hpbc_bench_mixed WITH (FORCE)');
  await admin.end();
  const u = new URL(PG);
  u.pathname = '/hpbc_bench_mixed';
  await ensureDatabase(u.toString());
  return u.toString();
}

// ---- what the workload acts on -------------------------------------------------------------

async function api<T>(
  base: string,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
  from?: string,
): Promise<{ status: number; json: T }> {
  const { request } = await import('undici');
  const res = await request(`${base}${p}`, {
    method: method as 'GET',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(from ? { dispatcher: new (await import('undici')).Agent({ localAddress: from }) } : {}),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: (text ? JSON.parse(text) : {}) as T };
}

async function signIn(base: string, email: string, password: string, from: string): Promise<string> {
  const r = await api<{ token: string }>(
    base,
    'POST',
    '/api/user/login',
    { email, password, remember: false, type: 'user' },
    undefined,
    from,
  );
  if (r.status !== 200) throw new Error(`sign-in of ${email}: ${r.status}`);
  return r.json.token;
}

/** The verification link of the newest mail to `email` in the processes' mail folders. */
async function verificationPath(dataDirs: string[], email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    for (const dir of dataDirs) {
      const mailDir = path.join(dir, 'mail');
      let files: string[] = [];
      try {
        files = readdirSync(mailDir).filter((f) => f.includes(email.replace(/[^a-z0-9]/gi, '_')) || f.includes(email));
      } catch {
        // no mail yet
      }
      for (const f of files) {
        const mail = await PostalMime.parse(readFileSync(path.join(mailDir, f)));
        const m = /\/email\/verify\/(\d+)\/([a-f0-9]+)\?expires=(\d+)&(?:amp;)?signature=([a-f0-9]+)/.exec(
          mail.text ?? mail.html ?? '',
        );
        if (m) return `/api/user/email/verify/${m[1]}/${m[2]}?expires=${m[3]}&signature=${m[4]}`;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail to ${email}`);
}

async function prepareWorkload(d: Deployment): Promise<WorkContext> {
  const base = d.url;
  const list = await api<{ data: { id: number }[] }>(base, 'GET', '/api/project-list?page=1&per_page=100');
  const html = readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8');
  const entryScript = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? '/';
  const admin = await signIn(base, 'admin@hpbc.test', DEMO_PASSWORD, clientAddress(1000));
  const counterpart = await signIn(base, 'national@hpbc.test', DEMO_PASSWORD, clientAddress(1001));
  const company = await signIn(base, 'eiet@hpbc.test', DEMO_PASSWORD, clientAddress(1002));
  const reviews = await api<{ data: { registration: { id: number } }[] }>(
    base,
    'GET',
    '/api/reviews',
    undefined,
    counterpart,
  );
  const approved = await api<{ data: { reference_number: string | null }[] }>(
    base,
    'GET',
    '/api/admin/registrations?status=Approved&per_page=100',
    undefined,
    admin,
  );
  const developers: WorkContext['developers'] = [];
  for (let i = 0; i < DEVELOPERS; i++) {
    const email = `bench-developer-${i}@hpbc.test`;
    const from = clientAddress(2000 + i);
    const reg = await api(
      base,
      'POST',
      '/api/user/register',
      {
        name: `Bench Developer ${i}`,
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms: true,
      },
      undefined,
      from,
    );
    if (reg.status !== 201) throw new Error(`registering ${email}: ${reg.status} ${JSON.stringify(reg.json)}`);
    const verified = await api(base, 'GET', await verificationPath(d.dataDirs, email), undefined, undefined, from);
    if (verified.status !== 200) throw new Error(`verifying ${email}: ${verified.status}`);
    const token = await signIn(base, email, PASSWORD, from);
    const draft = await api<{ data: { id: number } }>(
      base,
      'POST',
      '/api/registrations',
      { data: { project_name: `Bench tower ${i}` } },
      token,
      from,
    );
    developers.push({ email, password: PASSWORD, token, draftId: draft.json.data.id });
  }
  return {
    projectIds: list.json.data.map((p) => p.id),
    references: approved.json.data.map((r) => r.reference_number).filter((r): r is string => !!r),
    entryScript,
    developers,
    counterpart: { token: counterpart, reviewIds: reviews.json.data.map((r) => r.registration.id) },
    company: { token: company },
    admin: { token: admin },
  };
}

// ---- the run ---------------------------------------------------------------------------------

interface TargetResult {
  name: string;
  steps: MachineStep[];
  /** What each kind of request costs the server, alone (where the time goes, by request). */
  cost: ItemCost[];
  held_rate: number | null;
  hold: MachineStep | null;
  /** Every 5-minute hold tried, best step first. */
  holds: MachineStep[];
  profile: ThreadProfile[] | null;
}

/** A profiled thread: "process <pid>, thread <n>" from node's file name CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile. */
type ThreadProfile = ProfileSummary & { thread: string };
function threadOf(file: string): string {
  const m = /\.(\d+)\.(\d+)\.\d+\.cpuprofile$/.exec(file);
  return m ? `process ${m[1]}, thread ${m[2]}${m[2] === '0' ? ' (main)' : ''}` : file;
}

interface ItemCost {
  name: string;
  per_1000: number;
  /** The server processes' CPU time (all threads) per request of this kind, follow-ups included. */
  cpu_ms: number;
  /** Answers 429 among them (a limit reached: cheaper than the request itself). */
  refused: number;
  /** Its share of the mixed load's CPU: cpu_ms times its weight, over the sum. */
  share: number;
}

/**
 * Each kind of request alone, at a low rate for a few seconds, with the server processes' CPU
 * time read from /proc before and after: what one request of each kind costs, and so which
 * kinds take the mixed load's time (the profile says where in the code; this says for what).
 */
async function costPerItem(d: Deployment, ctx: WorkContext): Promise<ItemCost[]> {
  const cpu = () => d.pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
  const table = workloadTable();
  // What the server spends doing nothing asked of it (timers, the mail worker): taken off each figure.
  const idleStart = cpu();
  await new Promise((r) => setTimeout(r, COST_SECONDS * 1000));
  const idlePerSecond = (cpu() - idleStart) / COST_SECONDS;
  const rows: Omit<ItemCost, 'share'>[] = [];
  for (const item of WORKLOAD) {
    const before = cpu();
    const s = await runOpenLoop({ base: d.url, rate: 40, seconds: COST_SECONDS, items: [item], ctx, seed: 5 });
    const figures = s.items.find((i) => i.name === item.name);
    const first = figures?.count ?? 0;
    rows.push({
      name: item.name,
      refused: figures?.status_429 ?? 0,
      per_1000: table.find((t) => t.name === item.name)!.per_1000,
      cpu_ms: first
        ? Math.max(0, Math.round(((cpu() - before - idlePerSecond * COST_SECONDS) / first) * 100) / 100)
        : 0,
    });
  }
  const total = rows.reduce((sum, r) => sum + r.cpu_ms * r.per_1000, 0);
  const out = rows.map((r) => ({ ...r, share: Math.round(((r.cpu_ms * r.per_1000) / total) * 1000) / 10 }));
  console.log(
    `(${d.name}) idle: ${Math.round(idlePerSecond)} ms of CPU a second; cost per request: ${out.map((r) => `${r.name} ${r.cpu_ms} ms`).join(', ')}`,
  );
  return out.sort((x, y) => y.share - x.share);
}

/**
 * A step with how busy the whole machine was meanwhile and who took it: a tail that grows while
 * p50 stays low is queueing, and this tells whether it queued for a saturated machine (the
 * portal, PostgreSQL, nginx and the load generator share its cores) or for something else.
 */
type MachineStep = StepFigures & { cpu: ReturnType<typeof cpuBetween> };
async function withMachineCpu(d: Deployment, step: () => Promise<StepFigures>): Promise<MachineStep> {
  const before = cpuSnapshot();
  const figures = await step();
  const cpu = cpuBetween(before, cpuSnapshot(), (pid, comm) =>
    d.pids.includes(pid)
      ? 'portal'
      : pid === process.pid
        ? 'load generator'
        : comm === 'postgres' || comm === 'nginx'
          ? comm
          : 'other',
  );
  return { ...figures, cpu };
}

/** "87 %: portal 41 %, postgres 30 %, …" (each share of all cores). */
const cpuText = (s: MachineStep) =>
  `${s.cpu.busy_pct} %: ${Object.entries(s.cpu.by_group)
    .map(([g, p]) => `${g} ${p} %`)
    .join(', ')}`;

const good = (s: StepFigures) => s.p99_ms <= P99_LIMIT_MS && s.status_5xx === 0 && s.failed === 0;

async function runTarget(name: 'a' | 'b'): Promise<TargetResult> {
  console.log(
    `\n(${name}) starting ${name === 'a' ? '`npm start` (one process, embedded database)' : 'two processes behind nginx on PostgreSQL'}...`,
  );
  const d = name === 'a' ? await deployA() : await deployB();
  const steps: MachineStep[] = [];
  let cost: ItemCost[] = [];
  let ctx: WorkContext;
  try {
    ctx = await prepareWorkload(d);
    console.log(
      `(${name}) ${ctx.developers.length} developers signed in, each with a draft; ${ctx.references.length} approved references`,
    );
    if (COST_SECONDS > 0) cost = await costPerItem(d, ctx);
    for (const rate of STEPS) {
      const s = await withMachineCpu(d, () =>
        runOpenLoop({ base: d.url, rate, seconds: STEP_SECONDS, items: WORKLOAD, ctx }),
      );
      steps.push(s);
      console.log(
        `(${name}) ${rate}/s for ${STEP_SECONDS} s: p99 ${s.p99_ms} ms, 5xx ${s.status_5xx}, failed ${s.failed}, 429 ${s.statuses['429'] ?? 0}, machine busy ${s.cpu.busy_pct} %`,
      );
      if (!good(s)) break;
    }
  } catch (err) {
    await d.stop();
    throw err;
  }
  // The highest rate held: the best step first; when 5 minutes at it fail, the step below it
  // (at most two tries, so that a run stays near its announced length). Every hold is kept.
  const candidates = steps
    .filter(good)
    .map((s) => s.rate)
    .reverse()
    .slice(0, 2);
  const holds: MachineStep[] = [];
  let hold: MachineStep | null = null;
  if (HOLD_SECONDS > 0) {
    for (const rate of candidates) {
      console.log(`(${name}) holding ${rate}/s for ${HOLD_SECONDS} s...`);
      hold = await withMachineCpu(d, () =>
        runOpenLoop({ base: d.url, rate, seconds: HOLD_SECONDS, items: WORKLOAD, ctx, seed: 7 }),
      );
      holds.push(hold);
      console.log(`(${name}) held: p99 ${hold.p99_ms} ms, 5xx ${hold.status_5xx}, failed ${hold.failed}`);
      if (good(hold)) break;
    }
  }
  const best = hold && good(hold) ? hold.rate : (candidates[0] ?? null);
  // The profile: the same set-up again on its data, profiled, for 30 s at the rate found.
  const keep =
    name === 'b'
      ? {
          work: (d as Awaited<ReturnType<typeof deployB>>).work,
          databaseUrl: (d as Awaited<ReturnType<typeof deployB>>).databaseUrl,
        }
      : undefined;
  const dataDir = name === 'a' ? d.dataDirs[0] : undefined;
  let profile: ThreadProfile[] | null = null;
  if (name === 'b') await d.stop();
  else await stopKeepingData(d);
  if (best !== null) {
    const profileDir = mkdtempSync(path.join(tmpdir(), 'hpbc-prof-'));
    const pd = name === 'a' ? await deployA(profileDir, dataDir) : await deployB(profileDir, keep);
    await runOpenLoop({ base: pd.url, rate: best, seconds: PROFILE_SECONDS, items: WORKLOAD, ctx, seed: 9 });
    await pd.stop();
    profile = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort()
      .map((f) => ({ thread: threadOf(f), ...summarizeProfile(readProfile(path.join(profileDir, f))) }))
      // tsx runs its module hooks in a thread of their own, whose profile is left out; the
      // servers' main threads and the embedded database's thread (decision 113) stay.
      .filter((p) => !p.by_area.slice(0, 4).some((a) => a.name === 'pkg:tsx'));
    rmSync(profileDir, { recursive: true, force: true });
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (keep) rmSync(keep.work, { recursive: true, force: true });
  return { name, steps, cost, held_rate: hold && good(hold) ? best : null, hold, holds, profile };
}

/** Stops a one-process set-up but keeps its data folder (the profiled run starts on it). */
async function stopKeepingData(d: Deployment): Promise<void> {
  const dir = d.dataDirs[0]!;
  const copy = `${dir}-kept`;
  execFileSync('cp', ['-a', dir, copy]);
  await d.stop();
  execFileSync('mv', [copy, dir]);
}

/** The project list through nginx (edge cache) against nginx serving its bytes as a file. */
async function edgeCeiling(): Promise<{ list_rps: number; static_rps: number; ratio: number }> {
  const d = await deployB();
  try {
    const { fetchRaw } = await import('./lib/http-load');
    const answer = await fetchRaw(`${d.url}/api/project-list`, { 'accept-encoding': 'br, gzip' });
    writeFileSync(path.join(d.work, 'nginx/static/project-list.json'), answer.body);
    const headers = { 'accept-encoding': 'br, gzip' };
    const list = await measure({ url: `${d.url}/api/project-list` }, { seconds: 10, connections: 10, headers });
    const ceiling = await measure(
      { url: `${d.url}/__ceiling/project-list.json` },
      { seconds: 10, connections: 10, headers },
    );
    return {
      list_rps: list.requests_per_second,
      static_rps: ceiling.requests_per_second,
      ratio: list.requests_per_second / ceiling.requests_per_second,
    };
  } finally {
    await d.stop();
    rmSync(d.work, { recursive: true, force: true });
  }
}

await waitForQuiet();
const m = machine();
console.log(
  `machine load at start: ${m.load_average_1m}${m.load_average_1m > 1 ? ' (above 1: no goal can be reported as met from this run)' : ''}`,
);
const results: TargetResult[] = [];
for (const t of TARGETS) results.push(await runTarget(t as 'a' | 'b'));
const edge = TARGETS.includes('b') ? await edgeCeiling() : null;

const quiet = m.load_average_1m <= 1;
const a = results.find((r) => r.name === 'a');
const b = results.find((r) => r.name === 'b');
const goals: Goal[] = [];
if (a) {
  goals.push({
    goal: `(a) npm start: ≥ 500 mixed requests/s held 5 min, p99 ≤ ${P99_LIMIT_MS} ms, no 5xx`,
    figure:
      a.held_rate === null
        ? 'no rate held'
        : `${a.held_rate}/s (p99 ${a.hold!.p99_ms} ms, ${a.held_rate / m.nproc}/s per core)`,
    met: quiet && (a.held_rate ?? 0) >= 500,
  });
}
if (a && b) {
  goals.push({
    goal: '(b) two processes behind nginx on PostgreSQL not slower than (a)',
    figure: `${b.held_rate ?? 0}/s against ${a.held_rate ?? 0}/s`,
    met: quiet && (b.held_rate ?? 0) >= (a.held_rate ?? 0) && (b.held_rate ?? 0) > 0,
  });
}
if (edge) {
  goals.push({
    goal: 'project list through nginx ≥ 80 % of nginx serving the same bytes as a file',
    figure: `${Math.round(edge.list_rps)} against ${Math.round(edge.static_rps)} requests/s (${Math.round(edge.ratio * 100)} %)`,
    met: quiet && edge.ratio >= 0.8,
  });
}

mkdirSync(RESULTS, { recursive: true });
const RESULT_NAME = TARGETS.includes('a') && TARGETS.includes('b') ? 'mixed-load' : `mixed-load-${TARGETS.join('')}`;
const out = {
  machine: m,
  workload: workloadTable(),
  step_seconds: STEP_SECONDS,
  hold_seconds: HOLD_SECONDS,
  results,
  edge,
  goals,
};
writeFileSync(path.join(RESULTS, `${RESULT_NAME}.json`), `${JSON.stringify(out, null, 2)}\n`);
const md = [
  '# Mixed load (issue 31)',
  '',
  `${m.date}, commit ${m.commit}, ${m.nproc} cores, load average ${m.load_average_1m} at the start${quiet ? '' : ' — above 1: the goals are not counted as met from this run'}.`,
  `Steps of ${STEP_SECONDS} s, the best held ${HOLD_SECONDS} s. Workload: \`bench/lib/workload.ts\`.`,
  '',
  '| Goal | Figure | Met |',
  '| --- | --- | --- |',
  ...goals.map((g) => `| ${g.goal} | ${g.figure} | ${g.met ? 'met' : 'not met'} |`),
  '',
  ...results.flatMap((r) => [
    `## (${r.name})`,
    '',
    '| Rate | p50 | p99 | 5xx | 429 | failed | machine busy (of all cores) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...r.steps.map(
      (s) =>
        `| ${s.rate}/s | ${s.p50_ms} ms | ${s.p99_ms} ms | ${s.status_5xx} | ${s.statuses['429'] ?? 0} | ${s.failed} | ${cpuText(s)} |`,
    ),
    '',
    ...(r.holds.length
      ? r.holds.map(
          (h) =>
            `Held ${h.rate}/s for ${h.seconds} s: p99 ${h.p99_ms} ms, 5xx ${h.status_5xx}, failed ${h.failed}${good(h) ? '' : ' (not held)'}; machine busy ${cpuText(h)}.`,
        )
      : ['No rate held.']),
    '',
    ...(r.cost.length
      ? [
          'What each kind of request costs the server alone (CPU time per request, follow-ups included), and its share of the mix:',
          '',
          '| Request | Per 1000 | CPU per request | Share of CPU | Refused (429) |',
          '| --- | --- | --- | --- | --- |',
          ...r.cost.map((c) => `| ${c.name} | ${c.per_1000} | ${c.cpu_ms} ms | ${c.share} % | ${c.refused} |`),
          '',
        ]
      : []),
    'Slowest requests at that rate (p99):',
    '',
    ...(r.hold?.items.slice(0, 8).map((i) => `- ${i.name}: p99 ${i.p99_ms} ms (${i.count} requests)`) ?? []),
    '',
    `Where the time goes (CPU self time by area, per thread, over ${PROFILE_SECONDS} s):`,
    '',
    ...(r.profile?.flatMap((p) => [
      `${p.thread}, busy ${Math.round(p.busy_ms / 100) / 10} s: ${p.by_area
        .slice(0, 10)
        .map((s) => `${s.name} ${s.share} %`)
        .join(', ')}`,
      '',
    ]) ?? []),
  ]),
];
writeFileSync(path.join(RESULTS, `${RESULT_NAME}.md`), `${md.join('\n')}\n`);
console.log(`\n${md.join('\n')}`);
