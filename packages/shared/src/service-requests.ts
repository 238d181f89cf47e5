import { z } from 'zod';
import { rule } from './messages';

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

export type ServiceRequestKind = 'eiet' | 'pile';
/** The form field that names the chosen company, per kind. */
export const COMPANY_ID_FIELD = { eiet: 'eiet_id', pile: 'pile_company_id' } as const;

const text = (field: keyof typeof SERVICE_REQUEST_MAX_LENGTH) =>
  z
    .string({ error: rule('required', field) })
    .trim()
    .min(1, rule('required', field))
    .max(SERVICE_REQUEST_MAX_LENGTH[field], rule('max', field, SERVICE_REQUEST_MAX_LENGTH[field]));

/**
 * Digits (Western or Burmese), spaces, dashes, dots, brackets and one leading plus;
 * at least six digits. Myanmar numbers are written many ways ("09-123 456 789",
 * "+95 9 123456789", "(01) 234567").
 */
const PHONE = /^\+?[0-9\u1040-\u1049(][0-9\u1040-\u1049 .\-()]*$/;
const countDigits = (v: string) => (v.match(/[0-9\u1040-\u1049]/g) ?? []).length;

const companyId = (field: string) =>
  z.union(
    [
      z.number().int().positive().max(2_147_483_647),
      z
        .string()
        .trim()
        .regex(/^[1-9][0-9]{0,8}$/)
        .transform(Number),
    ],
    {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? rule('required', field) : rule('exists', field),
    },
  );

/** The text fields of both request forms (specification section 3: EIET request, Pile request). */
export const serviceRequestFieldsSchema = z.object({
  project_name: text('project_name'),
  project_information: text('project_information'),
  company_name: text('company_name'),
  address: text('address'),
  company_email: text('company_email').pipe(z.email(rule('email', 'company_email'))),
  contact_phone: text('contact_phone')
    .regex(PHONE, rule('phone', 'contact_phone'))
    .refine((v) => countDigits(v) >= 6 && countDigits(v) <= 20, rule('phone', 'contact_phone')),
});
export type ServiceRequestFields = z.infer<typeof serviceRequestFieldsSchema>;

export const eietRequestSchema = serviceRequestFieldsSchema.extend({ eiet_id: companyId('eiet_id') });
export const pileRequestSchema = serviceRequestFieldsSchema.extend({ pile_company_id: companyId('pile_company_id') });
export type EietRequestPayload = z.infer<typeof eietRequestSchema>;
export type PileRequestPayload = z.infer<typeof pileRequestSchema>;

export const serviceRequestSchemas = { eiet: eietRequestSchema, pile: pileRequestSchema } as const;
/** The company id field alone, to check it even when other fields fail. */
export const companyIdSchemas = {
  eiet: eietRequestSchema.shape.eiet_id,
  pile: pileRequestSchema.shape.pile_company_id,
} as const;

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

/** A request as the administrator reads it back. */
export interface ServiceRequestRecord {
  id: number;
  /** SR-000042 (serviceRequestReference). */
  reference: string;
  kind: ServiceRequestKind;
  company_id: number;
  company_label: string;
  project_name: string;
  project_information: string;
  company_name: string;
  address: string;
  company_email: string;
  contact_phone: string;
  cover_letter_name: string;
  cover_letter_size: number;
  cover_letter_sha256: string;
  locale: 'en' | 'my';
  created_at: string;
}
