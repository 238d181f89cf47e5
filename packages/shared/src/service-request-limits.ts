import { rule } from './messages';

/*
 * What the request forms need before they validate (limits, the cover letter's check, the
 * reference format), without the zod schemas of service-requests.ts: the EIET and pile
 * lists load the request dialog, and the schemas (with zod) load only when it submits.
 */

/** The cover letter must be smaller than this (specification sections 5 and 9: "under 2MB"). */
export const COVER_LETTER_MAX_BYTES = 2 * 1024 * 1024;

/** Longest accepted value per text field; generous for real use, bounded so no one can store megabytes. */
export const SERVICE_REQUEST_MAX_LENGTH = {
  project_name: 255,
  project_information: 5000,
  company_name: 255,
  address: 500,
  company_email: 254,
  contact_phone: 32,
} as const;

/** The text fields in the forms' order (so the first error shown is the first field on screen). */
export const SERVICE_REQUEST_TEXT_FIELDS = Object.keys(
  SERVICE_REQUEST_MAX_LENGTH,
) as (keyof typeof SERVICE_REQUEST_MAX_LENGTH)[];

export type ServiceRequestKind = 'eiet' | 'pile';
/** The form field that names the chosen company, per kind. */
export const COMPANY_ID_FIELD = { eiet: 'eiet_id', pile: 'pile_company_id' } as const;

/**
 * What the browser can know about a chosen file before sending it: its declared type or
 * name, and its size. The server checks the content itself.
 * Returns a message code, or undefined when the file may be sent.
 */
export function coverLetterProblem(file: { name: string; type: string; size: number }): string | undefined {
  const looksPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!looksPdf) return rule('pdf', 'cover_letter');
  if (file.size >= COVER_LETTER_MAX_BYTES) return rule('file_size', 'cover_letter');
  if (file.size === 0) return rule('pdf', 'cover_letter');
  return undefined;
}

/** The reference a service request is quoted by (in its mails, its success message and the admin area): SR-000042. */
export function serviceRequestReference(id: number): string {
  return `SR-${String(id).padStart(6, '0')}`;
}
