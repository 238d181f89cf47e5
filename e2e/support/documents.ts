import type { APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { BASE_URL } from './ports';

/** A one-page drawing (pdf-lib) naming its sheet. */
export async function drawingPdf(label: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([842, 595]);
  page.drawText(label, { x: 40, y: 540, size: 20, font });
  // A border colour, or pdf-lib fills the rectangle black (its default without one).
  page.drawRectangle({ x: 40, y: 40, width: 760, height: 460, borderWidth: 2, borderColor: rgb(0, 0, 0) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Uploads a drawing over tus and attaches it to a registration (what submitting needs for
 * each discipline that names a counterpart, docs/api.md "Documents of a registration").
 */
export async function attachDrawing(
  request: APIRequestContext,
  headers: Record<string, string>,
  registrationId: number,
  discipline: string,
  number = 'A-101',
): Promise<number> {
  const bytes = await drawingPdf(`${number} ground floor plan`);
  const tus = { ...headers, 'Tus-Resumable': '1.0.0' };
  const created = await request.post(`${BASE_URL}/api/uploads`, {
    headers: {
      ...tus,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${Buffer.from(`${number}.pdf`).toString('base64')}`,
    },
  });
  if (created.status() !== 201) throw new Error(`upload: ${created.status()} ${await created.text()}`);
  const id = created.headers()['location']!.split('/').pop()!;
  const patched = await request.patch(`${BASE_URL}/api/uploads/${id}`, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  if (patched.status() !== 204) throw new Error(`upload: ${patched.status()} ${await patched.text()}`);
  const attached = await request.post(`${BASE_URL}/api/registrations/${registrationId}/documents`, {
    headers,
    data: { upload_id: id, discipline, kind: 'floor_plan', number, title: 'Ground floor plan' },
  });
  if (attached.status() !== 201) throw new Error(`attach: ${attached.status()} ${await attached.text()}`);
  return ((await attached.json()) as { data: { id: number } }).data.id;
}
