// `npm run drills [-- name ...]`: the fault drills of issue 15, one after another, on a
// PRIVATE PostgreSQL cluster (initdb on a free port; the shared server is never touched).
// Each prints its figures and a PASS or FAIL line and writes bench/results/drills-<name>.md.
// Not part of `npm test`. See bench/drills/README.md.
import { machine } from '../lib/machine';
import { killUnderWrites } from './kill-9';
import { privatePostgres, removeDataDirs, report, type DrillResult, type PrivatePostgres } from './lib';
import { nginxKill } from './nginx-kill';
import { postgresStop } from './postgres-stop';
import { smtpDown } from './smtp-down';
import { soak } from './soak';

const DRILLS: Record<string, (pg: PrivatePostgres) => Promise<DrillResult>> = {
  'kill-9': killUnderWrites,
  'postgres-stop': postgresStop,
  'smtp-down': smtpDown,
  'nginx-kill': nginxKill,
  soak,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(DRILLS);
for (const n of names) {
  if (!DRILLS[n]) {
    console.error(`unknown drill ${n}; known: ${Object.keys(DRILLS).join(', ')}`);
    process.exit(2);
  }
}
const m = machine();
const where = `${m.nproc} cores (${m.cpu}), ${m.memory_gb} GB, ${m.platform}, Node ${m.node}, commit ${m.commit ?? '?'}, load average ${m.load_average_1m} at the start (a shared machine)`;
const pg = await privatePostgres();
const results: DrillResult[] = [];
try {
  for (const n of names) {
    console.log(`\n=== drill ${n} ===`);
    let r: DrillResult;
    try {
      r = await DRILLS[n]!(pg);
    } catch (err) {
      r = {
        name: n,
        title: n,
        pass: false,
        figures: [['error', (err as Error).message]],
        criteria: ['the drill runs to its end'],
      };
    }
    report(r, where);
    results.push(r);
  }
} finally {
  pg.destroy();
  removeDataDirs();
}
console.log('\nSummary:');
for (const r of results) console.log(`  ${r.pass ? 'PASS' : 'FAIL'}  ${r.name}`);
process.exit(results.every((r) => r.pass) ? 0 : 1);
