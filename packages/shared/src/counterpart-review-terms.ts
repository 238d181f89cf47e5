import {
  ENGINEER_ROLES,
  FORM_ONE_FIELDS,
  type FormOneData,
  type L10n,
  type RegistrationRecord,
  type RegistrationSummary,
} from './form-one-fields';
import { registerFieldLabels, registerValueLabels } from './messages';
import type { SignedWith } from './second-factor';
import type { ChangeReport } from './change-report-terms';
import type { Presentation } from './presentations';

/**
 * The national counterparts' review of a submitted Form One (docs/api.md, "Counterpart
 * review"): the seven disciplines, who a registration names, the limits of the fixed calls
 * and the shapes of their answers. One source for the API and the web app; the payloads' zod
 * schemas are in counterpart-review.ts, which the browser does not load (docs/decisions/121).
 */
export const DISCIPLINES = ENGINEER_ROLES.map((r) => r.key) as unknown as readonly Discipline[];
export type Discipline = (typeof ENGINEER_ROLES)[number]['key'];

/**
 * What the review calls each discipline. English keeps Form One's role names; Burmese names
 * the discipline itself (docs/glossary.md), since Form One's Burmese role names are the
 * English ones kept for the form (second Burmese review, H4).
 */
const DISCIPLINE_BURMESE: Record<Discipline, string> = {
  architect: 'ဗိသုကာ',
  structure: 'ဖွဲ့စည်းတည်ဆောက်ပုံ',
  geotechnical: 'ဘူမိနည်းပညာ',
  project_engineer: 'စီမံကိန်း အင်ဂျင်နီယာ (Project Engineer)',
  water_sanitation: 'ရေပေးဝေရေးနှင့် မိလ္လာ',
  electrical: 'လျှပ်စစ်',
  acmv: 'လေအေးပေးနှင့် လေဝင်လေထွက် (ACMV)',
};

export const DISCIPLINE_TITLES: Record<Discipline, L10n> = Object.fromEntries(
  ENGINEER_ROLES.map((r) => [r.key, { en: r.title.en, my: DISCIPLINE_BURMESE[r.key] }]),
) as Record<Discipline, L10n>;

// Messages that name disciplines (`countersignatures_missing`) name them in the reader's language.
registerValueLabels(DISCIPLINE_TITLES);

/** A list in running text: "၊ " between Burmese items (the Burmese comma), ", " in English. */
export const LIST_SEPARATOR = { en: ', ', my: '၊ ' } as const;

/** Disciplines named in running text, in the reader's language. */
export const disciplineList = (ds: readonly Discipline[], locale: keyof typeof LIST_SEPARATOR) =>
  ds.map((d) => DISCIPLINE_TITLES[d][locale]).join(LIST_SEPARATOR[locale]);

export const isDiscipline = (v: string): v is Discipline => (DISCIPLINES as readonly string[]).includes(v);

/** The Form One field that names a discipline's counterpart, and the licence recorded when they countersign. */
export const counterpartEmailField = (d: Discipline) => `national_${d}_email`;
export const counterpartLicenseField = (d: Discipline) => `national_${d}_license`;
export const counterpartNameField = (d: Discipline) => `national_${d}_name`;

/**
 * The discipline a Form One field belongs to (its engineer's or national counterpart's
 * fields in step 3), or null for a field of the whole project. A comment on a field is
 * filed under that discipline (issue 28, item 6).
 */
export function fieldDiscipline(field: string | null): Discipline | null {
  if (!field) return null;
  return DISCIPLINES.find((d) => field.startsWith(`${d}_`) || field.startsWith(`national_${d}_`)) ?? null;
}

/** Each discipline whose counterpart e-mail is filled in, with the address lower-cased. */
export function namedCounterparts(data: Record<string, unknown>): { discipline: Discipline; email: string }[] {
  const out: { discipline: Discipline; email: string }[] = [];
  for (const d of DISCIPLINES) {
    const v = data[counterpartEmailField(d)];
    if (typeof v === 'string' && v.trim() !== '') out.push({ discipline: d, email: v.trim().toLowerCase() });
  }
  return out;
}

/** The e-mail fields naming designers, signatories, the director, managers and contractors: everyone but the counterparts. */
const OTHER_PARTY_EMAIL_FIELDS = FORM_ONE_FIELDS.filter(
  (f) => f.kind === 'email' && !/^national_.*_email$/.test(f.name),
).map((f) => f.name);

/** Whether `email` appears on the registration as another party (a conflict of interest for a counterpart). */
export function appearsAsOtherParty(data: Record<string, unknown>, email: string): boolean {
  const e = email.trim().toLowerCase();
  return OTHER_PARTY_EMAIL_FIELDS.some((name) => {
    const v = data[name];
    return typeof v === 'string' && v.trim().toLowerCase() === e;
  });
}

/** What the submitter changed between two rounds, in Form One's field order. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const known = new Set(FORM_ONE_FIELDS.map((f) => f.name));
  const names = [
    ...FORM_ONE_FIELDS.map((f) => f.name),
    ...[...new Set([...Object.keys(before), ...Object.keys(after)])].filter((n) => !known.has(n)).sort(),
  ];
  const out: FieldChange[] = [];
  for (const field of names) {
    const b = before[field] ?? null;
    const a = after[field] ?? null;
    if (b !== a) out.push({ field, before: b as FieldChange['before'], after: a as FieldChange['after'] });
  }
  return out;
}

// ---- Payloads (their schemas are in counterpart-review.ts) -----------------------------

export const REVIEW_COMMENT_MAX = 5000;

registerFieldLabels({
  discipline: { en: 'discipline', my: 'ဘာသာရပ်' },
  field: { en: 'field', my: 'အကွက်' },
  text: { en: 'comment', my: 'မှတ်ချက်' },
  comments: { en: 'comments', my: 'မှတ်ချက်များ' },
  document_id: { en: 'document', my: 'စာတမ်း' },
  x: { en: 'horizontal position', my: 'အလျားလိုက် နေရာ' },
  y: { en: 'vertical position', my: 'ဒေါင်လိုက် နေရာ' },
  clause: { en: 'clause', my: 'စည်းမျဉ်းအပိုဒ်' },
  'clause.library_id': { en: 'building code volume', my: 'အဆောက်အအုံ စည်းမျဉ်း စာအုပ်' },
  'clause.page': { en: 'clause page', my: 'စည်းမျဉ်းအပိုဒ် စာမျက်နှာ' },
});

// ---- Answers ---------------------------------------------------------------------------

export interface ReviewComment {
  id: number;
  discipline: Discipline;
  field: string | null;
  text: string;
  author: { name: string };
  round: number;
  created_at: string;
  /** A pin on a page of a design document (null for a comment on the form). */
  document_id: number | null;
  page: number | null;
  x: number | null;
  y: number | null;
  /** A cited page of a building-code volume of the library. */
  clause: { library_id: number; page: number } | null;
  /** `open` until the counterpart resolves it. */
  status: 'open' | 'resolved';
  resolved_at: string | null;
  /** The submitter's answer (given while the registration is returned for changes). */
  answer: string | null;
  answered_at: string | null;
}

export interface Countersignature {
  discipline: Discipline;
  name: string;
  license: string;
  signed_at: string;
  content_sha256: string;
  current: boolean;
}

export interface FieldChange {
  field: string;
  before: string | boolean | null;
  after: string | boolean | null;
  /**
   * Set for a sheet of the design (then `field` is `document:<discipline>:<number>` and
   * before/after are its revisions): new, replaced or withdrawn since the previous round.
   */
  document?: {
    change: 'new' | 'replaced' | 'withdrawn';
    discipline: Discipline;
    number: string;
    title: string;
    id: number | null;
    previous_id: number | null;
  };
}

/** A discipline's counterpart as the committee sees it (admin answers only). */
export interface CounterpartState {
  discipline: Discipline;
  email: string;
  has_account: boolean;
  countersignature: Countersignature | null;
}

/** A registration with its review: the answer of GET /api/reviews/{id} and GET /api/registrations/{id}. */
export interface ReviewedRegistration extends RegistrationRecord {
  round: number;
  comments: ReviewComment[];
  countersignatures: Countersignature[];
  content_sha256: string | null;
  changes: FieldChange[];
  project_id: number | null;
  /** The design changes filed since approval (issue 30), newest first. */
  change_reports: ChangeReport[];
  /** The designer's presentations, soonest first (issue 30). */
  presentations: Presentation[];
  /** Who the caller may act for (GET /api/reviews/{id} only). */
  my_disciplines?: Discipline[];
  /** Whether the caller may not countersign (GET /api/reviews/{id} only). */
  conflict_of_interest?: boolean;
  /** Every named discipline with its counterpart and state (administrators only). */
  counterparts?: CounterpartState[];
}

export const REVIEW_STATES = ['awaiting', 'changes_requested', 'countersigned'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export interface ReviewListItem {
  registration: RegistrationSummary;
  disciplines: Discipline[];
  state: ReviewState;
  waiting_since: string;
}

/** Reviews waiting longer than this many days are overdue. */
export const REVIEW_OVERDUE_DAYS = 14;

export interface VerifyAnswer {
  reference_number: string;
  project_name: string;
  status: string;
  submitted_at: string | null;
  decided_at: string | null;
  content_sha256: string | null;
  /** Each with how it was signed: the person's passkey or code, and when (issue 26; null: before step-up existed). */
  countersignatures: (Countersignature & { signed_with?: SignedWith | null })[];
  /** The committee's decision, once Approved or Rejected, and how it was signed. */
  decision?: { status: string; signed_with: SignedWith | null };
  /** The approved documents (empty before approval). */
  documents: VerifyDocument[];
  /** The public project entry it published once approved (/project-detail/{id}; issue 28, item 8). */
  project_id?: number | null;
}

export interface VerifyDocument {
  discipline: Discipline;
  number: string;
  title: string;
  revision: string;
  sha256: string;
  approved_sha256: string | null;
}

/** GET /api/verify/{reference}/documents/{sha256}. */
export interface VerifiedDocument {
  number: string;
  title: string;
  revision: string;
  discipline: Discipline;
}

/** Whole days between two instants (for "days waiting"). */
export function daysBetween(from: string | Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - new Date(from).getTime()) / 86_400_000));
}

export type { FormOneData };
