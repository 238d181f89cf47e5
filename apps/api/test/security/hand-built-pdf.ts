import { deflateSync } from 'node:zlib';

/**
 * PDFs built byte by byte, with a correct cross-reference stream, to hide an action where
 * a pattern match on the raw bytes does not see it: inside an object stream under any
 * filter. qpdf and pdf.js both read these files (issue 24, hole 1).
 */
export type ObjStmFilter = 'ASCIIHexDecode' | 'ASCII85Decode' | 'FlateDecode';

const ascii85 = (data: Buffer): Buffer => {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, Math.min(i + 4, data.length));
    const n = Math.min(4, data.length - i);
    let v = chunk.readUInt32BE(0);
    if (v === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
};

const encoders: Record<ObjStmFilter, (data: Buffer) => Buffer> = {
  ASCIIHexDecode: (d) => Buffer.from(`${d.toString('hex')}>`, 'latin1'),
  ASCII85Decode: ascii85,
  FlateDecode: (d) => deflateSync(d),
};

export interface HandBuiltPdf {
  /** The catalog's extra entries, e.g. '/OpenAction 5 0 R'. */
  catalogExtra?: string;
  /** Object 5, kept in an object stream when `filter` is given, else a plain object. */
  hidden?: string;
  filter?: ObjStmFilter;
  /** Blank bytes before object 5 inside the object stream (to inflate past a reader's limit). */
  padding?: number;
}

/** A one-page PDF 1.5 with a cross-reference stream; object 5 is `hidden`. */
export function handBuiltPdf(opts: HandBuiltPdf = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets = new Map<number, number>();
  let length = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const add = (n: number, body: Buffer | string) => {
    offsets.set(n, length);
    push(
      Buffer.concat([
        Buffer.from(`${n} 0 obj\n`, 'latin1'),
        Buffer.from(body as string, 'latin1'),
        Buffer.from('\nendobj\n'),
      ]),
    );
  };
  add(1, `<< /Type /Catalog /Pages 2 0 R ${opts.catalogExtra ?? ''} >>`);
  add(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const content = 'BT /F1 12 Tf 72 720 Td (Cover letter) Tj ET';
  add(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources << /Font << /F1 8 0 R >> >> >>',
  );
  const hidden = opts.hidden ?? '<< /Producer (hand) >>';
  let inStream = false;
  if (opts.filter) {
    const pad = opts.padding ?? 0;
    const header = `5 ${pad} `;
    const data = Buffer.concat([Buffer.from(header, 'latin1'), Buffer.alloc(pad, 0x20), Buffer.from(hidden, 'latin1')]);
    const encoded = encoders[opts.filter](data);
    offsets.set(4, length);
    push(
      Buffer.concat([
        Buffer.from(
          `4 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Filter /${opts.filter} /Length ${encoded.length} >>\nstream\n`,
          'latin1',
        ),
        encoded,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]),
    );
    inStream = true;
  } else {
    add(4, '<< >>');
    add(5, hidden);
  }
  add(7, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  add(8, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xrefAt = length;
  const rows: [number, number, number][] = [[0, 0, 65535]];
  for (let n = 1; n <= 8; n++) {
    if (n === 5 && inStream) rows.push([2, 4, 0]);
    else if (n === 6) rows.push([1, xrefAt, 0]);
    else rows.push([1, offsets.get(n)!, 0]);
  }
  const table = Buffer.alloc(rows.length * 7);
  rows.forEach(([type, field2, field3], i) => {
    table.writeUInt8(type, i * 7);
    table.writeUInt32BE(field2, i * 7 + 1);
    table.writeUInt16BE(field3, i * 7 + 5);
  });
  push(
    Buffer.from(
      `6 0 obj\n<< /Type /XRef /Size 9 /W [1 4 2] /Root 1 0 R /Length ${table.length} >>\nstream\n`,
      'latin1',
    ),
  );
  push(table);
  push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** The action the tests hide: JavaScript run when the document opens. */
export const OPEN_ACTION_JS = '<< /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>';
