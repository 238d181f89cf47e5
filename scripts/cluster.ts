// `npm run cluster`: the deployment of docs/operations.md on this machine, loopback only:
// two portal processes (each with its own data folder, as two machines would have) on one
// PostgreSQL database, behind nginx with a generated configuration in a temporary folder.
//
//   DATABASE_URL  the database (default postgres://postgres@127.0.0.1:5432/hpbc_cluster, created if missing)
//   PORT          nginx's port (default 3000); the portals listen on PORT+1 and PORT+2
//   SEED_DEMO     default true here, so the demo accounts exist
// Ctrl-C stops everything (the portals drain their requests first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDatabase, portalEnv, ROOT, startNginx, startPortalProcess, waitReady, type Proc } from './cluster-lib';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hpbc_cluster';
const port = Number(process.env.PORT ?? 3000);
const appUrl = process.env.APP_URL ?? `http://127.0.0.1:${port}`;

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.log('Building the front end (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (spawnSync('nginx', ['-v']).error) {
  console.error("nginx is not installed: apt-get install -y nginx (Debian's package), then try again.");
  process.exit(1);
}

await ensureDatabase(databaseUrl);
const work = mkdtempSync(path.join(tmpdir(), 'hpbc-cluster-'));
const procs: Proc[] = [];
let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const p of procs) if (p.child.exitCode === null) p.child.kill(p.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const ports = [port + 1, port + 2];
ports.forEach((p, i) => {
  const env = portalEnv({
    port: p,
    dataDir: path.join(work, `portal-${i + 1}`),
    databaseUrl,
    appUrl,
    extra: {
      SEED_DEMO: process.env.SEED_DEMO ?? 'true',
      SMTP_URL: process.env.SMTP_URL,
      REDIS_URL: process.env.REDIS_URL,
      APP_SECRET: process.env.APP_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  procs.push(startPortalProcess(`portal-${i + 1}`, env));
});
try {
  // Started together on purpose: the first migrates and seeds, the other waits for it.
  await Promise.all(procs.map((p, i) => waitReady(`http://127.0.0.1:${ports[i]}`, p)));
} catch (err) {
  console.error((err as Error).message);
  await stop(1);
}
const nginx = startNginx({ dir: path.join(work, 'nginx'), listen: port, upstreams: ports });
procs.push(nginx);
for (const p of procs) {
  void p.exited.then((code) => {
    if (!stopping) {
      console.error(`${p.name} stopped (code ${code}); stopping the cluster`);
      void stop(1);
    }
  });
}
console.log(`
HPBC cluster ready at ${appUrl}
  nginx       127.0.0.1:${port} -> 127.0.0.1:${ports[0]}, 127.0.0.1:${ports[1]} (config: ${path.join(work, 'nginx', 'nginx.conf')})
  portals     two processes, data folders ${path.join(work, 'portal-1')} and ${path.join(work, 'portal-2')}
  database    ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}
Ctrl-C stops all of it.
`);
