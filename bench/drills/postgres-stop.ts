import {
  call,
  drillLog,
  kill,
  portal,
  signIn,
  sleep,
  tally,
  type Answer,
  type DrillResult,
  type PrivatePostgres,
} from './lib';

const DOWN_S = Number(process.env.DRILL_PG_DOWN_S ?? 20);

/**
 * PostgreSQL stopped for 20 s under traffic: signed-in reads (which need the database)
 * must answer 503 with Retry-After, the public lists keep answering from their last good
 * copy, and the portal recovers without a restart once the database is back.
 */
export async function postgresStop(pg: PrivatePostgres): Promise<DrillResult> {
  const url = await pg.url('drill_pgstop');
  const { file, log } = drillLog('postgres-stop');
  const p = await portal('portal', { databaseUrl: url, log });
  const token = await signIn(p.base);
  type Row = Answer & { phase: string; path: string; at: number };
  const rows: Row[] = [];
  let phase = 'before';
  let running = true;
  const paths = ['/api/project-list', '/api/eiet-list', '/api/user'];
  const loop = async (i: number) => {
    let k = i;
    while (running) {
      const path = paths[k++ % paths.length]!;
      const headers: Record<string, string> = path === '/api/user' ? { authorization: `Bearer ${token}` } : {};
      const res = await call(p.base, 'GET', path, { headers, timeoutMs: 15_000 });
      rows.push({ ...res, phase, path, at: Date.now() });
      await sleep(50);
    }
  };
  const loops = [0, 1, 2].map(loop);
  await sleep(5000);
  phase = 'outage';
  const stoppedAt = Date.now();
  pg.stop();
  await sleep(DOWN_S * 1000);
  pg.start();
  const startedAt = Date.now();
  phase = 'after';
  await sleep(15_000);
  running = false;
  await Promise.all(loops);
  await kill(p, 'SIGTERM');

  const of = (ph: string, path?: string) => rows.filter((r) => r.phase === ph && (!path || r.path === path));
  const outagePublic = of('outage').filter((r) => r.path !== '/api/user');
  const publicOk = outagePublic.filter((r) => r.status === 200).length;
  const outageUser = of('outage', '/api/user');
  const bad5xx = rows.filter((r) => r.status >= 500 && r.status !== 503).length;
  const no503RetryAfter = rows.filter((r) => r.status === 503 && !r.retryAfter).length;
  const firstUserOk = rows.find((r) => r.path === '/api/user' && r.at > startedAt && r.status === 200);
  const recoveryMs = firstUserOk ? firstUserOk.at - startedAt : Infinity;
  const lastPart = rows.filter((r) => r.at > startedAt + 8000);
  const lastPartOk = lastPart.every((r) => r.status === 200);
  const connErrors = rows.filter((r) => r.status === 0).length;
  const pass =
    bad5xx === 0 &&
    no503RetryAfter === 0 &&
    connErrors === 0 &&
    outageUser.some((r) => r.status === 503) &&
    publicOk === outagePublic.length &&
    recoveryMs <= 10_000 &&
    lastPartOk;
  return {
    name: 'postgres-stop',
    title: `PostgreSQL stopped for ${DOWN_S} s under traffic`,
    pass,
    figures: [
      ['database down (s, pg_ctl stop -m fast to start)', ((startedAt - stoppedAt) / 1000).toFixed(1)],
      ['requests before / during / after', `${of('before').length} / ${of('outage').length} / ${of('after').length}`],
      ['before: answers', JSON.stringify(tally(of('before')))],
      ['outage, public lists: answers', JSON.stringify(tally(outagePublic))],
      ['outage, signed-in GET /api/user: answers', JSON.stringify(tally(outageUser))],
      ['after: answers', JSON.stringify(tally(of('after')))],
      ['5xx other than 503', bad5xx],
      ['503 without Retry-After', no503RetryAfter],
      ['connection errors', connErrors],
      ['database back to first signed-in 200 (ms)', Number.isFinite(recoveryMs) ? recoveryMs : 'never'],
      ['all answers 200 from 8 s after the database is back', lastPartOk ? 'yes' : 'no'],
    ],
    criteria: [
      'during the outage requests that need the database get 503 with Retry-After; no other 5xx, no connection errors',
      'the public lists (project list, EIET list) answer 200 throughout, from their last good copy',
      'recovery without a restart: a signed-in request answers 200 within 10 s of the database being back',
    ],
    notes: [
      `portal log: ${file}`,
      'a private PostgreSQL 15 cluster (initdb on its own port); the shared server was not touched',
    ],
  };
}
