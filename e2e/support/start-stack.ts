// Playwright's web server: the capturing SMTP server, then the built portal on a fresh
// DATA_DIR with the demo data, sending its mail to the catcher. Stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, serverArgs } from '../../scripts/server-build.mjs';
import { startMailCatcher } from './mail-catcher';
import { BASE_URL, E2E_PORT, MAIL_API_PORT, SMTP_PORT } from './ports';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hpbc-e2e-'));
const catcher = await startMailCatcher(SMTP_PORT, MAIL_API_PORT);

// The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first).
ensureServerBuilt();
const server = spawn(process.execPath, serverArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    APP_URL: BASE_URL,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    // As behind the documented nginx: journeys that set up accounts through the API send an
    // X-Forwarded-For of their own (fromAnotherClient in fixtures.ts), so the per-address
    // limits hold for each simulated person; the browser's requests carry none.
    TRUST_PROXY: 'loopback',
    // Committee staff told of new service requests and Form One submissions.
    STAFF_EMAILS: 'staff.desk@hpbc.test,staff.chair@hpbc.test',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await catcher.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
server.on('exit', (code) => {
  if (!stopping) void stop(code ?? 1);
});
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
