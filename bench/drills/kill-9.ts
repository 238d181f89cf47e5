import {
  call,
  drillLog,
  kill,
  pool,
  portal,
  restart,
  sleep,
  STRONG_PASSWORD,
  type DrillResult,
  type PrivatePostgres,
} from './lib';

/**
 * kill -9 of a portal process under writes: four writers register accounts (each 201 is
 * an acknowledged write) while the process is killed twice and started again. Every
 * acknowledged account must be in the database afterwards.
 */
export async function killUnderWrites(pg: PrivatePostgres): Promise<DrillResult> {
  const url = await pg.url('drill_kill9');
  const { file, log } = drillLog('kill-9');
  let p = await portal('portal', { databaseUrl: url, log, extra: { DEMO_PROJECTS: '20' } });
  const acked: string[] = [];
  let refused = 0;
  let other = 0;
  let n = 0;
  let running = true;
  const writer = async () => {
    while (running) {
      const email = `kill9.${Date.now()}.${++n}@example.test`;
      const res = await call(p.base, 'POST', '/api/user/register', {
        json: {
          name: 'Drill Writer',
          email,
          password: STRONG_PASSWORD,
          password_confirmation: STRONG_PASSWORD,
          terms: true,
        },
      });
      if (res.status === 201) acked.push(email);
      else if (res.status === 0) {
        refused++;
        await sleep(100);
      } else other++;
    }
  };
  const writers = Array.from({ length: 4 }, writer);
  const downtimes: number[] = [];
  let ackedBeforeKills = 0;
  for (let k = 0; k < 2; k++) {
    await sleep(6000);
    if (k === 0) ackedBeforeKills = acked.length;
    const at = Date.now();
    await kill(p, 'SIGKILL');
    p = await restart(p, log);
    downtimes.push(Date.now() - at);
  }
  const beforeLast = acked.length;
  await sleep(5000);
  running = false;
  await Promise.all(writers);
  const ackedAfterRestart = acked.length - beforeLast;
  await kill(p, 'SIGTERM');

  const db = pool(url);
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1)', [acked]);
  await db.end();
  const found = new Set(rows.map((r) => r.email));
  const lost = acked.filter((e) => !found.has(e)).length;
  const pass = lost === 0 && ackedBeforeKills > 0 && ackedAfterRestart > 0;
  return {
    name: 'kill-9',
    title: 'kill -9 of a portal process under writes',
    pass,
    figures: [
      ['writers', 4],
      ['kills (SIGKILL), each followed by a restart', 2],
      ['acknowledged writes (201)', acked.length],
      ['acknowledged before the first kill', ackedBeforeKills],
      ['acknowledged after the last restart', ackedAfterRestart],
      ['acknowledged writes lost', lost],
      ['requests refused while down (connection errors)', refused],
      ['other answers', other],
      ['kill to ready again (ms)', downtimes.join(', ')],
    ],
    criteria: ['acknowledged writes lost: 0', 'writes acknowledged before the kills and after the restart'],
    notes: [
      `portal log: ${file}`,
      'PostgreSQL (private cluster, fsync on) behind the process; writes are account registrations (argon2id, strength check, outbox mail).',
    ],
  };
}
