import { z } from 'zod';
import { disciplineSchema, type Discipline } from './counterpart-review';
import { registerFieldLabels, rule } from './messages';
import { requiredText } from './text-fields';

/**
 * Design documents of a registration (docs/api.md "Design documents, construction and
 * transparency"): the kinds of sheet, the payload that attaches an upload, the answer.
 */
export const DOCUMENT_KINDS = [
  'site_plan',
  'floor_plan',
  'elevation',
  'section',
  'detail',
  'services_layout',
  'calculation',
  'soil_report',
  'specification',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** `proposed`: a revision uploaded after approval, waiting for a change report's acknowledgement or approval (issue 30). */
export const DOCUMENT_STATUSES = ['current', 'superseded', 'withdrawn', 'proposed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The largest document accepted (also the tus upload limit). */
export const MAX_DOCUMENT_MIB = 100;

registerFieldLabels({
  upload_id: { en: 'upload', my: 'တင်ထားသောဖိုင်' },
  kind: { en: 'kind of sheet', my: 'စာရွက် အမျိုးအစား' },
  number: { en: 'sheet number', my: 'စာရွက် နံပါတ်' },
  documents: { en: 'documents', my: 'စာတမ်းများ' },
});

/** POST /api/registrations/{id}/documents. */
export const documentCreateSchema = z.object({
  upload_id: z.string({ error: rule('required', 'upload_id') }).regex(/^[0-9a-f]{32}$/, rule('exists', 'upload_id')),
  discipline: disciplineSchema,
  kind: z.enum(DOCUMENT_KINDS, { error: rule('in', 'kind') }),
  number: requiredText('number', 30),
  title: requiredText('title', 200),
});
export type DocumentCreatePayload = z.input<typeof documentCreateSchema>;

/** One PDF of the design, one per revision. */
export interface DesignDocument {
  id: number;
  discipline: Discipline;
  kind: DocumentKind;
  number: string;
  title: string;
  revision: string;
  round: number;
  pages: number;
  size: number;
  sha256: string;
  status: DocumentStatus;
  uploaded_at: string;
  replaces_id: number | null;
  /** The stamped copy's hash once the registration is approved (null before). */
  approved_sha256: string | null;
}

/** What the content hash lists of each current document, sorted by discipline, then number. */
export interface HashedDocument {
  discipline: string;
  kind: string;
  number: string;
  revision: string;
  sha256: string;
}

/** The revision after `r`: A → B ... Z → AA → AB. */
export function nextRevision(r: string | null): string {
  if (!r) return 'A';
  const letters = r.split('');
  for (let i = letters.length - 1; i >= 0; i--) {
    if (letters[i] !== 'Z') {
      letters[i] = String.fromCharCode(letters[i]!.charCodeAt(0) + 1);
      return letters.join('');
    }
    letters[i] = 'A';
  }
  return `A${letters.join('')}`;
}

/** Revisions in order (B after A, AA after Z). */
export const compareRevisions = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
