import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { messageCode, rule } from '@hpbc/shared';
import type { Discipline } from '@hpbc/shared/counterpart-review';
import {
  MAX_DOCUMENT_MIB,
  compareRevisions,
  nextRevision,
  type DesignDocument,
  type DocumentKind,
  type DocumentStatus,
  type documentCreateSchema,
} from '@hpbc/shared/design-documents';
import { cleanFormOneData, eietCompanyIdOf, isEditableByOwner } from '@hpbc/shared/form-one';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { z } from 'zod';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction } from '../../db/client';
import { cleanFileName } from '../../lib/file-store/file-store';
import { dataDirStreamingStore } from '../../lib/file-store/streaming-store';
import { HttpError, ValidationError, notFound } from '../../lib/http-errors';
import { inspectPdf } from '../../lib/pdf/inspect-pdf';
import { registrationsRepository, type RegistrationRow } from '../registrations/registrations.repository';
import { actsAs } from '../registrations/registrations.service';
import { notFoundRegistration, submittersRegistration } from '../registrations/submitters-registration';
import { reviewsRepository } from '../registrations/reviews.repository';
import { documentsRepository, type DocumentRow } from './documents.repository';
import { stampApprovedSet } from './documents.approval';
import { uploadsRepository } from './uploads.repository';
import { DESIGN_AREA, uploadKey } from './uploads.store';

export function toDocument(r: DocumentRow): DesignDocument {
  return {
    id: r.id,
    discipline: r.discipline as Discipline,
    kind: r.kind as DocumentKind,
    number: r.number,
    title: r.title,
    revision: r.revision,
    round: r.round,
    pages: r.pages,
    size: r.size,
    sha256: r.sha256,
    status: r.status as DocumentStatus,
    uploaded_at: r.uploadedAt.toISOString(),
    replaces_id: r.replacesId,
    approved_sha256: r.approvedSha256,
  };
}

const notFoundDocument = () => notFound(messageCode('document_not_found'));

/** A file of the design area, read by byte range. */
export interface DocumentFile {
  fileName: string;
  size: number;
  read(start?: number, end?: number): Readable;
}

/**
 * The design documents of a registration (docs/api.md "Documents of a registration"):
 * attaching finished uploads as sheets and revisions, listing, reading by range, withdrawing.
 */
export function documentsService(deps: ModuleDeps) {
  const { database, now } = deps;
  const files = dataDirStreamingStore(deps.config.dataDir, DESIGN_AREA);
  const registrations = registrationsRepository(database.db);
  const documents = documentsRepository(database.db);

  /**
   * Who may read a registration's documents: its owner, the administrators, and once it is
   * submitted the counterparts it names and the members of the EIET company it chose.
   * Everyone else is told it does not exist.
   */
  async function readable(actor: Actor, registrationId: number): Promise<RegistrationRow> {
    const row = await registrations.findById(registrationId);
    if (!row) throw notFoundRegistration();
    if (actsAs(actor, 'submitter', row)) return row;
    if (row.status === STATUS.draft) throw notFoundRegistration();
    if (actsAs(actor, 'committee') || actsAs(actor, 'counterpart', row)) return row;
    const company = eietCompanyIdOf(cleanFormOneData(row.data));
    if (company !== null && actor.user.eietCompanyId === company && actor.user.emailVerifiedAt) return row;
    throw notFoundRegistration();
  }

  async function readableDocument(actor: Actor, id: number): Promise<DocumentRow> {
    const doc = await documents.findById(id);
    if (!doc) throw notFoundDocument();
    await readable(actor, doc.registrationId).catch(() => {
      throw notFoundDocument();
    });
    return doc;
  }

  /** The owner's registration while its documents may change (a draft, or returned for changes). */
  async function ownEditable(actor: Actor, registrationId: number): Promise<RegistrationRow> {
    const row = await submittersRegistration(registrations, actor, registrationId);
    if (!isEditableByOwner(row.status)) {
      throw new HttpError(409, messageCode('documents_locked'), { status: row.status });
    }
    return row;
  }

  /** Stamps what an approval left unstamped (a failure then); true when it made copies. */
  async function finishApprovedSet(registrationId: number): Promise<boolean> {
    const row = await registrations.findById(registrationId);
    if (!row || row.status !== STATUS.approved || !row.referenceNumber) return false;
    const at = (await reviewsRepository(database.db).lastStatusAt(row.id, [STATUS.approved])) ?? now();
    return (await stampApprovedSet(deps, { id: row.id, referenceNumber: row.referenceNumber }, at)) > 0;
  }

  /** An upload checked whole (a real parse, its hash) and moved to `fileKey`. */
  async function checkAndMove(key: string, fileKey: string) {
    // A real parse of every object, those inside object streams too (lib/pdf/inspect-pdf.ts).
    const inspection = await files.withLocalFile(key, (file) => inspectPdf(file));
    if (inspection.encrypted) throw new ValidationError({ upload_id: [rule('pdf_encrypted', 'upload_id')] });
    if (!inspection.readable || !inspection.pages) {
      throw new ValidationError({ upload_id: [rule('pdf_unreadable', 'upload_id')] });
    }
    if (inspection.activeContent.length > 0) throw new ValidationError({ upload_id: [messageCode('pdf_active')] });
    const sha256 = await files.sha256(key);
    await files.rename(key, fileKey);
    return { pages: inspection.pages, sha256 };
  }

  const fileOf = (key: string, size: number, fileName: string): DocumentFile => ({
    fileName,
    size,
    read: (start, end) => files.read(key, start, end),
  });

  return {
    /** POST /api/registrations/{id}/documents. */
    async create(
      actor: Actor,
      registrationId: number,
      body: z.output<typeof documentCreateSchema>,
    ): Promise<DesignDocument> {
      // After approval a sheet is a proposed revision, waiting for a change report (issue 30).
      const proposed = (await submittersRegistration(registrations, actor, registrationId)).status === STATUS.approved;
      if (!proposed) await ownEditable(actor, registrationId);
      const upload = await uploadsRepository(database.db).ofUser(body.upload_id, actor.user.id);
      if (!upload) throw new ValidationError({ upload_id: [rule('upload_unknown', 'upload_id')] });
      const key = uploadKey(upload.id);
      const size = await files.size(key);
      if (size > MAX_DOCUMENT_MIB * 1024 * 1024) {
        throw new ValidationError({ upload_id: [rule('file_too_large', 'upload_id', MAX_DOCUMENT_MIB)] });
      }
      if (size !== upload.size) throw new ValidationError({ upload_id: [rule('upload_unfinished', 'upload_id')] });
      const at = now();
      const fileKey = `documents/${at.getUTCFullYear()}/${randomUUID()}.pdf`;
      let checked: { pages: number; sha256: string };
      try {
        checked = await checkAndMove(key, fileKey);
      } catch (err) {
        // Another attach of this upload moved it away while this one checked it (a retry while
        // the first still ran): this one is told the upload is used, as a later retry is (decision 135).
        if (size > 0 && (await files.size(key)) === 0) {
          throw new ValidationError({ upload_id: [rule('upload_unknown', 'upload_id')] });
        }
        throw err;
      }
      const { sha256 } = checked;
      const round = (await reviewsRepository(database.db).currentRound(registrationId)) + (proposed ? 0 : 1);
      try {
        const saved = await withTransaction(database.db, async (tx) => {
          const repo = documentsRepository(tx);
          const revisions = await repo.revisionsOf(registrationId, body.discipline, body.number);
          const current = revisions.find((r) => r.status === 'current');
          const latest =
            revisions
              .map((r) => r.revision)
              .sort(compareRevisions)
              .at(-1) ?? null;
          if (!proposed && current && !(await repo.setStatus(current.id, 'current', 'superseded'))) {
            throw new HttpError(409, messageCode('documents_locked'));
          }
          const row = await repo.insert({
            registrationId,
            discipline: body.discipline,
            kind: body.kind,
            number: body.number,
            title: body.title,
            revision: nextRevision(latest),
            round,
            pages: checked.pages,
            size,
            sha256,
            status: proposed ? 'proposed' : 'current',
            fileKey,
            fileName: cleanFileName(upload.metadata.filename ?? undefined, `${body.number}.pdf`),
            replacesId: current?.id ?? null,
            uploadedBy: actor.user.id,
            uploadedAt: at,
          });
          // An upload is used once.
          await uploadsRepository(tx).remove(upload.id);
          return row;
        });
        return toDocument(saved);
      } catch (err) {
        await files.discard(fileKey).catch(() => undefined);
        throw err;
      }
    },

    /** GET /api/registrations/{id}/documents: every revision. */
    async list(actor: Actor, registrationId: number): Promise<DesignDocument[]> {
      await readable(actor, registrationId);
      return (await documents.ofRegistration(registrationId)).map(toDocument);
    },

    /** GET /api/documents/{id}/file. */
    async file(actor: Actor, id: number): Promise<DocumentFile> {
      const doc = await readableDocument(actor, id);
      return fileOf(doc.fileKey, doc.size, doc.fileName);
    },

    /** GET /api/documents/{id}/approved: the stamped copy (404 before approval). */
    async approved(actor: Actor, id: number): Promise<DocumentFile> {
      let doc = await readableDocument(actor, id);
      if (!doc.approvedKey && doc.status === 'current' && (await finishApprovedSet(doc.registrationId))) {
        doc = (await documents.findById(id))!;
      }
      if (!doc.approvedKey || doc.approvedSize === null) throw notFound(messageCode('approved_copy_missing'));
      return fileOf(doc.approvedKey, doc.approvedSize, `${doc.number}-${doc.revision}-approved.pdf`);
    },

    /** The approved set of a registration, for its zip (404 before approval). */
    async approvedSet(actor: Actor, registrationId: number): Promise<{ reference: string; files: DocumentFile[] }> {
      const row = await readable(actor, registrationId);
      await finishApprovedSet(registrationId);
      const rows = await documents.approved(registrationId);
      if (rows.length === 0 || !row.referenceNumber) throw notFound(messageCode('approved_copy_missing'));
      return {
        reference: row.referenceNumber,
        files: rows.map((d) =>
          fileOf(d.approvedKey!, d.approvedSize ?? 0, `${d.discipline}/${d.number}-${d.revision}.pdf`),
        ),
      };
    },

    /**
     * DELETE /api/documents/{id}: withdrawn; a document never part of a submitted round is
     * removed (and the revision it replaced is current again).
     */
    async remove(actor: Actor, id: number): Promise<void> {
      const doc = await documents.findById(id);
      if (!doc) throw notFoundDocument();
      if (doc.status === 'proposed') {
        // A revision proposed after approval and not yet in a change report is simply removed.
        await submittersRegistration(registrations, actor, doc.registrationId).catch(() => {
          throw notFoundDocument();
        });
        if (doc.changeReportId !== null)
          throw new HttpError(409, messageCode('documents_locked'), { status: doc.status });
        await documents.remove(doc.id);
        await files.discard(doc.fileKey);
        return;
      }
      await ownEditable(actor, doc.registrationId).catch((err: unknown) => {
        throw err instanceof HttpError && err.statusCode === 409 ? err : notFoundDocument();
      });
      if (doc.status !== 'current') throw new HttpError(409, messageCode('documents_locked'), { status: doc.status });
      const submittedRound = await reviewsRepository(database.db).currentRound(doc.registrationId);
      if (doc.round > submittedRound) {
        await withTransaction(database.db, async (tx) => {
          const repo = documentsRepository(tx);
          await repo.remove(doc.id);
          if (doc.replacesId !== null) await repo.setStatus(doc.replacesId, 'superseded', 'current');
        });
        await files.discard(doc.fileKey);
        return;
      }
      await documents.setStatus(doc.id, 'current', 'withdrawn');
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
