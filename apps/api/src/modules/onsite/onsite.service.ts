import { createHash } from 'node:crypto';
import {
  checklistRecordSchema,
  INSPECTION_PHOTO_MAX_BYTES,
  inspectionPhotoFieldsSchema,
  messageCode,
  rule,
  type ChecklistItem,
  type FieldErrors,
  INSPECTION_KIND_LABELS,
  type Locale,
  type InspectionKind,
  type InspectionPhoto,
  type OnsiteRecord,
  type RecordedChecklistItem,
} from '@hpbc/shared';
import { pathTo } from '@hpbc/shared/contract/endpoint';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction } from '../../db/client';
import { HttpError, ValidationError, forbidden, notFound, parseBody, zodFieldErrors } from '../../lib/http-errors';
import { dataDirStore } from '../../lib/file-store/file-store';
import type { MultipartForm, UploadedFile } from '../../lib/file-store/multipart';
import { imageTypeOf } from '../../lib/images/strip-metadata';
import { accountsRepository } from '../accounts/accounts.repository';
import { recordAudit } from '../audit/audit.repository';
import { companyRepository, type InspectionRow } from '../company/company.repository';
import { onsiteRepository, type ChecklistItemRow, type PhotoRow } from './onsite.repository';

const toItem = (r: ChecklistItemRow): ChecklistItem => ({
  id: r.id,
  kind: r.kind as InspectionKind,
  position: r.position,
  text_en: r.textEn,
  text_my: r.textMy,
  recommendation: r.recommendation,
});

export function toPhotoJson(p: PhotoRow): InspectionPhoto {
  return {
    id: p.id,
    inspection_id: p.inspectionId,
    sha256: p.sha256,
    size: p.size,
    type: p.type,
    taken_at: p.takenAt.toISOString(),
    latitude: p.latitude,
    longitude: p.longitude,
    accuracy: p.accuracy,
    created_at: p.createdAt.toISOString(),
    url: pathTo('GET /api/inspection-photos/:id', { id: p.id }),
    original_url: pathTo('GET /api/inspection-photos/:id/original', { id: p.id }),
  };
}

const extOf = (type: string) => (type === 'image/png' ? '.png' : '.jpg');

/**
 * What an EIET team records on site (issue 30; docs/decisions/097–099): the checklist of the
 * inspection's kind and photos. Both only while the inspection is scheduled: the result (a legal
 * act, with its second factor) closes the record. Who may read it: the inspecting company, the
 * registration's owner and administrators (as the report PDF); everyone else gets a 404.
 */
export function onsiteService(deps: ModuleDeps) {
  const { database, now, config } = deps;
  const repo = onsiteRepository(database.db);
  const inspectionsRepo = companyRepository(database.db);
  const accounts = accountsRepository(database.db);
  // Photos live in their own area of the file store (local folder, or stored_files rows).
  const store = dataDirStore(config.dataDir, 'inspection-photos');
  const missing = () => notFound(messageCode('inspection_not_found'));
  const closed = (row: InspectionRow) => new HttpError(409, messageCode('inspection_closed', row.status));

  /** An inspection of the caller's EIET company, still open; 403 without one, 404 for another's. */
  async function ownOpenInspection(actor: Actor, id: number): Promise<InspectionRow> {
    const company = await accounts.companyOf(actor.user);
    if (!company || company.kind !== 'eiet') throw forbidden(messageCode('company_required'));
    const row = await inspectionsRepo.findInspection(id);
    if (!row || row.eietCompanyId !== company.id) throw missing();
    if (row.status !== 'scheduled') throw closed(row);
    return row;
  }

  /** The inspection when the caller may read its record: its company, the owner, administrators. */
  async function readable(actor: Actor, id: number): Promise<InspectionRow> {
    const row = await inspectionsRepo.findInspection(id);
    if (!row) throw missing();
    if (actor.user.isAdmin || actor.user.eietCompanyId === row.eietCompanyId) return row;
    const reg = await inspectionsRepo.registrationWithOwner(row.registrationId);
    if (reg?.userId !== actor.user.id) throw missing();
    return row;
  }

  async function record(row: InspectionRow): Promise<OnsiteRecord> {
    const fresh = (await inspectionsRepo.findInspection(row.id)) ?? row;
    return {
      inspection_id: row.id,
      checklist: (fresh.checklist as RecordedChecklistItem[] | null) ?? null,
      checklist_updated_at: fresh.checklistUpdatedAt ? fresh.checklistUpdatedAt.toISOString() : null,
      photos: (await repo.photosOf(row.id)).map(toPhotoJson),
    };
  }

  function image(file: UploadedFile | undefined, field: string, required: boolean, errors: FieldErrors) {
    if (!file) {
      if (required) errors[field] = [rule('required', field)];
      return undefined;
    }
    if ('tooMany' in file) {
      errors[field] = [rule('one_file', field)];
      return undefined;
    }
    if ('tooLarge' in file || file.bytes.length > INSPECTION_PHOTO_MAX_BYTES) {
      errors[field] = [rule('file_too_large', field, INSPECTION_PHOTO_MAX_BYTES / 1024 / 1024)];
      return undefined;
    }
    const type = imageTypeOf(file.bytes);
    if (!type) {
      errors[field] = [rule('photo_image', field)];
      return undefined;
    }
    return { bytes: file.bytes, type };
  }

  return {
    async checklists(actor: Actor): Promise<ChecklistItem[]> {
      const company = await accounts.companyOf(actor.user);
      if (!company || company.kind !== 'eiet') throw forbidden(messageCode('company_required'));
      return (await repo.activeItems()).map(toItem);
    },

    async onsite(actor: Actor, id: number): Promise<OnsiteRecord> {
      return record(await readable(actor, id));
    },

    /** Records (or replaces) the checklist; every item must be of the inspection's kind. */
    async recordChecklist(actor: Actor, id: number, body: unknown): Promise<OnsiteRecord> {
      const row = await ownOpenInspection(actor, id);
      const answers = parseBody(checklistRecordSchema, body, 'items').items;
      const ids = [...new Set(answers.map((a) => a.item_id))];
      const known = new Map((await repo.itemsOfKind(row.kind, ids)).map((i) => [i.id, i]));
      const unknown = ids.filter((i) => !known.has(i));
      if (unknown.length > 0) {
        throw new ValidationError({ items: [rule('checklist_item_unknown', 'items', unknown.join(', '))] });
      }
      const recorded: RecordedChecklistItem[] = answers.map((a) => {
        const item = known.get(a.item_id)!;
        return {
          item_id: item.id,
          text_en: item.textEn,
          text_my: item.textMy,
          recommendation: item.recommendation,
          result: a.result,
          note: a.note,
        };
      });
      const at = now();
      const saved = await withTransaction(database.db, async (tx) => {
        const done = await onsiteRepository(tx).setChecklist(id, recorded, at);
        if (done) {
          await recordAudit(tx, actor, {
            action: 'checklist',
            recordType: 'inspection',
            recordId: id,
            before: row.checklist ?? null,
            after: recorded,
          });
        }
        return done;
      });
      if (!saved) throw closed((await inspectionsRepo.findInspection(id)) ?? row);
      return record(row);
    },

    /** Before a byte of a photo is read: the caller's own, open inspection (as mayRecordResult). */
    async mayAddPhoto(actor: Actor, id: number): Promise<void> {
      await ownOpenInspection(actor, id);
    },

    /**
     * Keeps a photo: the original byte for byte, whose SHA-256 must be the one the phone computed
     * when it was taken (else 422: it changed since), and the resized copy the browser made.
     */
    async addPhoto(actor: Actor, id: number, form: MultipartForm): Promise<InspectionPhoto> {
      const row = await ownOpenInspection(actor, id);
      const errors: FieldErrors = {};
      const parsed = inspectionPhotoFieldsSchema.safeParse(form.fields);
      if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error.issues, 'photo'));
      const original = image(form.files.photo, 'photo', true, errors);
      const resized = image(form.files.resized, 'resized', false, errors);
      if (original && parsed.success) {
        const actual = createHash('sha256').update(original.bytes).digest('hex');
        if (actual !== parsed.data.sha256) errors.sha256 = [rule('photo_hash_mismatch', 'sha256')];
      }
      if (Object.keys(errors).length > 0 || !parsed.success || !original) throw new ValidationError(errors);

      const at = now();
      const kept = await store.save('originals', original.bytes, at, extOf(original.type));
      const copy = resized ? await store.save('resized', resized.bytes, at, extOf(resized.type)) : undefined;
      try {
        const photo = await withTransaction(database.db, async (tx) => {
          const created = await onsiteRepository(tx).insertPhoto({
            inspectionId: row.id,
            sha256: parsed.data.sha256,
            type: original.type,
            size: original.bytes.length,
            originalKey: kept.key,
            resizedKey: copy?.key ?? null,
            resizedType: resized?.type ?? null,
            takenAt: parsed.data.taken_at,
            latitude: parsed.data.latitude,
            longitude: parsed.data.longitude,
            accuracy: parsed.data.accuracy,
            createdBy: actor.user.id,
            createdAt: at,
          });
          const view = toPhotoJson(created);
          await recordAudit(tx, actor, {
            action: 'create',
            recordType: 'inspection_photo',
            recordId: created.id,
            after: view,
          });
          return view;
        });
        return photo;
      } catch (err) {
        await store.discard(kept.key).catch(() => undefined);
        if (copy) await store.discard(copy.key).catch(() => undefined);
        throw err;
      }
    },

    /** A photo's bytes (the resized copy, or the original) for whoever may read its inspection. */
    async photo(actor: Actor, photoId: number, original: boolean): Promise<{ type: string; bytes: Buffer }> {
      const photo = await repo.findPhoto(photoId);
      const gone = () => notFound(messageCode('inspection_photo_not_found'));
      if (!photo) throw gone();
      try {
        await readable(actor, photo.inspectionId);
      } catch {
        throw gone();
      }
      const useOriginal = original || !photo.resizedKey;
      const bytes = await store.readIfPresent(useOriginal ? photo.originalKey : photo.resizedKey!);
      if (!bytes) throw new HttpError(410, messageCode('report_missing'));
      return { type: useOriginal ? photo.type : (photo.resizedType ?? 'image/jpeg'), bytes };
    },

    /** The report PDF made from the record (decision 099), in the reader's language. */
    async reportPdf(actor: Actor, id: number, locale: Locale): Promise<{ name: string; bytes: Buffer }> {
      const row = await readable(actor, id);
      const reg = await inspectionsRepo.registrationWithOwner(row.registrationId);
      const when = (d: Date) =>
        `${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Yangon', dateStyle: 'short', timeStyle: 'short' }).format(d)} (UTC+06:30)`;
      const photos = [];
      for (const p of await repo.photosOf(id)) {
        photos.push({
          bytes: await store.readIfPresent(p.resizedKey ?? p.originalKey),
          takenAt: when(p.takenAt),
          position:
            p.latitude !== null && p.longitude !== null ? `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}` : null,
          sha256: p.sha256,
        });
      }
      // pdfkit and fontkit load with the first report, not at every start (decision 117).
      const { renderInspectionReportPdf } = await import('./inspection-report.pdf');
      const bytes = await renderInspectionReportPdf({
        locale,
        referenceNumber: reg?.referenceNumber ?? '',
        projectName: reg?.projectName ?? '',
        companyName: row.companyName,
        kind: INSPECTION_KIND_LABELS[row.kind as InspectionKind]?.[locale] ?? row.kind,
        scheduledFor: when(row.scheduledFor),
        status: row.status,
        outcome: row.outcome,
        remarks: row.remarks,
        checklist: (row.checklist as RecordedChecklistItem[] | null) ?? null,
        photos,
        madeAt: now(),
      });
      return { name: `inspection-${id}-report.pdf`, bytes };
    },
  };
}
export type OnsiteService = ReturnType<typeof onsiteService>;
