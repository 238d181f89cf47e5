import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, serverArgs } from '../../scripts/server-build.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningPortal {
  url: string;
  /** The server's process id. */
  pid: number | undefined;
  dataDir: string;
  /** Lines the server has written to its standard output (its log) so far. */
  logLines(): number;
  /** Stops the server (it closes its database on SIGTERM) and removes its data folder. */
  stop(): Promise<void>;
}

/** Whether a loopback port can be listened on right now (`0`: any, the kernel's choice). */
function listenable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address() as { port: number };
      srv.close(() => resolve(bound));
    });
  });
}

const handedOut = new Set<number>();

/**
 * A port the kernel says is free right now. With BENCH_PORTS (`3500-3519`: the range a helper
 * was given on a shared machine) the first free one of that range not already handed out by
 * this process; without it, any.
 */
export async function freePort(): Promise<number> {
  const range = process.env.BENCH_PORTS?.split('-').map(Number);
  if (!range) return listenable(0);
  const [first, last = first] = range as [number, number?];
  for (let port = first; port <= last; port += 1) {
    if (handedOut.has(port)) continue;
    try {
      await listenable(port);
      handedOut.add(port);
      return port;
    } catch {
      // taken: the next one
    }
  }
  throw new Error(`no free port left in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/**
 * The environment a benchmark starts the portal with: what `npm start` sees on a clean
 * machine (production, loopback), nothing of the benchmark's own shell beyond PATH and HOME.
 */
export function portalEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
  };
}

/**
 * Starts the real server as users run it (built front end, embedded database, demo data)
 * in a fresh temporary DATA_DIR on a free loopback port, and waits until it answers.
 */
export async function startPortal(
  opts: {
    env?: Record<string, string>;
    readyTimeoutMs?: number;
    /** What to poll until it answers 200; a benchmark that times the first whole list polls something else. */
    readyPath?: string;
    /** Options for node itself, such as --cpu-prof. */
    nodeArgs?: string[];
    /** An existing data folder (a second start); a fresh temporary one when absent. Not removed at stop. */
    dataDir?: string;
    /** Another compiled server to run (an earlier build, to compare side by side); the current build when absent. */
    entry?: string;
  } = {},
) {
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'hpbc-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...portalEnv(port, dataDir), SEED_DEMO: 'true', ...opts.env };
  // The compiled server, as `npm start` runs it (scripts/server-build.mjs).
  if (!opts.entry) ensureServerBuilt();
  const child: ChildProcess = spawn(
    process.execPath,
    serverArgs(opts.entry ? path.dirname(opts.entry) : undefined, opts.nodeArgs),
    {
      cwd: ROOT,
      env,
      // The log (LOG_LEVEL info, as `npm start` runs) goes to a pipe that is read and counted,
      // as a terminal or a log collector would take it: the server pays for writing it.
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let logLines = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) logLines++;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} before it answered`);
    }
    try {
      const res = await fetch(`${url}${opts.readyPath ?? '/api/project-list'}`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer in time');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid, dataDir, logLines: () => logLines, stop } satisfies RunningPortal;
}
