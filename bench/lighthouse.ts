/**
 * Lighthouse alone on the built portal (`npm run build` first): the pages of
 * bench/lib/lighthouse.ts, median of RUNS (default 5), printed as a table. `npm run bench`
 * runs the same audit among the other benchmarks. PAGES=/,/library (paths) or
 * PAGES='admin dashboard' (names) picks pages.
 */
import { LIGHTHOUSE_PAGES, runLighthouse } from './lib/lighthouse';
import { startPortal } from './lib/portal';

const runs = Number(process.env.RUNS ?? 5);
const only = process.env.PAGES?.split(',');
// WEB_DIST: audit another build (say, the one before a change) with the same server.
const portal = await startPortal(process.env.WEB_DIST ? { env: { WEB_DIST: process.env.WEB_DIST } } : {});
try {
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
      a11y_failures: p.accessibility_failures.join(' '),
    })),
  );
  for (const g of result.goals) console.log(`${g.met ? 'MET ' : 'MISS'}  ${g.goal}: ${g.figure}`);
  if (process.env.JSON) console.log(JSON.stringify(result, null, 2));
} finally {
  await portal.stop();
}
