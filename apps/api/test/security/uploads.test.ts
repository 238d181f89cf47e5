/**
 * Hole 6 of issue 9: an upload's name cannot disguise another file type, and PDFs with
 * JavaScript, launch actions or embedded files are refused with a message that says so.
 */
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@hpbc/shared';
import { mailOutbox, serviceRequests } from '../../src/db/schema/index';
import { hasActiveContent } from '../../src/lib/file-store/pdf-active-content';
import { safePdfName } from '../../src/lib/file-store/upload-name';
import { csrfPair, makePdf, multipartBody } from '../../src/modules/service-requests/service-requests.test-helpers';
import { uniqueIp } from '../accounts';
import { buildTestApp, type TestApp } from '../build-test-app';
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
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Cover letter');
  add(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function submit(filename: string, bytes: Buffer) {
  const { cookie, token } = csrfPair(t.config.appSecret);
  const body = await multipartBody(
    {
      project_name: 'Tower',
      project_information: 'Ten floors',
      company_name: 'Shwe Builders',
      address: 'Yangon',
      company_email: `office.${Math.random().toString(36).slice(2)}@shwe.example`,
      contact_phone: '09 123 456 789',
      eiet_id: eietId,
    },
    [{ filename, type: 'application/pdf', bytes }],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/eiet-request',
    remoteAddress: uniqueIp(),
    headers: { cookie, 'x-csrf-token': token, 'content-type': body.contentType },
    payload: body.payload,
  });
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

describe('active PDFs (hole 6)', () => {
  it.each([
    ['document JavaScript', (d: PDFKit.PDFDocument) => d.addNamedJavaScript('hello', 'app.alert(1)')],
    ['an embedded file', (d: PDFKit.PDFDocument) => d.file(Buffer.from('MZ...'), { name: 'setup.exe' })],
  ])('refuses a PDF with %s, saying why', async (_label, add) => {
    for (const compress of [false, true]) {
      const bytes = await pdfWith(add, compress);
      expect(hasActiveContent(bytes)).toBe(true);
      const res = await submit('letter.pdf', bytes);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cover_letter).toEqual([renderMessage('pdf_active|cover_letter')]);
    }
  });

  it('finds a launch action hidden behind #xx escapes, and accepts a plain PDF', async () => {
    const plain = await makePdf();
    expect(hasActiveContent(plain)).toBe(false);
    expect(hasActiveContent(await pdfWith(() => undefined, true))).toBe(false);
    const hidden = Buffer.from(
      plain.toString('latin1').replace('/Type /Catalog', '/Type /Catalog /AA << /O << /S /L#61unch /F (cmd.exe) >> >>'),
      'latin1',
    );
    expect(hasActiveContent(hidden)).toBe(true);
  });
});
