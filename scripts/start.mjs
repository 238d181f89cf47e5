// `npm start`: build the front end if it is missing and compile the server if it is missing
// or older than its sources (scripts/server-build.mjs), then run the compiled server in this
// very process (it migrates, seeds on first start and serves): plain node, no TypeScript
// compiled at start, and signals reach the server itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverEntry } from './server-build.mjs';

if (!existsSync('apps/web/dist/index.html')) {
  process.stdout.write('Building the front end (first start)...\n');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
try {
  ensureServerBuilt();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
// As serverArgs() runs it: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry()).href);
