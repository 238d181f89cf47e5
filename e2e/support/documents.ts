import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { BASE_URL } from './ports';

/**
 * A drawing sheet (pdf-lib): a frame, its label and a room whose wall is `wall` points wide
 * (a revision draws it wider). `padding` adds an unreferenced stream of random bytes, so the
 * file spans several 4 MiB upload chunks (an upload that can be cut off).
 */
export async function sheetPdf(label: string, opts: { wall?: number; padding?: number } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([842, 595]);
  // A border colour, or pdf-lib fills the rectangle black (its default without one).
  page.drawRectangle({ x: 30, y: 30, width: 782, height: 535, borderWidth: 2, borderColor: rgb(0, 0, 0) });
  page.drawText(label, { x: 50, y: 530, size: 22, font });
  page.drawRectangle({
    x: 120,
    y: 120,
    width: opts.wall ?? 300,
    height: 260,
    borderWidth: 6,
    borderColor: rgb(0, 0, 0),
  });
  if (opts.padding) doc.context.register(doc.context.stream(randomBytes(opts.padding)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Uploads a floor plan over tus and attaches it to a registration, as the documents feature
 * does (what submitting needs for each discipline that names a counterpart, docs/api.md
 * "Documents of a registration"): `bytes` (by default a sheet naming `number`). Returns the
 * document as the server answers it (after approval a new revision is `proposed`).
 */
export async function attachDrawing(
  request: APIRequestContext,
  headers: Record<string, string>,
  registrationId: number,
  discipline: string,
  { number = 'A-101', bytes }: { number?: string; bytes?: Buffer } = {},
): Promise<{ id: number; revision: string; status: string }> {
  const pdf = bytes ?? (await sheetPdf(`${number} Ground floor plan`));
  const tus = { ...headers, 'Tus-Resumable': '1.0.0' };
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await request.post(`${BASE_URL}/api/uploads`, {
    headers: {
      ...tus,
      'Upload-Length': String(pdf.length),
      'Upload-Metadata': `filename ${b64(`${number}.pdf`)},filetype ${b64('application/pdf')}`,
    },
  });
  if (created.status() !== 201) throw new Error(`upload: ${created.status()} ${await created.text()}`);
  const id = created.headers()['location']!.split('/').pop()!;
  const patched = await request.patch(`${BASE_URL}/api/uploads/${id}`, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: pdf,
  });
  if (patched.status() !== 204) throw new Error(`upload: ${patched.status()} ${await patched.text()}`);
  const attached = await request.post(`${BASE_URL}/api/registrations/${registrationId}/documents`, {
    headers,
    data: { upload_id: id, discipline, kind: 'floor_plan', number, title: 'Ground floor plan' },
  });
  if (attached.status() !== 201) throw new Error(`attach: ${attached.status()} ${await attached.text()}`);
  return ((await attached.json()) as { data: { id: number; revision: string; status: string } }).data;
}
