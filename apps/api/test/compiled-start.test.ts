import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ROOT, SERVER_DIST, serverArgs, serverBuildIsStale } from '../../../scripts/server-build.mjs';
import { freePort } from './smtp-catcher';

/**
 * `npm start` runs the server compiled ahead of time (scripts/server-build.mjs, decision 117):
 * plain node, no TypeScript compiled at start. The build here goes to a folder of its own
 * (inside apps/api/dist, so that the dependencies resolve as from the real one), and the
 * compiled server must start on the embedded database (its thread is a compiled entry too)
 * and answer, then start again on the same data.
 */
let dist: string;
let dataDir: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  mkdirSync(SERVER_DIST, { recursive: true });
  dist = mkdtempSync(path.join(SERVER_DIST, 'test-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'hpbc-compiled-'));
  await buildServer({ dist });
}, 60_000);

afterAll(async () => {
  await stop();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function stop(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Starts `node <dist>/server.mjs` as `npm start` does, and resolves with its address once /readyz answers. */
async function start(): Promise<string> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, serverArgs(dist), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  const base = `http://127.0.0.1:${port}`;
  // A first start migrates a new database: generous, for a loaded CI machine.
  const until = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode}):\n${output.join('')}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return base;
    if (Date.now() > until) throw new Error(`the compiled server did not answer:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the compiled server (npm start)', () => {
  it('starts with plain node on the embedded database, answers, and starts again on the same data', async () => {
    for (const round of ['first', 'second']) {
      const base = await start();
      const list = await fetch(`${base}/api/project-list`);
      expect(list.status, round).toBe(200);
      expect(await list.json(), round).toMatchObject({ data: [] });
      const disciplines = await fetch(`${base}/api/v1/recommendations/disciplines`);
      expect(disciplines.status, round).toBe(200);
      await stop();
    }
  }, 400_000);

  it('is stale once a file it was built from is newer than the build, or the build is unfinished', () => {
    expect(serverBuildIsStale(dist)).toBe(false);
    const manifest = path.join(dist, 'build.json');
    const built = JSON.parse(readFileSync(manifest, 'utf8')) as { builtAtMs: number; inputs: string[] };
    expect(built.inputs).toContain('apps/api/src/server.ts');
    expect(built.inputs).toContain('apps/api/src/db/migrations/meta/_journal.json');
    writeFileSync(manifest, JSON.stringify({ ...built, builtAtMs: 0 }));
    expect(serverBuildIsStale(dist)).toBe(true);
    rmSync(manifest);
    expect(serverBuildIsStale(dist)).toBe(true);
  });
});
