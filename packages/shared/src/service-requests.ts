import { z } from 'zod';
import { rule } from './messages';
import { requiredText } from './text-fields';
import { SERVICE_REQUEST_MAX_LENGTH, type ServiceRequestKind } from './service-request-limits';

export {
  COMPANY_ID_FIELD,
  COVER_LETTER_MAX_BYTES,
  coverLetterProblem,
  SERVICE_REQUEST_MAX_LENGTH,
  SERVICE_REQUEST_TEXT_FIELDS,
  serviceRequestReference,
  type ServiceRequestKind,
} from './service-request-limits';

const text = (field: keyof typeof SERVICE_REQUEST_MAX_LENGTH) => requiredText(field, SERVICE_REQUEST_MAX_LENGTH[field]);

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
