/**
 * Design documents (issue 25): upload throughput and the server's memory with 10 tus
 * uploads of 50 MiB at once (goal: peak resident memory within 200 MiB of idle), and the
 * time to the first page of a 200-page set (about 20 MiB): first approximated by the Range
 * requests a viewer (pdf.js) makes before it can draw page 1 (the first 64 KiB and the last
 * 64 KiB, the cross-reference table), then measured in a real viewer: Chromium opens the
 * documents page of the built web app, the "View" button is pressed, and the clock stops when
 * pdf.js has drawn page 1 on the canvas (3 runs, median; the bytes of the file it fetched are
 * counted, to show it does not download the rest). Run on the embedded database and, with
 * BENCH_PG set to a PostgreSQL URL, with DATABASE_URL (the bytes then go to file_chunks rows).
 *
 *   npm run build && node --import tsx bench/documents-bench.ts   (not part of npm test; minutes)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';
import { machine } from './lib/machine';
import { startPortal } from './lib/portal';

const MiB = 1024 * 1024;
const UPLOADS = 10;
const SIZE = 50 * MiB;
const GOAL_MIB = 200;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** 1 MiB pieces of changing bytes, `total` in all, never held at once. */
function body(total: number, seed: number): Readable {
  let sent = 0;
  const piece = Buffer.alloc(MiB);
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(MiB, total - sent);
      piece.fill((seed + sent / MiB) & 255);
      sent += n;
      this.push(Buffer.from(piece.subarray(0, n)));
    },
  });
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload?: Readable | Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    if (payload instanceof Readable) payload.pipe(req);
    else req.end(payload);
  });
}

/** `padding` bytes of unreferenced random data per page: a set as heavy as scanned drawings. */
async function manyPagePdf(pages: number, padding = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([1191, 842]);
    for (let k = 0; k < 40; k++) {
      page.drawRectangle({
        x: 40 + (k % 8) * 140,
        y: 60 + Math.floor(k / 8) * 140,
        width: 120,
        height: 120,
        borderWidth: 1,
        borderColor: rgb(0, 0, 0),
      });
    }
    page.drawText(`Sheet ${i} of ${pages}`, { x: 900, y: 40, size: 14, font });
    if (padding) doc.context.register(doc.context.stream(randomBytes(padding)));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The time from pressing "View" on the documents page to page 1 drawn by pdf.js in Chromium
 * (the built web app against this portal), and the bytes of the file the viewer fetched.
 */
async function viewerFirstPage(url: string, token: string, registrationId: number, documentId: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const runs: { ms: number; bytes: number; requests: number }[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
      // Stored as the web app's sign-in stores it (the bench's tsconfig has no DOM types).
      await context.addInitScript((t) => {
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
          'token',
          t,
        );
      }, token);
      const page = await context.newPage();
      let bytes = 0;
      let requests = 0;
      page.on('response', (res) => {
        if (!res.url().includes(`/api/documents/${documentId}/file`)) return;
        requests++;
        void res
          .body()
          .then((b) => (bytes += b.length))
          .catch(() => undefined);
      });
      await page.goto(`/user/projects/${registrationId}/documents`);
      const view = page.getByRole('button', { name: 'View — A-200' });
      await view.waitFor({ timeout: 120_000 });
      const started = performance.now();
      await view.click();
      const canvas = page
        .getByTestId('drawing-viewer')
        .getByRole('region', { name: /Drawing/ })
        .locator('canvas');
      await canvas.waitFor({ timeout: 120_000 });
      // Drawn: the page's ink (its 40 frames and the sheet number) is on the canvas.
      await page.waitForFunction(
        (c) => {
          type Canvas = {
            width: number;
            height: number;
            getContext(kind: '2d'): {
              getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
            };
          };
          const el = c as unknown as Canvas | null;
          if (!el?.width || !el.height) return false;
          const { data } = el.getContext('2d').getImageData(0, 0, el.width, el.height);
          let ink = 0;
          for (let p = 0; p < data.length; p += 4)
            if (data[p]! + data[p + 1]! + data[p + 2]! < 300 && data[p + 3]) ink++;
          return ink > 500;
        },
        await canvas.elementHandle(),
        { timeout: 120_000, polling: 50 },
      );
      const ms = performance.now() - started;
      await page.waitForTimeout(300);
      runs.push({ ms, bytes, requests });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const median = sorted[1]!;
  return {
    viewer_first_page_ms: Math.round(median.ms),
    viewer_first_page_runs_ms: runs.map((r) => Math.round(r.ms)),
    viewer_bytes_fetched_kib: Math.round(median.bytes / 1024),
    viewer_requests: median.requests,
  };
}

async function run(label: string, env: Record<string, string>) {
  // Seeding the whole demo on a busy shared machine can take minutes.
  const portal = await startPortal({ env, readyTimeoutMs: 900_000 });
  try {
    const login = await fetch(`${portal.url}/api/user/login`, {
      method: 'POST',
      headers: { ...XHR, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'project@hpbc.test', password: 'DemoPass!2025', remember: false, type: 'user' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const auth = { ...XHR, Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMiB(portal.pid!);

    // 10 uploads of 50 MiB at once.
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(portal.pid!))), 100);
    const started = performance.now();
    const ids = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const created = await send(`${portal.url}/api/uploads`, 'POST', {
          ...auth,
          'Upload-Length': String(SIZE),
          'Upload-Metadata': `filename ${Buffer.from(`set-${i}.pdf`).toString('base64')}`,
        });
        if (created.status !== 201) throw new Error(`create ${created.status} ${created.body.toString()}`);
        const id = String(created.headers.location).split('/').pop()!;
        const patched = await send(
          `${portal.url}/api/uploads/${id}`,
          'PATCH',
          {
            ...auth,
            'Upload-Offset': '0',
            'Content-Type': 'application/offset+octet-stream',
            'Content-Length': String(SIZE),
          },
          body(SIZE, i),
        );
        if (patched.status !== 204) throw new Error(`patch ${patched.status} ${patched.body.toString()}`);
        return id;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const finished = await Promise.all(ids.map((id) => send(`${portal.url}/api/uploads/${id}`, 'HEAD', auth)));
    if (finished.some((h) => h.headers['upload-offset'] !== String(SIZE))) throw new Error('an upload did not finish');

    // A 200-page set: attached to a draft, then read as a viewer starts.
    const pdf = await manyPagePdf(200, 100 * 1024);
    const create = await send(`${portal.url}/api/uploads`, 'POST', {
      ...auth,
      'Upload-Length': String(pdf.length),
      'Upload-Metadata': `filename ${Buffer.from('set.pdf').toString('base64')}`,
    });
    const uploadId = String(create.headers.location).split('/').pop()!;
    await send(
      `${portal.url}/api/uploads/${uploadId}`,
      'PATCH',
      { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      pdf,
    );
    const json = { ...XHR, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const draft = await fetch(`${portal.url}/api/registrations`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ data: {} }),
    });
    const regId = ((await draft.json()) as { data: { id: number } }).data.id;
    const attachStarted = performance.now();
    const attached = await fetch(`${portal.url}/api/registrations/${regId}/documents`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        upload_id: uploadId,
        discipline: 'architect',
        kind: 'floor_plan',
        number: 'A-200',
        title: '200 sheets',
      }),
    });
    const attachMs = performance.now() - attachStarted;
    const doc = ((await attached.json()) as { data: { id: number; pages: number } }).data;
    const read = async (range?: string) => {
      const t0 = performance.now();
      const res = await send(`${portal.url}/api/documents/${doc.id}/file`, 'GET', {
        ...XHR,
        Authorization: `Bearer ${token}`,
        ...(range ? { Range: range } : {}),
      });
      return { ms: performance.now() - t0, status: res.status, bytes: res.body.length };
    };
    const head = await read('bytes=0-65535');
    const tail = await read(`bytes=-65536`);
    const whole = await read();
    const viewer = await viewerFirstPage(portal.url, token, regId, doc.id);
    return {
      label,
      idle_rss_mib: Math.round(idle),
      peak_rss_mib: Math.round(peak),
      growth_mib: Math.round(peak - idle),
      goal_mib: GOAL_MIB,
      met: peak - idle <= GOAL_MIB,
      uploads: UPLOADS,
      upload_mib: SIZE / MiB,
      seconds: Math.round(seconds * 10) / 10,
      throughput_mib_s: Math.round(((UPLOADS * SIZE) / MiB / seconds) * 10) / 10,
      set_pages: doc.pages,
      set_mib: Math.round((pdf.length / MiB) * 100) / 100,
      attach_ms: Math.round(attachMs),
      first_range_ms: Math.round(head.ms),
      first_range_status: head.status,
      tail_range_ms: Math.round(tail.ms),
      first_page_ms: Math.round(head.ms + tail.ms),
      whole_file_ms: Math.round(whole.ms),
      ...viewer,
      load_average_1m: machine().load_average_1m,
    };
  } finally {
    await portal.stop();
  }
}

const results = [await run('embedded database (files under DATA_DIR)', {})];
if (process.env.BENCH_PG) {
  const name = `hpbc_bench_docs_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.BENCH_PG);
  url.pathname = `/${name}`;
  try {
    results.push(await run('PostgreSQL (DATABASE_URL, file_chunks rows)', { DATABASE_URL: url.toString() }));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const out = { at: new Date().toISOString(), machine: machine(), results };
const dir = path.join(import.meta.dirname, 'results');
writeFileSync(path.join(dir, 'documents.json'), `${JSON.stringify(out, null, 2)}\n`);
const lines = [
  '# Design documents: uploads and the first page',
  '',
  `Run ${out.at} (\`node --import tsx bench/documents-bench.ts\`, BENCH_PG for the PostgreSQL row). ${UPLOADS} tus uploads of ${SIZE / MiB} MiB at once; goal: the server's resident memory within ${GOAL_MIB} MiB of idle. First page: the two Range requests a viewer makes before drawing page 1 of a 200-page set (the first and the last 64 KiB); then the real viewer: Chromium on the documents page of the built web app, from pressing "View" to page 1 drawn by pdf.js (median of 3), with the bytes of the file it fetched.`,
  '',
  '| Store | Idle RSS | Peak RSS | Growth | Goal met | Throughput | 200-page set | Attach (qpdf check, hash) | First range | Last range | First page (ranges) | Whole file | First page in Chromium + pdf.js | Fetched by the viewer |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.idle_rss_mib} MiB | ${r.peak_rss_mib} MiB | ${r.growth_mib} MiB | ${r.met ? 'yes' : 'no'} | ${r.throughput_mib_s} MiB/s (${r.seconds} s) | ${r.set_mib} MiB, ${r.set_pages} pages | ${r.attach_ms} ms | ${r.first_range_ms} ms | ${r.tail_range_ms} ms | ${r.first_page_ms} ms | ${r.whole_file_ms} ms | ${r.viewer_first_page_ms} ms (runs ${r.viewer_first_page_runs_ms.join(', ')}) | ${r.viewer_bytes_fetched_kib} KiB in ${r.viewer_requests} requests |`,
  ),
  '',
  `Load average during the run (2 cores shared with other sessions): ${results.map((r) => `${r.label}: ${r.load_average_1m}`).join('; ')}.`,
  '',
  `Machine: ${JSON.stringify(out.machine)}`,
  '',
];
writeFileSync(path.join(dir, 'documents.md'), lines.join('\n'));
console.log(lines.join('\n'));
