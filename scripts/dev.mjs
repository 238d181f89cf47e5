// `npm run dev`: the API restarted on change (tsx watch) and Vite's dev server with hot
// reload, which forwards /api and /documents to the API. Open the address Vite prints.
// Pages served by Vite carry no CSRF token, so the two service-request forms answer 419
// there; try those through `npm start` (or the API's own port after a build).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: 'apps/web', stdio: 'inherit' }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // The API closes its database before exiting; give it the time it needs.
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(0));
// If either half dies, stop the other rather than leave a half-working setup.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
