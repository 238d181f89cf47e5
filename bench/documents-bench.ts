/**
 * Design documents (issue 25): upload throughput and the server's memory with 10 tus
 * uploads of 50 MiB at once (goal: peak resident memory within 200 MiB of idle), and the
 * time to the first page of a 200-page set, approximated by the Range requests a viewer
 * (pdf.js) makes before it can draw page 1: the first 64 KiB and the last 64 KiB (the
 * cross-reference table). Run on the embedded database and, with BENCH_PG set to a
 * PostgreSQL URL, with DATABASE_URL (the bytes then go to file_chunks rows).
 *
 *   node --import tsx bench/documents-bench.ts      (not part of npm test; about 2 minutes)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
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

async function manyPagePdf(pages: number): Promise<Buffer> {
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
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function run(label: string, env: Record<string, string>) {
  const portal = await startPortal({ env });
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
    const pdf = await manyPagePdf(200);
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
  `Run ${out.at} (\`node --import tsx bench/documents-bench.ts\`, BENCH_PG for the PostgreSQL row). ${UPLOADS} tus uploads of ${SIZE / MiB} MiB at once; goal: the server's resident memory within ${GOAL_MIB} MiB of idle. First page: the two Range requests a viewer makes before drawing page 1 of a 200-page set (the first and the last 64 KiB).`,
  '',
  '| Store | Idle RSS | Peak RSS | Growth | Goal met | Throughput | 200-page set | Attach (qpdf check, hash) | First range | Last range | First page | Whole file |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.idle_rss_mib} MiB | ${r.peak_rss_mib} MiB | ${r.growth_mib} MiB | ${r.met ? 'yes' : 'no'} | ${r.throughput_mib_s} MiB/s (${r.seconds} s) | ${r.set_mib} MiB, ${r.set_pages} pages | ${r.attach_ms} ms | ${r.first_range_ms} ms | ${r.tail_range_ms} ms | ${r.first_page_ms} ms | ${r.whole_file_ms} ms |`,
  ),
  '',
  `Machine: ${JSON.stringify(out.machine)}`,
  '',
];
writeFileSync(path.join(dir, 'documents.md'), lines.join('\n'));
console.log(lines.join('\n'));
