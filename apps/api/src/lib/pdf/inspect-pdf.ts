import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * STAND-IN (branch `documents`): the helper "security" builds the real inspectPdf with this
 * interface; theirs replaces this file at merge. This one asks Debian's qpdf, which parses
 * every object of the file, those inside object streams too whatever their filters
 * (Flate, ASCIIHex, ASCII85 ...), and reports them as JSON without stream data.
 */
export interface PdfInspection {
  readable: boolean;
  encrypted: boolean;
  activeContent: string[];
  pages: number | null;
  reason?: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;
/** qpdf's JSON of a hostile file can be large; past this much it is refused, not read. */
const MAX_JSON_BYTES = 256 * 1024 * 1024;
/** Dictionary keys and action types that run code or reach outside the file. */
const ACTIVE = new Set([
  '/JS',
  '/JavaScript',
  '/Launch',
  '/SubmitForm',
  '/ImportData',
  '/RichMedia',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/GoToE',
]);

function run(
  args: string[],
  timeoutMs: number,
  maxBytes = 1024 * 1024,
): Promise<{ code: number | null; out: Buffer; over: boolean; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('qpdf', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const parts: Buffer[] = [];
    let size = 0;
    let over = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (b: Buffer) => {
      size += b.length;
      if (size > maxBytes) {
        over = true;
        child.kill('SIGKILL');
      } else parts.push(b);
    });
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out: Buffer.concat(parts), over, timedOut });
    });
  });
}

/** Every active name found in a JSON value of qpdf (keys, and name values such as `/S /JavaScript`). */
function collectActive(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') {
    if (ACTIVE.has(value)) found.add(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) collectActive(v, found);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (ACTIVE.has(k)) found.add(k);
      collectActive(v, found);
    }
  }
}

export async function inspectPdf(filePath: string, limits: { timeoutMs?: number } = {}): Promise<PdfInspection> {
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const none: PdfInspection = { readable: false, encrypted: false, activeContent: [], pages: null };
  // Exit 0: encrypted; 2: not encrypted (or not a PDF, found below).
  const enc = await run(['--is-encrypted', '--', filePath], timeoutMs);
  if (enc.timedOut) return { ...none, reason: 'timeout' };
  if (enc.code === 0) return { ...none, encrypted: true, reason: 'encrypted' };
  const res = await run(
    ['--json=2', '--json-stream-data=none', '--json-key=qpdf', '--json-key=pages', '--', filePath],
    timeoutMs,
    MAX_JSON_BYTES,
  );
  if (res.timedOut) return { ...none, reason: 'timeout' };
  if (res.over) return { ...none, reason: 'too_large' };
  // 0: fine; 3: repaired with warnings (a damaged cross-reference table, as pdf.js repairs too).
  if (res.code !== 0 && res.code !== 3) return { ...none, reason: 'unreadable' };
  let json: { pages?: unknown[]; qpdf?: [unknown, Record<string, unknown>] };
  try {
    json = JSON.parse(res.out.toString('utf8')) as typeof json;
  } catch {
    return { ...none, reason: 'unreadable' };
  }
  const pages = Array.isArray(json.pages) ? json.pages.length : 0;
  const found = new Set<string>();
  collectActive(json.qpdf?.[1] ?? {}, found);
  const activeContent = [...found].sort();
  if (pages < 1) return { ...none, activeContent, reason: 'no_pages' };
  return {
    readable: true,
    encrypted: false,
    activeContent,
    pages,
    ...(activeContent.length ? { reason: 'active_content' } : {}),
  };
}

export async function inspectPdfBytes(bytes: Uint8Array, limits: { timeoutMs?: number } = {}): Promise<PdfInspection> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hpbc-pdf-'));
  try {
    const file = path.join(dir, 'file.pdf');
    await writeFile(file, bytes, { mode: 0o600 });
    return await inspectPdf(file, limits);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
