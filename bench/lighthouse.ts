/**
 * Lighthouse alone on the built portal (`npm run build` first): the pages of
 * bench/lib/lighthouse.ts, median of RUNS (default 5), printed as a table. `npm run bench`
 * runs the same audit among the other benchmarks. PAGES=/,/library (paths) or
 * PAGES='admin dashboard' (names) picks pages. Like `npm run bench`, it first waits for the
 * machine to be quiet (load ≤ 0.9, at most 5 minutes; QUIET=no skips the wait, for comparing two
 * builds back to back on a busy machine) and prints the load it began at.
 */
import os from 'node:os';
import { LIGHTHOUSE_PAGES, runLighthouse } from './lib/lighthouse';
import { waitForQuiet } from './lib/machine';
import { startPortal } from './lib/portal';

const runs = Number(process.env.RUNS ?? 5);
const only = process.env.PAGES?.split(',');
// WEB_DIST: audit another build (say, the one before a change) with the same server.
const portal = await startPortal(process.env.WEB_DIST ? { env: { WEB_DIST: process.env.WEB_DIST } } : {});
try {
  // The portal's own start (seeding) loads the machine: wait after it, not before.
  const load = process.env.QUIET === 'no' ? undefined : await waitForQuiet();
  console.log(`load average at the start: ${(load ?? os.loadavg()[0]!).toFixed(2)}`);
  const pages = only
    ? LIGHTHOUSE_PAGES.filter((p) => only.includes(p.name) || (typeof p.path === 'string' && only.includes(p.path)))
    : undefined;
  const result = await runLighthouse(portal.url, { runs, pages });
  console.table(
    result.pages.map((p) => ({
      page: p.name,
      performance: p.performance,
      accessibility: p.accessibility,
      cls: p.cls,
      tbt_ms: p.tbt_ms,
      lcp_ms: p.lcp_ms,
      cpu_index: p.benchmark_index,
      a11y_failures: p.accessibility_failures.join(' '),
    })),
  );
  for (const g of result.goals) console.log(`${g.met ? 'MET ' : 'MISS'}  ${g.goal}: ${g.figure}`);
  if (process.env.JSON) console.log(JSON.stringify(result, null, 2));
} finally {
  await portal.stop();
}
