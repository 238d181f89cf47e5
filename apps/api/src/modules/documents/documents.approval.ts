import { randomUUID } from 'node:crypto';
import { messageCode } from '@hpbc/shared';
import type { VerifiedDocument, VerifyDocument } from '@hpbc/shared/counterpart-review';
import type { ModuleDeps } from '../../module-deps';
import { sha256 } from '../../lib/file-store/file-store';
import { dataDirStreamingStore } from '../../lib/file-store/streaming-store';
import { notFound } from '../../lib/http-errors';
import { documentsRepository, type DocumentRow } from './documents.repository';
import { DESIGN_AREA } from './uploads.store';
import type { Discipline } from '@hpbc/shared/counterpart-review';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

/** The public address a stamped copy's QR code names. */
export const verifyUrlOf = (appUrl: string, reference: string) => `${appUrl}/verify/${encodeURIComponent(reference)}`;

/**
 * On approval (docs/api.md, decision 071): every current document of the registration gets
 * an approved copy, each page stamped, kept beside the original. One document at a time:
 * pdf-lib needs a whole file in memory, so this never holds more than one. A document that
 * already has its copy is skipped, so a repeat (after a failure) finishes the set.
 */
export async function stampApprovedSet(
  deps: ModuleDeps,
  registration: { id: number; referenceNumber: string },
  approvedAt: Date,
): Promise<number> {
  const files = dataDirStreamingStore(deps.config.dataDir, DESIGN_AREA);
  const repo = documentsRepository(deps.database.db);
  let made = 0;
  // pdf-lib, pdfkit and qrcode load with the first approval, not at every start (decision 117).
  const { stampPdf } = await import('./documents.stamp');
  for (const doc of await repo.current(registration.id)) {
    if (doc.approvedKey) continue;
    const stamped = await stampPdf(await readAll(files.read(doc.fileKey)), {
      referenceNumber: registration.referenceNumber,
      approvedAt,
      verifyUrl: verifyUrlOf(deps.config.appUrl, registration.referenceNumber),
    });
    const key = `approved/${approvedAt.getUTCFullYear()}/${randomUUID()}.pdf`;
    await files.write(key, stamped);
    await repo.setApproved(doc.id, {
      key,
      sha256: sha256(Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength)),
      size: stamped.byteLength,
      at: approvedAt,
    });
    made++;
  }
  return made;
}

/**
 * GET /api/verify/{reference}: the approved documents (what `documents` lists), from the
 * registration's current documents with an approved copy, in documentsRepository.approved's order.
 */
export function approvedDocuments(rows: DocumentRow[]): VerifyDocument[] {
  return rows.map((d) => ({
    discipline: d.discipline as Discipline,
    number: d.number,
    title: d.title,
    revision: d.revision,
    sha256: d.sha256,
    approved_sha256: d.approvedSha256,
  }));
}

/** GET /api/verify/{reference}/documents/{sha256}: whether a copy someone holds is one of them. */
export async function verifiedDocument(
  deps: ModuleDeps,
  registrationId: number,
  hash: string,
): Promise<VerifiedDocument> {
  const doc = /^[0-9a-f]{64}$/.test(hash)
    ? await documentsRepository(deps.database.db).approvedByHash(registrationId, hash)
    : undefined;
  if (!doc) throw notFound(messageCode('document_not_found'));
  return { number: doc.number, title: doc.title, revision: doc.revision, discipline: doc.discipline as Discipline };
}
