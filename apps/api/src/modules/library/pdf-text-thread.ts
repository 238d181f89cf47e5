import { Worker } from 'node:worker_threads';
import type { PdfWorkerMessage } from './pdf-worker-main';

interface Pending {
  resolve(pages: string[]): void;
  reject(err: Error): void;
  onPage?: (done: number, total: number) => void | Promise<void>;
  /** Progress callbacks run one after another, as they did in-process. */
  progress: Promise<void>;
}

/** How long an idle extraction thread is kept for the next volume. */
const IDLE_MS = 2000;

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function thread(): Worker {
  clearTimeout(idle);
  if (worker) return worker;
  const w = new Worker(new URL('./pdf-worker.mjs', import.meta.url));
  // Never what keeps the process alive.
  w.unref();
  w.on('message', (m: PdfWorkerMessage) => {
    const job = pending.get(m.id);
    if (!job) return;
    if (m.kind === 'page') {
      const { onPage } = job;
      if (onPage) job.progress = job.progress.then(() => onPage(m.done, m.total));
      return;
    }
    pending.delete(m.id);
    if (m.kind === 'pages') job.progress.then(() => job.resolve(m.pages), job.reject);
    else job.reject(new Error(m.message));
    if (!pending.size) {
      idle = setTimeout(() => {
        if (worker === w) worker = undefined;
        void w.terminate();
      }, IDLE_MS).unref();
    }
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const job of pending.values()) job.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', () => fail(new Error('the PDF text thread stopped')));
  worker = w;
  return w;
}

/**
 * extractPdfPages (pdf-text.ts) in a worker thread. pdf.js's legacy build, the one that runs
 * on Node 20, installs core-js polyfills on the globals of the realm that loads it; among
 * them a JSON.stringify that calls back into JavaScript for every value, which made every
 * log line and JSON answer of the server slower for as long as it ran after one extraction
 * (docs/decisions/056). In a thread of its own the polyfills stay there, and the page
 * parsing does not hold up requests.
 */
export function extractPdfPagesApart(
  data: Uint8Array,
  onPage?: (done: number, total: number) => void | Promise<void>,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject, ...(onPage ? { onPage } : {}), progress: Promise.resolve() });
    thread().postMessage({ id, data });
  });
}
