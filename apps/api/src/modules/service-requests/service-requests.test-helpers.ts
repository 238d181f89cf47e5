import PDFDocument from 'pdfkit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCsrf } from '../../plugins/csrf';
import { pdfkitBytes } from '../../lib/pdf-text';

async function pdfkitPdf(text: string, keywords: string): Promise<Buffer> {
  const doc = new PDFDocument({ compress: false, info: { Keywords: keywords } });
  const bytes = pdfkitBytes(doc);
  doc.fontSize(18).text('Letter head: Shwe Builders Co., Ltd.');
  doc.fontSize(12).text(text);
  doc.end();
  return bytes;
}

/**
 * A real one-page PDF made by pdfkit, `size` bytes long when asked: the padding is inside
 * the file (its Keywords), so the file stays whole; trailing bytes after %%EOF would make
 * it a damaged file that the upload check refuses (lib/pdf/inspect-pdf.ts).
 */
export async function makePdf(text = 'Cover letter', size?: number): Promise<Buffer> {
  const pdf = await pdfkitPdf(text, '');
  if (size === undefined) return pdf;
  if (size < pdf.length) throw new Error(`a PDF needs at least ${pdf.length} bytes`);
  // Offsets grow with the padding's digits; a second pass settles the exact length.
  let padded = await pdfkitPdf(text, 'x'.repeat(size - pdf.length));
  padded = await pdfkitPdf(text, 'x'.repeat(size - pdf.length - (padded.length - size)));
  if (padded.length !== size) throw new Error(`padded PDF is ${padded.length} bytes, not ${size}`);
  return padded;
}

/** A cookie and the matching header, as the page's meta tag would give them. */
export function csrfPair(secret: string): { cookie: string; token: string } {
  const csrf = createCsrf(secret, false);
  let cookie = '';
  const reply = {
    header(_name: string, value: string) {
      cookie = value.split(';')[0]!;
      return reply;
    },
  };
  const token = csrf.issue({ headers: {} } as FastifyRequest, reply as unknown as FastifyReply);
  return { cookie, token };
}

export interface FilePart {
  name?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart body exactly as a browser's FormData would send it. */
export async function multipartBody(
  fields: Record<string, string | number>,
  files: FilePart[] = [],
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) {
    form.append(f.name ?? 'cover_letter', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.filename);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    contentType: req.headers.get('content-type')!,
  };
}

/** What the public service-request form sends about the project and its requester; the company asked is added. */
export const requestFields = {
  project_name: 'Tower',
  project_information: 'Twenty storeys.',
  company_name: 'Shwe Builders',
  address: 'Yangon',
  company_email: 'requester@shwe.example',
  contact_phone: '09 123 456 789',
};

/**
 * A visitor's service request as the public form sends it: multipart with a PDF cover letter,
 * the CSRF cookie and its header (as the page's meta tag gives them). The answer is the test's to check.
 */
export async function postServiceRequest(
  t: { app: FastifyInstance; config: { appSecret: string } },
  fields: Record<string, string | number>,
  opts: {
    kind?: 'eiet' | 'pile';
    cover?: Buffer;
    filename?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
) {
  const { cookie, token } = csrfPair(t.config.appSecret);
  const cover = opts.cover ?? (await makePdf());
  const { payload, contentType } = await multipartBody(fields, [
    { filename: opts.filename ?? 'letter.pdf', type: 'application/pdf', bytes: cover },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/${opts.kind ?? 'eiet'}-request`,
    headers: { 'content-type': contentType, cookie, 'x-csrf-token': token, ...opts.headers },
    payload,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}
