// An open-loop load generator: requests leave at a fixed rate whatever the server does, as
// users arrive on a deadline day, and each latency is counted from the moment its request
// was due (not from when a busy generator got round to sending it), so a stalled server
// cannot hide its stall. Requests come from many loopback addresses (127.0.x.y, each its own
// connection pool), so the portal's per-address limits apply to each simulated client as
// they do in use, both directly and behind nginx (which forwards the address).
import { Pool } from 'undici';
import { followUp, type Req, type WorkContext, type WorkItem } from './workload';

export interface ItemFigures {
  name: string;
  count: number;
  p50_ms: number;
  p99_ms: number;
  status_5xx: number;
  status_429: number;
}

export interface StepFigures {
  rate: number;
  seconds: number;
  sent: number;
  answered: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  statuses: Record<string, number>;
  status_5xx: number;
  /** Connection failures and requests still unanswered at the end (both count as failures). */
  failed: number;
  items: ItemFigures[];
}

export interface LoadOptions {
  base: string;
  rate: number;
  seconds: number;
  items: WorkItem[];
  ctx: WorkContext;
  /** How many client addresses (127.0.x.y) the requests come from. */
  addresses?: number;
  /** Requests in flight beyond which a new one counts as failed rather than queueing without end. */
  maxInFlight?: number;
  seed?: number;
}

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (ms: number) => Math.round(ms * 10) / 10;

/** mulberry32: a small seeded generator, so two runs send the same sequence of requests. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function clientAddress(i: number): string {
  return `127.0.${1 + ((i >> 8) & 255)}.${1 + (i & 255)}`;
}

export async function runOpenLoop(opts: LoadOptions): Promise<StepFigures> {
  const addresses = opts.addresses ?? 128;
  const maxInFlight = opts.maxInFlight ?? 2000;
  const pools = Array.from(
    { length: addresses },
    (_, i) => new Pool(opts.base, { connections: 4, localAddress: clientAddress(i), keepAliveTimeout: 30_000 }),
  );
  const total = opts.items.reduce((s, w) => s + w.weight, 0);
  const cumulative = opts.items.map(
    (
      (sum) => (w: WorkItem) =>
        (sum += w.weight / total)
    )(0),
  );
  const random = rng(opts.seed ?? 31);
  const latencies: number[] = [];
  const perItem = new Map<string, { lat: number[]; s5: number; s429: number }>();
  const statuses: Record<string, number> = {};
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let inFlight = 0;

  const record = (name: string, status: number, ms: number) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
    let it = perItem.get(name);
    if (!it) perItem.set(name, (it = { lat: [], s5: 0, s429: 0 }));
    it.lat.push(ms);
    if (status >= 500) it.s5++;
    if (status === 429) it.s429++;
  };

  const send = async (pool: Pool, req: Req) => {
    const res = await pool.request({ method: req.method, path: req.path, headers: req.headers, body: req.body });
    const body = await res.body.text();
    return { status: res.statusCode, headers: res.headers, body };
  };

  const fire = async (n: number, due: number) => {
    const r = random();
    const item = opts.items[cumulative.findIndex((c) => r < c)] ?? opts.items[opts.items.length - 1]!;
    const pool = pools[n % addresses]!;
    sent++;
    if (inFlight >= maxInFlight) {
      failed++;
      return;
    }
    inFlight++;
    try {
      const req = item.build(opts.ctx, n);
      const first = await send(pool, req);
      record(item.name, first.status, performance.now() - due);
      answered++;
      const next = followUp(item, req, first.status, first.headers, first.body);
      if (next) {
        sent++;
        const started = performance.now();
        const second = await send(pool, next);
        record(`${item.name} (second request)`, second.status, performance.now() - started);
        answered++;
      }
    } catch {
      failed++;
    } finally {
      inFlight--;
    }
  };

  const started = performance.now();
  const interval = 1000 / opts.rate;
  const count = Math.round(opts.rate * opts.seconds);
  let issued = 0;
  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (issued < count && started + issued * interval <= now) {
        pending.push(fire(issued, started + issued * interval));
        issued++;
      }
      if (issued >= count) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  // What is still unanswered 10 s after the last request was due has failed.
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 10_000))]);
  const elapsed = (performance.now() - started) / 1000;
  failed += inFlight;
  await Promise.all(pools.map((p) => p.destroy()));

  const sorted = Float64Array.from(latencies).sort();
  return {
    rate: opts.rate,
    seconds: opts.seconds,
    sent,
    answered,
    requests_per_s: Math.round(answered / Math.max(elapsed, opts.seconds)),
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted[sorted.length - 1] ?? 0),
    statuses,
    status_5xx: Object.entries(statuses).reduce((s, [k, v]) => (Number(k) >= 500 ? s + v : s), 0),
    failed,
    items: [...perItem.entries()]
      .map(([name, it]) => {
        const s = Float64Array.from(it.lat).sort();
        return {
          name,
          count: it.lat.length,
          p50_ms: round(percentile(s, 50)),
          p99_ms: round(percentile(s, 99)),
          status_5xx: it.s5,
          status_429: it.s429,
        };
      })
      .sort((a, b) => b.p99_ms - a.p99_ms),
  };
}
