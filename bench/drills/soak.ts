import {
  call,
  drillLog,
  kill,
  percentile,
  portalsBehindNginx,
  rssMb,
  signIn,
  sleep,
  tally,
  type DrillResult,
  type PrivatePostgres,
} from './lib';

const MINUTES = Number(process.env.DRILL_SOAK_MINUTES ?? 15);
const RATE = Number(process.env.DRILL_SOAK_RATE ?? 100);

/**
 * A soak: mixed traffic at 100 requests a second through nginx to two portal processes
 * on one PostgreSQL for DRILL_SOAK_MINUTES (default 15). 5xx must stay under 0.1 % and
 * the portals' memory flat.
 */
export async function soak(pg: PrivatePostgres): Promise<DrillResult> {
  const url = await pg.url('drill_soak');
  const { file, log } = drillLog('soak');
  const { a, b, proxy, base } = await portalsBehindNginx(url, log);
  const token = await signIn(base);
  // Weighted mix: public lists, signed-in reads, search, a mail-sending POST (unknown address: no mail), readiness.
  const mix: [number, string, 'GET' | 'POST', Record<string, string>, unknown][] = [
    [30, '/api/project-list', 'GET', {}, undefined],
    [10, '/api/project-list?page=2&per_page=20', 'GET', {}, undefined],
    [12, '/api/eiet-list', 'GET', {}, undefined],
    [8, '/api/pile-list', 'GET', {}, undefined],
    [10, '/api/v1/recommendations/disciplines', 'GET', {}, undefined],
    [15, '/api/user', 'GET', { authorization: `Bearer ${token}` }, undefined],
    [5, '/api/library/search?q=fire', 'GET', {}, undefined],
    [5, '/api/user/forgot-password', 'POST', {}, { email: 'nobody@example.test' }],
    [5, '/readyz', 'GET', {}, undefined],
  ];
  const bag = mix.flatMap(([w, ...rest]) => Array.from({ length: w }, () => rest));
  const answers: { status: number; ms: number; path: string }[] = [];
  const memory: { s: number; a: number; b: number }[] = [];
  let outstanding = 0;
  let skipped = 0;
  let i = 0;
  const started = Date.now();
  // Open loop: every tick sends what is due by the clock, so a late timer on a loaded machine catches up.
  let due = 0;
  const timer = setInterval(() => {
    const target = Math.floor(((Date.now() - started) / 1000) * RATE);
    for (; due < target; due++) {
      if (outstanding >= 400) {
        skipped++;
        continue;
      }
      const [path, method, headers, json] = bag[(i++ * 7919) % bag.length]!;
      outstanding++;
      void call(base, method, path, { headers, json }).then((r) => {
        outstanding--;
        // Status and time only: keeping 90,000 answer bodies ran the drill itself out of heap.
        answers.push({ status: r.status, ms: r.ms, path });
      });
    }
  }, 20);
  const sampler = setInterval(
    () => memory.push({ s: Math.round((Date.now() - started) / 1000), a: rssMb(a.child.pid), b: rssMb(b.child.pid) }),
    10_000,
  );
  await sleep(MINUTES * 60_000);
  clearInterval(timer);
  clearInterval(sampler);
  while (outstanding > 0) await sleep(100);
  const seconds = (Date.now() - started) / 1000;
  await Promise.all([kill(a, 'SIGTERM'), kill(b, 'SIGTERM')]);
  await kill(proxy, 'SIGQUIT');

  const total = answers.length;
  const fivexx = answers.filter((r) => r.status >= 500 || r.status === 0).length;
  const rate5xx = total ? (100 * fivexx) / total : 100;
  // Memory: the mean of the last quarter of the samples against the second quarter (after warm-up).
  const q = Math.max(1, Math.floor(memory.length / 4));
  const mean = (xs: { a: number; b: number }[]) => xs.reduce((s, m) => s + m.a + m.b, 0) / Math.max(1, xs.length) / 2;
  const early = mean(memory.slice(q, 2 * q));
  const late = mean(memory.slice(-q));
  const growth = early ? (100 * (late - early)) / early : 0;
  const lat = answers.map((r) => r.ms);
  const achieved = total / seconds;
  const pass = rate5xx < 0.1 && growth < 15 && achieved >= RATE * 0.9;
  return {
    name: 'soak',
    title: `soak: ${RATE} requests/s of mixed traffic for ${MINUTES} min through nginx to two portals`,
    pass,
    figures: [
      ['duration (s)', seconds.toFixed(0)],
      ['requests answered', total],
      ['achieved rate (requests/s)', achieved.toFixed(1)],
      ['not sent (over 400 outstanding)', skipped],
      ['answers', JSON.stringify(tally(answers))],
      ['5xx or connection errors', `${fivexx} (${rate5xx.toFixed(3)} %)`],
      [
        'latency p50 / p99 / max (ms)',
        `${percentile(lat, 50).toFixed(0)} / ${percentile(lat, 99).toFixed(0)} / ${lat.reduce((m, v) => Math.max(m, v), 0).toFixed(0)}`,
      ],
      [
        'portal RSS, mean per process: 2nd quarter → last quarter (MB)',
        `${early.toFixed(0)} → ${late.toFixed(0)} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
      ],
      [
        'RSS samples every 10 s (s: portal-1 / portal-2 MB)',
        memory.map((m) => `${m.s}: ${m.a.toFixed(0)}/${m.b.toFixed(0)}`).join('; '),
      ],
    ],
    criteria: [
      '5xx (and connection errors) < 0.1 % of requests',
      'memory flat: mean RSS of the last quarter within 15 % of the second quarter',
      `achieved rate ≥ 90 % of ${RATE}/s`,
    ],
    notes: [
      ...(MINUTES < 15
        ? [
            `shortened to ${MINUTES} min (DRILL_SOAK_MINUTES) from the default 15: the machine is shared (2 cores, several sessions running tests); a full run is \`npm run drills -- soak\``,
          ]
        : []),
      `portal log: ${file}`,
      `nginx config and logs: ${proxy.dir}`,
    ],
  };
}
