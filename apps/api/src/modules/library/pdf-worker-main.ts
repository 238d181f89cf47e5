import { parentPort } from 'node:worker_threads';
import { extractPdfPages } from './pdf-text';

export interface PdfJob {
  id: number;
  data: Uint8Array;
}

export type PdfWorkerMessage =
  | { id: number; kind: 'page'; done: number; total: number }
  | { id: number; kind: 'pages'; pages: string[] }
  | { id: number; kind: 'error'; message: string };

// One volume at a time, in arrival order: the thread is there to keep pdf.js away from the server's event loop.
let queue = Promise.resolve();
parentPort!.on('message', (job: PdfJob) => {
  const post = (m: PdfWorkerMessage) => parentPort!.postMessage(m);
  queue = queue.then(async () => {
    try {
      const pages = await extractPdfPages(job.data, (done, total) => post({ id: job.id, kind: 'page', done, total }));
      post({ id: job.id, kind: 'pages', pages });
    } catch (err) {
      post({ id: job.id, kind: 'error', message: (err as Error).message });
    }
  });
});
