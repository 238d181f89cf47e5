import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { ROOT } from './portal';

/** What a result was measured on, written beside every benchmark's figures. */
export function machine() {
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    commit = undefined;
  }
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    // The machine is shared; a high load when the run started makes the absolute figures lower.
    load_average_1m: Number(os.loadavg()[0]!.toFixed(2)),
  };
}
