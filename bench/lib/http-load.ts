import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon, { type Options } from 'autocannon';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that belong to the connection or are recomputed per answer, not to the answer itself. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** One GET that keeps the body exactly as sent (fetch would decompress it). */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined && !HOP_HEADERS.has(k)) kept[k] = Array.isArray(v) ? v.join(', ') : v;
          }
          resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

// A process of its own, like the portal: neither server shares an event loop with the
// load generator, and both have their CPU time counted the same way.
const BARE_SERVER = `
const http = require('node:http');
process.once('message', ({ status, headers, body }) => {
  const bytes = Buffer.from(body, 'base64');
  const all = { ...headers, 'content-length': String(bytes.length) };
  const server = http.createServer((req, res) => {
    res.writeHead(status, all);
    res.end(bytes);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
});
`;

export interface LoadTarget {
  url: string;
  /** The serving process, whose CPU time is counted per request (Linux). */
  pid?: number;
}

/** A bare node:http server that answers every request with the given answer. */
export async function startBareServer(answer: RawAnswer): Promise<LoadTarget & { stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((r) => child.once('exit', r));
  child.send({ status: answer.status, headers: answer.headers, body: answer.body.toString('base64') });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(m as number));
    child.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, all threads) a process has used, in ms; undefined off Linux. */
export function cpuMs(pid: number | undefined): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

export interface LoadFigures {
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  requests: number;
  errors: number;
  non_2xx: number;
  /** CPU time the serving process spent per request, in microseconds; it depends little on other load. */
  cpu_us_per_request: number | null;
  cpu_ms: number | null;
}

/** Loads one URL for a bounded time and returns the figures the summaries show. */
export async function measure(
  target: LoadTarget,
  opts: {
    seconds: number;
    connections: number;
    headers: Record<string, string>;
    /** More of autocannon's options: a request sequence, a fixed rate, a method and body. */
    more?: Partial<Options>;
  },
): Promise<LoadFigures> {
  const before = cpuMs(target.pid);
  const r = await autocannon({
    url: target.url,
    duration: opts.seconds,
    connections: opts.connections,
    headers: opts.headers,
    ...opts.more,
  });
  const after = cpuMs(target.pid);
  const cpu = before !== undefined && after !== undefined ? after - before : null;
  return {
    requests_per_second: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non_2xx: r.non2xx,
    cpu_us_per_request: cpu !== null && r.requests.total > 0 ? Math.round((cpu * 1000) / r.requests.total) : null,
    cpu_ms: cpu,
  };
}

export interface CombinedFigures extends LoadFigures {
  rounds: LoadFigures[];
}

/**
 * Loads several targets in alternating rounds (A B A B ...) so that a change in the rest
 * of the machine's load during the run falls on all of them alike. Per target:
 * requests/s is the mean over its rounds, p50 the median, p99 the worst round's, CPU per
 * request the total CPU time over all its requests.
 */
export async function measureAlternating(
  targets: LoadTarget[],
  opts: {
    rounds: number;
    secondsPerRound: number;
    connections: number;
    headers: Record<string, string>;
    more?: Partial<Options>;
  },
): Promise<CombinedFigures[]> {
  const rounds: LoadFigures[][] = targets.map(() => []);
  for (let r = 0; r < opts.rounds; r++) {
    for (const [i, target] of targets.entries()) {
      rounds[i]!.push(await measure(target, { ...opts, seconds: opts.secondsPerRound }));
    }
  }
  return rounds.map((list) => {
    const sum = (f: (x: LoadFigures) => number) => list.reduce((n, x) => n + f(x), 0);
    const p50s = list.map((f) => f.latency_p50_ms).sort((a, b) => a - b);
    const requests = sum((f) => f.requests);
    const cpu = list.every((f) => f.cpu_ms !== null) ? sum((f) => f.cpu_ms!) : null;
    return {
      requests_per_second: Math.round(sum((f) => f.requests_per_second) / list.length),
      latency_p50_ms: p50s[Math.floor((p50s.length - 1) / 2)]!,
      latency_p99_ms: Math.max(...list.map((f) => f.latency_p99_ms)),
      requests,
      errors: sum((f) => f.errors),
      non_2xx: sum((f) => f.non_2xx),
      cpu_us_per_request: cpu !== null && requests > 0 ? Math.round((cpu * 1000) / requests) : null,
      cpu_ms: cpu,
      rounds: list,
    };
  });
}
