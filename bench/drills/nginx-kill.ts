import {
  call,
  drillLog,
  kill,
  portalsBehindNginx,
  restart,
  signIn,
  sleep,
  tally,
  type Answer,
  type DrillResult,
  type PrivatePostgres,
} from './lib';

/**
 * One of two portal processes killed (kill -9) behind nginx under load: no request may be
 * lost beyond those that portal had in flight at that moment.
 */
export async function nginxKill(pg: PrivatePostgres): Promise<DrillResult> {
  const url = await pg.url('drill_nginx');
  const { file, log } = drillLog('nginx-kill');
  const { a, b, proxy, base } = await portalsBehindNginx(url, log);
  const token = await signIn(base);
  const answers: (Answer & { at: number; path: string })[] = [];
  let inFlight = 0;
  let inFlightAtKill = 0;
  const mix: [string, 'GET' | 'POST', Record<string, string>, unknown][] = [
    ['/api/project-list', 'GET', {}, undefined],
    ['/api/user', 'GET', { authorization: `Bearer ${token}` }, undefined],
    ['/api/eiet-list', 'GET', {}, undefined],
    ['/api/user/forgot-password', 'POST', {}, { email: 'nobody@example.test' }],
  ];
  let i = 0;
  const pending: Promise<void>[] = [];
  const fire = () => {
    const [path, method, headers, json] = mix[i++ % mix.length]!;
    inFlight++;
    pending.push(
      call(base, method, path, { headers, json }).then((r) => {
        inFlight--;
        answers.push({ ...r, at: Date.now(), path });
      }),
    );
  };
  const timer = setInterval(fire, 20); // 50 requests a second
  await sleep(8000);
  inFlightAtKill = inFlight;
  const killedAt = Date.now();
  await kill(a, 'SIGKILL');
  await sleep(12_000);
  clearInterval(timer);
  await Promise.all(pending);
  const again = await restart(a, log);
  const rejoined = (await call(again.base, 'GET', '/readyz')).status === 200;
  await Promise.all([kill(again, 'SIGTERM'), kill(b, 'SIGTERM')]);
  await kill(proxy, 'SIGQUIT');

  const failed = (r: Answer) => r.status === 0 || r.status >= 500;
  const failures = answers.filter(failed);
  const lateFailures = answers.filter((r) => failed(r) && r.at > killedAt + 5000).length;
  const pass = failures.length <= inFlightAtKill && lateFailures === 0 && rejoined;
  return {
    name: 'nginx-kill',
    title: 'one of two portal processes killed behind nginx',
    pass,
    figures: [
      ['load', '50 requests/s through nginx for 20 s (project list, signed-in user, EIET list, forgot-password POST)'],
      ['requests', answers.length],
      ['answers', JSON.stringify(tally(answers))],
      ['requests in flight (both portals) at the kill', inFlightAtKill],
      ['failed requests (5xx or connection error)', failures.length],
      ['failed requests later than 5 s after the kill', lateFailures],
      ['killed portal ready again after restart', rejoined ? 'yes' : 'no'],
    ],
    criteria: [
      'failed requests ≤ requests in flight at the kill (nginx moves refused connections to the other portal; only requests the killed portal was working on can fail)',
      'no failures after the kill has been noticed',
    ],
    notes: [`portal log: ${file}`, `nginx config and logs: ${proxy.dir}`],
  };
}
