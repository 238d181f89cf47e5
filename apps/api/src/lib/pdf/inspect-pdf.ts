import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What a real PDF parser (qpdf) found in a file: whether every object of it could be read,
 * whether it is encrypted, the names of any active content, and its page count.
 * docs/decisions/066-pdf-inspection-with-qpdf.md says why qpdf and what counts as active.
 */
export interface PdfInspection {
  readable: boolean;
  encrypted: boolean;
  activeContent: string[];
  pages: number | null;
  reason?: string;
}

export interface PdfInspectionLimits {
  timeoutMs?: number;
}

/** Both qpdf runs together may take this long before the file counts as unreadable. */
const DEFAULT_TIMEOUT_MS = 20_000;
/** qpdf's address space: an object stream that inflates to gigabytes fails inside it, not in this process. */
const QPDF_MEMORY_BYTES = 1024 * 1024 * 1024;
/** The JSON of the objects' dictionaries (never stream data); more than this is not a document we accept. */
const JSON_OUTPUT_CAP = 32 * 1024 * 1024;
/** `--check` prints one line per problem; its text is only read for a reason. */
const CHECK_OUTPUT_CAP = 256 * 1024;

/**
 * Names that make a PDF act: run a script, start a program, send or import data, carry
 * files or media, or open another document. Found as a dictionary key anywhere, or as the
 * value of /S (action type), /Type or /Subtype (decision 066).
 */
const ACTIVE_NAMES = new Set([
  '/JS',
  '/JavaScript',
  '/Launch',
  '/SubmitForm',
  '/ImportData',
  '/RichMedia',
  '/RichMediaExecute',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/EF',
  '/FileAttachment',
  '/GoToE',
  '/GoToR',
  '/XFA',
  '/Rendition',
  '/Movie',
  '/Sound',
  '/3D',
]);
const TYPED_KEYS = new Set(['/S', '/Type', '/Subtype']);

interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  overflow: boolean;
  timedOut: boolean;
}

/** Runs qpdf with a memory limit, a deadline and a cap on what it may print. */
function runQpdf(args: string[], deadline: number, outputCap: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn('prlimit', [`--as=${QPDF_MEMORY_BYTES}`, '--', 'qpdf', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let overflow = false;
    let timedOut = false;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(
      () => {
        timedOut = true;
        kill();
      },
      Math.max(0, deadline - Date.now()),
    );
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > outputCap) {
        overflow = true;
        kill();
        return;
      }
      chunks.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 4096) stderr += c.toString('utf8');
    });
    const finish = (code: number | null) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks), stderr, overflow, timedOut });
    };
    child.on('error', () => finish(null));
    child.on('close', (code) => finish(code));
  });
}

/** Every key and typed name of every object, in any depth of dictionaries and arrays. */
function activeNamesIn(objects: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (key && TYPED_KEYS.has(key) && ACTIVE_NAMES.has(value)) found.add(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const v of value) walk(v);
      return;
    }
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (ACTIVE_NAMES.has(k)) found.add(k);
        walk(v, k);
      }
    }
  };
  for (const [id, entry] of Object.entries(objects)) {
    if (!id.startsWith('obj:')) continue; // "trailer" is the file's own dictionary: walked too below
    const e = entry as { value?: unknown; stream?: { dict?: unknown } };
    walk(e.value);
    walk(e.stream?.dict);
  }
  if (objects.trailer) walk((objects.trailer as { value?: unknown }).value);
  return [...found].sort();
}

const unreadable = (reason: string, encrypted = false): PdfInspection => ({
  readable: false,
  encrypted,
  activeContent: [],
  pages: null,
  reason,
});

/**
 * Parses every object of the PDF at filePath (whatever the stream filters, object streams
 * included), with bounded time and memory. Two qpdf runs: `--check` decodes every stream
 * (a file whose data does not decode is unreadable), then `--json` lists every object's
 * dictionary, those inside object streams too, from which active content is read. Any
 * warning counts as unreadable: a file qpdf has to repair may be read differently by the
 * viewer that opens it (decision 066).
 */
export async function inspectPdf(filePath: string, limits: PdfInspectionLimits = {}): Promise<PdfInspection> {
  const deadline = Date.now() + (limits.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const check = await runQpdf(['--check', filePath], deadline, CHECK_OUTPUT_CAP);
  const needsPassword = /invalid password/i.test(check.stderr);
  if (check.timedOut) return unreadable('timeout');
  if (needsPassword) return unreadable('password', true);
  if (check.overflow) return unreadable('too many problems');
  if (check.code !== 0) return unreadable(firstProblem(check, filePath));
  const json = await runQpdf(
    ['--json=2', '--json-stream-data=none', '--json-key=qpdf', '--json-key=pages', '--json-key=encrypt', filePath],
    deadline,
    JSON_OUTPUT_CAP,
  );
  if (json.timedOut) return unreadable('timeout');
  if (json.overflow) return unreadable('too many objects');
  if (json.code !== 0) return unreadable(firstProblem(json, filePath));
  let parsed: { qpdf?: [unknown, Record<string, unknown>]; pages?: unknown[]; encrypt?: { encrypted?: boolean } };
  try {
    parsed = JSON.parse(json.stdout.toString('utf8')) as typeof parsed;
  } catch {
    return unreadable('parser output');
  }
  const objects = parsed.qpdf?.[1];
  if (!objects || !Array.isArray(parsed.pages)) return unreadable('parser output');
  return {
    readable: true,
    encrypted: parsed.encrypt?.encrypted === true,
    activeContent: activeNamesIn(objects),
    pages: parsed.pages.length,
  };
}

/** The first line qpdf gave about what is wrong, without the temporary file's path. */
function firstProblem(run: RunResult, filePath: string): string {
  const text = `${run.stderr}\n${run.stdout.toString('utf8', 0, Math.min(run.stdout.length, 4096))}`;
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /warning|error|damaged|not a pdf|can't|unable|invalid/i.test(l));
  return (line ?? 'qpdf failed').split(filePath).join('the file').slice(0, 200);
}

/** The same for bytes in memory: written to a private temporary file, inspected, removed. */
export async function inspectPdfBytes(bytes: Uint8Array, limits: PdfInspectionLimits = {}): Promise<PdfInspection> {
  const file = path.join(tmpdir(), `hpbc-inspect-${randomUUID()}.pdf`);
  await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
  try {
    return await inspectPdf(file, limits);
  } finally {
    await rm(file, { force: true });
  }
}
