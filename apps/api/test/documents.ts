import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { injectAs } from './accounts';

/** A small real PDF (pdf-lib) with `pages` pages, each naming `label` and its page number. */
export async function testPdf(label = 'Sheet', pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 420]);
    page.drawText(`${label} - page ${i}`, { x: 40, y: 360, size: 18, font });
    page.drawRectangle({ x: 40, y: 40, width: 515, height: 300, borderWidth: 1 });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const tusHeaders = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** POST /api/uploads (tus creation): answers the upload id (the Location's last segment). */
export async function createUpload(app: FastifyInstance, token: string, size: number, filename = 'sheet.pdf') {
  const res = await injectAs(app, token, {
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...tusHeaders,
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(filename)},filetype ${b64('application/pdf')}`,
    },
  });
  if (res.statusCode !== 201) throw new Error(`tus create answered ${res.statusCode}: ${res.body}`);
  return String(res.headers.location).split('/').pop()!;
}

/** PATCH /api/uploads/{id} with `bytes` at `offset`. */
export function patchUpload(app: FastifyInstance, token: string, id: string, offset: number, bytes: Buffer) {
  return injectAs(app, token, {
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

export function headUpload(app: FastifyInstance, token: string, id: string) {
  return injectAs(app, token, { method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders });
}

/** A whole upload in one PATCH: answers its id. */
export async function uploadBytes(app: FastifyInstance, token: string, bytes: Buffer, filename = 'sheet.pdf') {
  const id = await createUpload(app, token, bytes.length, filename);
  const res = await patchUpload(app, token, id, 0, bytes);
  if (res.statusCode !== 204) throw new Error(`tus patch answered ${res.statusCode}: ${res.body}`);
  return id;
}

/**
 * Attaches a document to a registration (upload, then POST /api/registrations/{id}/documents):
 * what a submission that names a counterpart for `discipline` needs first. Answers the document.
 */
export async function attachDocument(
  app: FastifyInstance,
  token: string,
  registrationId: number,
  fields: { discipline: string; kind?: string; number?: string; title?: string },
  bytes?: Buffer,
) {
  const uploadId = await uploadBytes(app, token, bytes ?? (await testPdf(fields.number ?? 'A-101')));
  const res = await injectAs(app, token, {
    method: 'POST',
    url: `/api/registrations/${registrationId}/documents`,
    payload: {
      upload_id: uploadId,
      kind: 'floor_plan',
      number: 'A-101',
      title: 'Ground floor plan',
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`attach answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { id: number; sha256: string; revision: string; pages: number };
}

/** ASCII85 (Adobe) of bytes, ending in `~>`. */
function ascii85(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const chunk = Buffer.alloc(4);
    bytes.copy(chunk, 0, i, Math.min(i + 4, bytes.length));
    const n = chunk.readUInt32BE(0);
    const take = Math.min(4, bytes.length - i);
    if (n === 0 && take === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    let v = n;
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, take + 1).join('');
  }
  return `${out}~>`;
}

/**
 * A one-page PDF whose only action, a JavaScript run on opening, sits inside an object
 * stream encoded with ASCIIHex, ASCII85, or Flate that inflates past 16 MiB (a padding
 * object first): nothing of it shows in the file's plain bytes. Cross-reference stream, PDF 1.5.
 */
export function hiddenScriptPdf(encoding: 'hex' | 'a85' | 'flate-big'): Buffer {
  const script = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
  const members: [number, string][] =
    encoding === 'flate-big'
      ? [
          [7, `(${'A'.repeat(17 * 1024 * 1024)})`],
          [4, script],
        ]
      : [[4, script]];
  let body = '';
  const offsets: number[] = [];
  for (const [, text] of members) {
    offsets.push(body.length);
    body += `${text}\n`;
  }
  const header = members.map(([n], i) => `${n} ${offsets[i]}`).join(' ') + '\n';
  const raw = Buffer.from(header + body, 'latin1');
  const { data, filter } =
    encoding === 'hex'
      ? { data: Buffer.from(`${raw.toString('hex')}>`, 'latin1'), filter: '/ASCIIHexDecode' }
      : encoding === 'a85'
        ? { data: Buffer.from(ascii85(raw), 'latin1'), filter: '/ASCII85Decode' }
        : { data: deflateSync(raw), filter: '/FlateDecode' };

  const parts: Buffer[] = [];
  let length = 0;
  const at: Record<number, number> = {};
  const push = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(buf);
    length += buf.length;
  };
  push('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n');
  const obj = (n: number, text: string) => {
    at[n] = length;
    push(`${n} 0 obj\n${text}\nendobj\n`);
  };
  obj(1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  at[5] = length;
  push(
    `5 0 obj\n<< /Type /ObjStm /N ${members.length} /First ${header.length} /Filter ${filter} /Length ${data.length} >>\nstream\n`,
  );
  push(data);
  push('\nendstream\nendobj\n');
  const size = 8;
  at[6] = length;
  const entry = (type: number, a: number, b: number) => {
    const e = Buffer.alloc(7);
    e.writeUInt8(type, 0);
    e.writeUInt32BE(a, 1);
    e.writeUInt16BE(b, 5);
    return e;
  };
  const index = (n: number) => members.findIndex(([m]) => m === n);
  const rows = [
    entry(0, 0, 0xffff),
    entry(1, at[1]!, 0),
    entry(1, at[2]!, 0),
    entry(1, at[3]!, 0),
    entry(2, 5, index(4)),
    entry(1, at[5]!, 0),
    entry(1, at[6]!, 0),
    index(7) >= 0 ? entry(2, 5, index(7)) : entry(0, 0, 0),
  ];
  const xref = Buffer.concat(rows);
  push(`6 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Length ${xref.length} >>\nstream\n`);
  push(xref);
  push(`\nendstream\nendobj\nstartxref\n${at[6]}\n%%EOF\n`);
  return Buffer.concat(parts);
}
