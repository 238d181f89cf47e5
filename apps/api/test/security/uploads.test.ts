/**
 * Hole 6 of issue 9: an upload's name cannot disguise another file type, and PDFs with
 * JavaScript, launch actions or embedded files are refused with a message that says so.
 */
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@hpbc/shared';
import { mailOutbox, serviceRequests } from '../../src/db/schema/index';
import { inspectPdfBytes } from '../../src/lib/pdf/inspect-pdf';
import { pdfkitBytes } from '../../src/lib/pdf-text';
import { safePdfName } from '../../src/lib/file-store/upload-name';
import {
  makePdf,
  postServiceRequest,
  requestFields,
} from '../../src/modules/service-requests/service-requests.test-helpers';
import { uniqueIp } from '../accounts';
import { buildTestApp, type TestApp } from '../build-test-app';
import { encryptedPdf, handBuiltPdf, OPEN_ACTION_JS } from '../../src/lib/pdf/hand-built-pdf.test-helpers';
import { insertEietCompany } from '../public-records';

let t: TestApp;
let eietId: number;
beforeAll(async () => {
  t = await buildTestApp();
  eietId = await insertEietCompany(t.database);
});
afterAll(async () => {
  await t.close();
});

async function pdfWith(add: (doc: PDFKit.PDFDocument) => void, compress = false): Promise<Buffer> {
  const doc = new PDFDocument({ compress });
  const bytes = pdfkitBytes(doc);
  doc.text('Cover letter');
  add(doc);
  doc.end();
  return bytes;
}

async function submit(filename: string, bytes: Buffer) {
  return postServiceRequest(
    t,
    {
      ...requestFields,
      project_information: 'Ten floors',
      company_email: `office.${Math.random().toString(36).slice(2)}@shwe.example`,
      eiet_id: eietId,
    },
    { cover: bytes, filename, remoteAddress: uniqueIp() },
  );
}

describe('upload names (hole 6)', () => {
  it.each([
    ['invoice\u202Efdp.exe', 'invoicefdp_exe.pdf'],
    ['report.exe.pdf', 'report_exe.pdf'],
    ['a\u2066b\u2069c\u200Bd\uFEFF.PDF', 'abcd.pdf'],
    ['..\\..\\evil"name<>.pdf', 'evilname.pdf'],
    ['\u0000\u0007', 'document.pdf'],
    ['ကျွန်ုပ်၏ စာ.pdf', 'ကျွန်ုပ်၏ စာ.pdf'],
  ])('%j becomes %j', (name, expected) => {
    expect(safePdfName(name)).toBe(expected);
  });

  it('a right-to-left override never reaches the stored name or the companies\u2019 mail', async () => {
    const res = await submit('Cover letter \u202Efdp.exe', await makePdf());
    expect(res.statusCode).toBe(201);
    const [row] = (await t.database.db.select().from(serviceRequests)).slice(-1);
    expect(row!.coverLetterName).toBe('Cover letter fdp_exe.pdf');
    const mails = await t.database.db.select().from(mailOutbox);
    for (const m of mails) {
      const json = JSON.stringify(m);
      expect(json).not.toMatch(/\u202E|\\u202e/i);
    }
  });
});

describe('active PDFs (hole 6; issue 24, hole 1)', () => {
  it.each([
    ['document JavaScript', (d: PDFKit.PDFDocument) => d.addNamedJavaScript('hello', 'app.alert(1)')],
    ['an embedded file', (d: PDFKit.PDFDocument) => d.file(Buffer.from('MZ...'), { name: 'setup.exe' })],
  ])('refuses a PDF with %s, saying why', async (_label, add) => {
    for (const compress of [false, true]) {
      const bytes = await pdfWith(add, compress);
      expect((await inspectPdfBytes(bytes)).activeContent.length).toBeGreaterThan(0);
      const res = await submit('letter.pdf', bytes);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cover_letter).toEqual([renderMessage('pdf_active|cover_letter')]);
    }
  });

  it.each([
    ['/ASCIIHexDecode', { filter: 'ASCIIHexDecode' }],
    ['/ASCII85Decode', { filter: 'ASCII85Decode' }],
    ['a Flate object stream inflating past 16 MiB', { filter: 'FlateDecode', padding: 17 * 1024 * 1024 }],
    ['#xx escapes in a plain object', { hidden: '<< /S /L#61unch /F (cmd.exe) >>' }],
  ] as const)('refuses an open action hidden under %s, which pdf.js finds', async (_label, opts) => {
    const bytes = handBuiltPdf({ catalogExtra: '/OpenAction 5 0 R', hidden: OPEN_ACTION_JS, ...opts });
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    if (!('hidden' in opts)) expect(await pdfJsOpenAction(bytes)).toContain('document.cookie');
    const res = await submit('letter.pdf', bytes);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cover_letter).toEqual([renderMessage('pdf_active|cover_letter')]);
  });

  it('accepts the same hand-built file without the action, in an object stream or not', async () => {
    for (const filter of [undefined, 'ASCIIHexDecode', 'ASCII85Decode', 'FlateDecode'] as const) {
      const res = await submit('letter.pdf', handBuiltPdf({ filter }));
      expect(res.statusCode, filter).toBe(201);
    }
    expect((await submit('letter.pdf', await pdfWith(() => undefined, true))).statusCode).toBe(201);
  });

  it('refuses what it cannot read completely: a damaged file, one that needs a password', async () => {
    const plain = await makePdf();
    // The catalog grows by 40 bytes: every offset after it is wrong, so a reader must repair.
    const damaged = Buffer.from(
      plain.toString('latin1').replace('/Type /Catalog', '/Type /Catalog /Lang (en-GB-oxendict-x-long)'),
      'latin1',
    );
    const locked = encryptedPdf(plain, 'user-pw');
    expect(await inspectPdfBytes(locked)).toMatchObject({ readable: false, encrypted: true });
    for (const bytes of [damaged, locked]) {
      const res = await submit('letter.pdf', bytes);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cover_letter).toEqual([renderMessage('pdf_unreadable|cover_letter')]);
    }
  });
});

/** The script pdf.js would run when the document opens (pdf.js reads object streams too). */
async function pdfJsOpenAction(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    return JSON.stringify(await doc.getJSActions());
  } finally {
    await task.destroy();
  }
}
