import { z } from 'zod';
import type { RegistrationSummary } from './form-one-fields';
import { requiredText } from './text-fields';

/**
 * The committee sees everything (issue 28, item 5; decision 090): what the admin
 * registration list adds to each row, its search, and the committee's case notes. One
 * source for the server (which answers them) and the browser (which shows them).
 */

/** A row of GET /api/admin/registrations (and of its CSV). */
export interface AdminRegistrationRow extends RegistrationSummary {
  owner: { id: number; name: string; email: string };
  /**
   * Whole days since it was last (re)submitted, while the reviewers hold it (Submitted,
   * Under Review); null while the submitter holds it or once decided.
   */
  days_waiting: number | null;
  /** Current countersignatures (of the content as it stands) and how many the registration names. */
  countersignatures: { done: number; needed: number };
}

/** The longest search text; a longer one is cut, not refused (a list filter, not a form). */
export const ADMIN_SEARCH_MAX = 100;

/** `?search=`: reference, project name, submitter's name or e-mail; blank or not text means no search. */
export const adminSearchParam = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, ADMIN_SEARCH_MAX) : undefined));

/** The columns of the admin registration CSV, in order (the header row names them). */
export const ADMIN_REGISTRATION_CSV_COLUMNS = [
  'reference_number',
  'project_name',
  'status',
  'submitter_name',
  'submitter_email',
  'submitted_at',
  'days_waiting',
  'countersignatures_done',
  'countersignatures_needed',
] as const;

export const CASE_NOTE_MAX = 4000;

/** POST /api/admin/registrations/{id}/notes. */
export const caseNoteSchema = z.object({
  note: requiredText('note', CASE_NOTE_MAX),
});
export type CaseNotePayload = z.input<typeof caseNoteSchema>;

/** A case note as the committee reads it. */
export interface CaseNote {
  id: number;
  note: string;
  author: { name: string };
  created_at: string;
}
