// Runs npm scripts side by side and prints each one's output whole when it ends, so that
// `npm test` spends the two cores on lint and type checks at once (each is one process on
// one core). Exits with the first failing script's status after all have ended.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs <npm script>...\n');
  process.exit(2);
}

const runs = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks = [];
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(chunks));
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
