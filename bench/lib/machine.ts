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

/**
 * Waits (up to `maxSeconds`) for the one-minute load average to fall to `below`, so that a
 * run started right after a build or another run does not begin loaded and count nothing
 * (a run that began above a load of 1 counts no goal as met: bench/README.md).
 */
export async function waitForQuiet(below = 0.9, maxSeconds = 300): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000;
  let load = os.loadavg()[0]!;
  if (load > below) console.log(`waiting for the machine to be quiet (load ${load.toFixed(2)}, want ≤ ${below})...`);
  while (load > below && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    load = os.loadavg()[0]!;
  }
  return load;
}
