// Where a server's time goes: a V8 CPU profile (`node --cpu-prof`) summed by self time, per
// area (a package under node_modules, a folder of the portal, node's own internals, the
// garbage collector) and per function.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  /** When profiling began, in microseconds of the monotonic clock (process.hrtime's). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  busy_ms: number;
  by_area: Share[];
  top_functions: Share[];
}

/** The area a function belongs to: `pkg:<name>`, `portal:<folder>`, `node:<module>`, or V8's own. */
export function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  // The embedded database (PGlite) is PostgreSQL compiled to WebAssembly.
  if (url.startsWith('wasm://')) return '(WebAssembly: the embedded PostgreSQL)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return `pkg:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const m = /\/(apps\/api\/src|packages\/shared\/src)\/(.+)$/.exec(url);
  if (m) {
    const parts = m[2]!.split('/');
    return `portal:${m[1] === 'apps/api/src' ? '' : 'shared/'}${parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  return url;
}

const maps = new Map<string, { map: SourceMap; dir: string } | null>();

/**
 * Where a frame of the compiled server (apps/api/dist, scripts/server-build.mjs) was written:
 * its source file and line through the build's source map, so that the areas stay the
 * portal's folders; any other frame as it is.
 */
export function sourceOf(url: string, line: number, column: number): { url: string; line: number } {
  if (!/\/apps\/api\/dist\/[^/]+\.mjs$/.test(url)) return { url, line };
  let known = maps.get(url);
  if (known === undefined) {
    try {
      const file = `${fileURLToPath(url)}.map`;
      known = { map: new SourceMap(JSON.parse(readFileSync(file, 'utf8'))), dir: path.dirname(file) };
    } catch {
      known = null;
    }
    maps.set(url, known);
  }
  const entry = known?.map.findEntry(line, column);
  if (!known || !entry || !('originalSource' in entry)) return { url, line };
  const source = entry.originalSource;
  return {
    url: source.startsWith('file:') ? fileURLToPath(source) : path.resolve(known.dir, source),
    line: entry.originalLine,
  };
}

/**
 * `windows` (microseconds of the monotonic clock, as `process.hrtime.bigint() / 1000n` gives
 * them in any process of the machine) keeps only the samples taken within them: the load, not
 * the server's start.
 */
export function summarizeProfile(profile: Profile, top = 15, windows?: readonly [number, number][]): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) return;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const { functionName } = frame;
    if (functionName === '(idle)') continue;
    const { url, line: lineNumber } = sourceOf(frame.url, frame.lineNumber, frame.columnNumber);
    busy += us;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const shares = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: Math.round((us / busy) * 1000) / 10 }));
  return { busy_ms: Math.round(busy / 1000), by_area: shares(areas), top_functions: shares(functions) };
}

/** A `.cpuprofile` that `node --cpu-prof` wrote when its process exited. */
export function readProfile(file: string): Profile {
  return JSON.parse(readFileSync(file, 'utf8')) as Profile;
}
