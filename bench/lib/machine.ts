import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

export interface CpuSnapshot {
  /** All cores' time, busy and idle, in clock ticks (/proc/stat). */
  total: number;
  idle: number;
  /** Each process's user + system time so far, in ticks, with its command name. */
  processes: Map<number, { comm: string; ticks: number }>;
}

/** The machine's CPU counters now (Linux; empty elsewhere). */
export function cpuSnapshot(): CpuSnapshot {
  const processes = new Map<number, { comm: string; ticks: number }>();
  if (!existsSync('/proc/stat')) return { total: 0, idle: 0, processes };
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      processes.set(Number(entry), { comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  // user nice system idle iowait irq softirq steal: idle and iowait are the time nothing ran.
  return { total: cpu.slice(0, 8).reduce((s, v) => s + v, 0), idle: cpu[3]! + cpu[4]!, processes };
}

/**
 * How busy the machine was between two snapshots (percent of all cores), and which processes
 * took it, grouped by `groupOf` (a process that started and ended in between is not seen; one
 * that ended counts as "other" through the machine's total).
 */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
  groupOf: (pid: number, comm: string) => string,
): { busy_pct: number; by_group: Record<string, number> } {
  const total = after.total - before.total;
  if (total <= 0) return { busy_pct: 0, by_group: {} };
  const busy = total - (after.idle - before.idle);
  const groups: Record<string, number> = {};
  let seen = 0;
  for (const [pid, now] of after.processes) {
    const then = before.processes.get(pid)?.ticks ?? 0;
    const used = now.ticks - then;
    if (used <= 0) continue;
    const group = groupOf(pid, now.comm);
    groups[group] = (groups[group] ?? 0) + used;
    seen += used;
  }
  // Kernel time outside processes (interrupts) and processes that ended: "other".
  groups.other = (groups.other ?? 0) + Math.max(0, busy - seen);
  const pct = (ticks: number) => Math.round((ticks / total) * 1000) / 10;
  return {
    busy_pct: pct(busy),
    by_group: Object.fromEntries(
      Object.entries(groups)
        .sort((a, b) => b[1] - a[1])
        .map(([g, t]) => [g, pct(t)]),
    ),
  };
}
