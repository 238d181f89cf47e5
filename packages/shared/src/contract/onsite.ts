import { z } from 'zod';
import { idParamsSchema } from '../paging';
import { INSPECTION_KINDS } from '../company-work';
import {
  CHECKLIST_RESULTS,
  checklistRecordSchema,
  INSPECTION_PHOTO_MAX_BYTES,
  inspectionPhotoFieldsSchema,
  type ChecklistItem,
  type InspectionPhoto,
  type OnsiteRecord,
  type RecordedChecklistItem,
} from '../onsite';
import { endpoints, fileAnswer, multipart, type Assert, type Same } from './endpoint';
import { dataOf, instant, nullableInstant } from './common';

/** Issue 30, on-site inspections: checklists, the recorded checklist, photos (docs/decisions/097–099). */

const tags = ['inspections'];
/**
 * The company's inspectors (a group's base, docs/decisions/114-declaration-bases.md): the guard
 * asks for a verified account; which company it works for, the service checks.
 */
const companyBase = { tags, guard: 'verified' } as const;
/** Also the registration's owner and the administrators: the service checks which. */
const userBase = { tags, guard: 'user' } as const;
const noCompany = { 403: 'The account is linked to no EIET company.' };
const missing = { 404: 'No such inspection for this company.' };

export const checklistItemAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(INSPECTION_KINDS),
  position: z.number().int(),
  text_en: z.string(),
  text_my: z.string(),
  recommendation: z.string().nullable(),
});
export const adminChecklistItem = checklistItemAnswer.extend({ updated_at: instant, retired_at: nullableInstant });

const recordedItem = z.object({
  item_id: z.number().int(),
  text_en: z.string(),
  text_my: z.string(),
  recommendation: z.string().nullable(),
  result: z.enum(CHECKLIST_RESULTS),
  note: z.string().nullable(),
});
export const inspectionPhotoAnswer = z.object({
  id: z.number().int(),
  inspection_id: z.number().int(),
  sha256: z.string(),
  size: z.number().int(),
  type: z.string(),
  taken_at: instant,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  created_at: instant,
  url: z.string(),
  original_url: z.string(),
});
export const onsiteRecordAnswer = z.object({
  inspection_id: z.number().int(),
  checklist: z.array(recordedItem).nullable(),
  checklist_updated_at: nullableInstant,
  photos: z.array(inspectionPhotoAnswer),
});

/** A photo's file, the resized copy or the original: the same call for either. */
const photoFile = (operationId: string, summary: string, what: string) => ({
  ...userBase,
  operationId,
  summary,
  params: idParamsSchema,
  answers: { 200: fileAnswer('image/jpeg', `${what}, image/jpeg or image/png.`) },
  errors: { 404: 'No such photo for the caller.' },
});

export const onsiteEndpoints = endpoints({
  'GET /api/company/checklists': {
    ...companyBase,
    operationId: 'inspectionChecklists',
    summary: 'The checklist of every inspection kind (items in use), for the phone to keep before going to site.',
    answers: { 200: dataOf(z.array(checklistItemAnswer)) },
    errors: noCompany,
  },
  'GET /api/inspections/:id/onsite': {
    ...userBase,
    operationId: 'inspectionOnsiteRecord',
    summary: 'An inspection’s recorded checklist and photos (its company, the registration’s owner, administrators).',
    params: idParamsSchema,
    answers: { 200: dataOf(onsiteRecordAnswer) },
    errors: { 404: 'No such inspection for the caller.' },
  },
  'PATCH /api/inspections/:id/checklist': {
    ...companyBase,
    operationId: 'recordInspectionChecklist',
    summary: 'Record (or replace) the inspection’s checklist: each item passed, failed or not applicable, with a note.',
    idempotent: true,
    params: idParamsSchema,
    body: checklistRecordSchema,
    bodyCheckedBy: 'service',
    answers: { 200: dataOf(onsiteRecordAnswer) },
    errors: { ...noCompany, ...missing, 409: 'Done or cancelled already.' },
  },
  'POST /api/inspections/:id/photos': {
    ...companyBase,
    operationId: 'addInspectionPhoto',
    summary:
      'Add a photo taken on site: the original as taken, its resized copy, the SHA-256 computed when it was taken.',
    idempotent: true,
    params: idParamsSchema,
    body: multipart(inspectionPhotoFieldsSchema, {
      photo: {
        contentType: 'image/jpeg',
        maxBytes: INSPECTION_PHOTO_MAX_BYTES,
        required: true,
        description: 'The original as taken (JPEG or PNG, known by its bytes); its SHA-256 must be `sha256`.',
      },
      resized: {
        contentType: 'image/jpeg',
        maxBytes: INSPECTION_PHOTO_MAX_BYTES,
        required: false,
        description: 'The copy resized in the browser for showing and for the report.',
      },
    }),
    answers: { 201: dataOf(inspectionPhotoAnswer) },
    errors: {
      ...noCompany,
      ...missing,
      409: 'Done or cancelled already.',
      422: 'Not an image, too large, or the bytes do not match `sha256`.',
    },
  },
  'GET /api/inspections/:id/onsite-report': {
    ...userBase,
    operationId: 'inspectionOnsiteReport',
    summary: 'The inspection report the portal makes: facts, checklist, remarks and photos with their SHA-256 (PDF).',
    params: idParamsSchema,
    answers: { 200: fileAnswer('application/pdf', 'The report, in the language of Accept-Language.') },
    headers: { 'Content-Disposition': { description: 'attachment; with the file name.' } },
    errors: { 404: 'No such inspection for the caller.' },
  },
  'GET /api/inspection-photos/:id': photoFile(
    'inspectionPhoto',
    'A photo’s resized copy (its company, the registration’s owner, administrators).',
    'The resized copy',
  ),
  'GET /api/inspection-photos/:id/original': photoFile(
    'inspectionPhotoOriginal',
    'A photo as taken, byte for byte (its SHA-256 is the one recorded).',
    'The original',
  ),
});

export type Checks = [
  Assert<Same<z.output<typeof checklistItemAnswer>, ChecklistItem>>,
  Assert<Same<z.output<typeof recordedItem>, RecordedChecklistItem>>,
  Assert<Same<z.output<typeof inspectionPhotoAnswer>, InspectionPhoto>>,
  Assert<Same<z.output<typeof onsiteRecordAnswer>, OnsiteRecord>>,
];
