// The portal's fixed cost per request (docs/decisions/125): the small answers of
// `npm run bench` (GET /api/eiet-list, and the library search behind TRUST_PROXY with an
// address per request) on one or more compiled servers side by side, against a bare
// node:http server sending the same bytes, in alternating rounds, as bench/run.ts measures
// them (10 connections, `Accept-Encoding: br, gzip`, the log read from a pipe). Beside CPU per
// request it shows which threads of the process spent it (/proc/<pid>/task): the main thread,
// libuv's pool (the log's writes), V8's helpers (the garbage collector), the embedded database.
//
//   node scripts/server-build.mjs && node --import tsx bench/fixed-cost.ts
//   FIXED_BUILDS=before=apps/api/dist-before/server.mjs,after=apps/api/dist/server.mjs
//   FIXED_CASES=eiet,search,project   FIXED_SECONDS=4 (a round)   FIXED_ROUNDS=3
//   FIXED_PROFILE=1: each build under `node --cpu-prof` instead, its main thread's busy time
//   during the load summed by area and function (bench/lib/cpu-profile.ts); no bare server.
// Prints only: the ratios belong to a quiet machine's `npm run bench`; this is for finding and
// comparing, with `uptime` beside the figures.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Request } from 'autocannon';
import { readProfile, summarizeProfile } from './lib/cpu-profile';
import { fetchRaw, measure, startBareServer, type LoadTarget } from './lib/http-load';
import { ROOT, startPortal, type RunningPortal } from './lib/portal';
import { serverEntry } from '../scripts/server-build.mjs';

const SECONDS = Number(process.env.FIXED_SECONDS ?? 4);
const ROUNDS = Number(process.env.FIXED_ROUNDS ?? 3);
const PROFILE = process.env.FIXED_PROFILE === '1';
const CONNECTIONS = 10;
const ACCEPT_ENCODING = 'br, gzip';

const CASES = {
  eiet: { path: '/api/eiet-list', proxy: false },
  project: { path: '/api/project-list', proxy: false },
  search: { path: '/api/library/search?q=fire', proxy: true },
} as const;
type CaseName = keyof typeof CASES;

const builds = (process.env.FIXED_BUILDS ?? `portal=${serverEntry()}`).split(',').map((b) => {
  const [label, file] = b.split('=');
  return { label: label!, entry: path.resolve(ROOT, file!) };
});
const cases = (process.env.FIXED_CASES ?? 'eiet,search').split(',') as CaseName[];

/** As bench/run.ts: each request from an address of its own, believed with TRUST_PROXY=loopback. */
let nextAddress = 0;
function fromManyAddresses(req: Request): Request {
  const n = nextAddress++;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return { ...req, headers: { ...req.headers, 'x-forwarded-for': address } };
}

/** CPU time (ms) of each kind of thread of a process: its name in /proc (`node`, `libuv-worker`, `V8 DefaultWorke`...). */
function threadCpu(pid: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (pid === undefined) return out;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime in clock ticks (100 a second); the kernel's share under "(system)".
      out.set(name, (out.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10);
      out.set('(system)', (out.get('(system)') ?? 0) + Number(fields[12]) * 10);
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

interface Tally {
  label: string;
  target: LoadTarget;
  requests: number;
  cpuMs: number;
  rps: number[];
  threads: Map<string, number>;
  /** Monotonic microseconds of each round, for the profile. */
  windows: [number, number][];
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function round(t: Tally, load: Parameters<typeof measure>[1]): Promise<void> {
  const before = threadCpu(t.target.pid);
  const from = nowUs();
  const f = await measure(t.target, load);
  t.windows.push([from, nowUs()]);
  const after = threadCpu(t.target.pid);
  if (f.errors || f.non_2xx) throw new Error(`${t.label}: ${f.errors} errors, ${f.non_2xx} non-2xx answers`);
  t.requests += f.requests;
  t.cpuMs += f.cpu_ms ?? 0;
  t.rps.push(f.requests_per_second);
  for (const [name, ms] of after) t.threads.set(name, (t.threads.get(name) ?? 0) + ms - (before.get(name) ?? 0));
}

async function runCase(name: CaseName, seeded: string): Promise<void> {
  const c = CASES[name];
  const profileDirs: string[] = [];
  const portals: RunningPortal[] = [];
  const tallies: Tally[] = [];
  try {
    for (const b of builds) {
      // One process per data folder (its lock): each build on a copy of the seeded one.
      const dataDir = mkdtempSync(path.join(tmpdir(), `hpbc-fixed-${b.label}-`));
      cpSync(seeded, dataDir, { recursive: true });
      const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'hpbc-fixed-prof-')) : undefined;
      if (profileDir) profileDirs.push(profileDir);
      const p = await startPortal({
        entry: b.entry,
        dataDir,
        env: c.proxy ? { TRUST_PROXY: 'loopback' } : {},
        nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-interval', '250'] : [],
      });
      portals.push({
        ...p,
        stop: async () => {
          await p.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      });
      tallies.push({
        label: b.label,
        target: { url: `${p.url}${c.path}`, pid: p.pid },
        requests: 0,
        cpuMs: 0,
        rps: [],
        threads: new Map(),
        windows: [],
      });
    }
    const first: Record<string, string> = c.proxy ? { 'x-forwarded-for': '10.255.255.254' } : {};
    const answer = await fetchRaw(`${portals[0]!.url}${c.path}`, { ...first, 'accept-encoding': ACCEPT_ENCODING });
    for (const p of portals.slice(1)) {
      const other = await fetchRaw(`${p.url}${c.path}`, { ...first, 'accept-encoding': ACCEPT_ENCODING });
      if (!other.body.equals(answer.body)) console.log(`note: the builds answer ${c.path} with different bytes`);
    }
    const bare = PROFILE ? undefined : await startBareServer(answer);
    if (bare)
      tallies.push({
        label: 'bare node:http',
        target: { url: `${bare.url}${c.path}`, pid: bare.pid },
        requests: 0,
        cpuMs: 0,
        rps: [],
        threads: new Map(),
        windows: [],
      });
    try {
      const more = c.proxy ? { requests: [{ method: 'GET', path: c.path, setupRequest: fromManyAddresses }] } : {};
      const load = { connections: CONNECTIONS, headers: { 'accept-encoding': ACCEPT_ENCODING }, more };
      for (const t of tallies) await measure(t.target, { ...load, seconds: 2 });
      const loadAtStart = loadavg()[0]!.toFixed(2);
      for (let r = 0; r < ROUNDS; r++) for (const t of tallies) await round(t, { ...load, seconds: SECONDS });
      console.log(
        `\nGET ${c.path}: ${ROUNDS} rounds of ${SECONDS} s each, alternating; load average ${loadAtStart} at the start, ${loadavg()[0]!.toFixed(2)} at the end`,
      );
      const bareUs = bare ? (tallies.at(-1)!.cpuMs * 1000) / tallies.at(-1)!.requests : undefined;
      for (const t of tallies) {
        const us = (t.cpuMs * 1000) / t.requests;
        const threads = [...t.threads]
          .filter(([, ms]) => ms > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([n, ms]) => `${n} ${((ms * 1000) / t.requests).toFixed(1)}`)
          .join(', ');
        console.log(
          `  ${t.label.padEnd(16)} ${us.toFixed(1).padStart(6)} µs/request${bareUs ? ` (${(us / bareUs).toFixed(2)}×)` : ''}` +
            `  requests/s ${t.rps.join(', ')}  threads µs/request: ${threads}`,
        );
      }
    } finally {
      await bare?.stop();
    }
  } finally {
    for (const p of portals) await p.stop();
  }
  for (const [i, dir] of profileDirs.entries()) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    // The main thread's profile is the largest (the database's thread writes one too).
    const main = files.map((f) => path.join(dir, f)).sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
    if (main) {
      const s = summarizeProfile(readProfile(main), 30, tallies[i]!.windows);
      console.log(`\n  ${tallies[i]!.label}: main thread busy ${s.busy_ms} ms during the load`);
      for (const a of s.by_area) console.log(`    ${String(a.share).padStart(5)} %  ${a.name}`);
      console.log('    top functions:');
      for (const f of s.top_functions) console.log(`    ${String(f.share).padStart(5)} %  ${f.name}`);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`builds: ${builds.map((b) => `${b.label} (${path.relative(ROOT, b.entry)})`).join(', ')}`);
  // One seeded data folder (the first build's first start), copied for every start after.
  const seeding = await startPortal({
    entry: builds[0]!.entry,
    dataDir: mkdtempSync(path.join(tmpdir(), 'hpbc-fixed-seed-')),
  });
  await seeding.stop();
  try {
    for (const name of cases) await runCase(name, seeding.dataDir);
  } finally {
    rmSync(seeding.dataDir, { recursive: true, force: true });
  }
}

await main();
