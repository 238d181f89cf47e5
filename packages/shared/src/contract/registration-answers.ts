import { z } from 'zod';
import { INSPECTION_KINDS, INSPECTION_OUTCOMES, INSPECTION_STATUSES, type Inspection } from '../company-work';
import {
  ENGINEER_ROLES,
  type RegistrationHistoryEntry,
  type RegistrationRecord,
  type RegistrationSummary,
} from '../form-one';
import type {
  Countersignature,
  Discipline,
  FieldChange,
  ReviewComment,
  ReviewedRegistration,
} from '../counterpart-review';
import type { Assert, Same } from './endpoint';
import { CHANGE_REPORT_KINDS, CHANGE_REPORT_STATUSES, type ChangeReport } from '../change-reports';
import { PRESENTATION_ANSWERS, type Presentation } from '../presentations';
import { formOneData, instant, nullableInstant } from './common';
import { CONSTRUCTION_STAGES, type StageNotice } from '../construction-stages';

/** The answers about a Form One registration that several areas give (the owner's, the counterparts', the committee's). */

export const discipline = z.enum(ENGINEER_ROLES.map((r) => r.key) as [Discipline, ...Discipline[]]);

export const inspectionAnswer = z.object({
  id: z.number().int(),
  registration_id: z.number().int(),
  kind: z.enum(INSPECTION_KINDS),
  scheduled_for: instant,
  status: z.enum(INSPECTION_STATUSES),
  outcome: z.enum(INSPECTION_OUTCOMES).nullable(),
  remarks: z.string().nullable(),
  notes: z.string().nullable(),
  reason: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  report: z.object({ name: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  created_at: instant,
  updated_at: instant,
});

/** A construction stage the owner reported (issue 30). */
export const stageNoticeAnswer = z.object({
  id: z.number().int(),
  registration_id: z.number().int(),
  stage: z.enum(CONSTRUCTION_STAGES),
  date: z.string().describe('A calendar date, YYYY-MM-DD (Myanmar).'),
  note: z.string().nullable(),
  created_at: instant,
});

export const registrationSummary = z.object({
  id: z.number().int(),
  reference_number: z.string().nullable(),
  status: z.string(),
  current_step: z.number().int(),
  project_name: z.string(),
  submitted_at: nullableInstant,
  created_at: instant,
  updated_at: instant,
});

export const historyEntry = z.object({
  status: z.string(),
  note: z.string().nullable(),
  created_at: instant,
  changed_by: z.string().nullable().optional(),
});

export const registrationRecord = registrationSummary.extend({
  user_id: z.number().int(),
  data: formOneData,
  history: z.array(historyEntry),
  inspections: z.array(inspectionAnswer).optional(),
  stage_notices: z.array(stageNoticeAnswer).optional(),
});

export const reviewComment = z.object({
  id: z.number().int(),
  discipline,
  field: z.string().nullable(),
  text: z.string(),
  author: z.object({ name: z.string() }),
  round: z.number().int(),
  created_at: instant,
  document_id: z.number().int().nullable(),
  page: z.number().int().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  clause: z.object({ library_id: z.number().int(), page: z.number().int() }).nullable(),
  status: z.enum(['open', 'resolved']),
  resolved_at: nullableInstant,
  answer: z.string().nullable(),
  answered_at: nullableInstant,
});

export const countersignature = z.object({
  discipline,
  name: z.string(),
  license: z.string(),
  signed_at: instant,
  content_sha256: z.string(),
  current: z.boolean(),
});

const fieldValue = z.union([z.string(), z.boolean()]).nullable();
export const fieldChange = z.object({
  field: z.string(),
  before: fieldValue,
  after: fieldValue,
  document: z
    .object({
      change: z.enum(['new', 'replaced', 'withdrawn']),
      discipline,
      number: z.string(),
      title: z.string(),
      id: z.number().int().nullable(),
      previous_id: z.number().int().nullable(),
    })
    .optional(),
});

/** A design change during construction (issue 30), as every registration answer carries it. */
export const changeReport = z.object({
  id: z.number().int(),
  registration_id: z.number().int(),
  kind: z.enum(CHANGE_REPORT_KINDS),
  status: z.enum(CHANGE_REPORT_STATUSES),
  description: z.string(),
  content_sha256: z.string(),
  documents: z.array(
    z.object({
      id: z.number().int(),
      discipline,
      number: z.string(),
      title: z.string(),
      revision: z.string(),
      replaces_id: z.number().int().nullable(),
    }),
  ),
  disciplines: z.array(discipline),
  signoffs: z.array(
    z.object({
      discipline,
      kind: z.enum(['acknowledged', 'countersigned']),
      name: z.string(),
      license: z.string(),
      signed_at: instant,
      content_sha256: z.string(),
      current: z.boolean(),
    }),
  ),
  comments: z.array(
    z.object({
      id: z.number().int(),
      discipline,
      text: z.string(),
      author: z.object({ name: z.string() }),
      created_at: instant,
    }),
  ),
  decision_note: z.string().nullable(),
  created_at: instant,
  decided_at: nullableInstant,
});

/** The designer's presentation (issue 30), as every registration answer carries it. */
export const presentation = z.object({
  id: z.number().int(),
  registration_id: z.number().int(),
  starts_at: instant,
  ends_at: instant,
  place: z.string().nullable(),
  meeting_url: z.string().nullable(),
  sequence: z.number().int(),
  invitees: z.array(
    z.object({
      email: z.string(),
      name: z.string().nullable(),
      role: z.enum(['owner', 'counterpart']),
      answer: z.enum(PRESENTATION_ANSWERS).nullable(),
      answered_at: nullableInstant,
    }),
  ),
  minutes: z.string().nullable(),
  minutes_at: nullableInstant,
  created_at: instant,
});

export const reviewedRegistration = registrationRecord.extend({
  round: z.number().int(),
  comments: z.array(reviewComment),
  countersignatures: z.array(countersignature),
  content_sha256: z.string().nullable(),
  changes: z.array(fieldChange),
  project_id: z.number().int().nullable(),
  change_reports: z.array(changeReport),
  presentations: z.array(presentation),
  my_disciplines: z.array(discipline).optional(),
  conflict_of_interest: z.boolean().optional(),
  counterparts: z
    .array(
      z.object({
        discipline,
        email: z.string(),
        has_account: z.boolean(),
        countersignature: countersignature.nullable(),
      }),
    )
    .optional(),
});

/** The schemas above describe exactly the answer types the code already uses. */
export type Checks = [
  Assert<Same<z.output<typeof inspectionAnswer>, Inspection>>,
  Assert<Same<z.output<typeof stageNoticeAnswer>, StageNotice>>,
  Assert<Same<z.output<typeof registrationSummary>, Omit<RegistrationSummary, 'status'> & { status: string }>>,
  Assert<Same<z.output<typeof historyEntry>, RegistrationHistoryEntry>>,
  Assert<Same<z.output<typeof reviewComment>, ReviewComment>>,
  Assert<Same<z.output<typeof countersignature>, Countersignature>>,
  Assert<Same<z.output<typeof fieldChange>, FieldChange>>,
  Assert<Same<z.output<typeof changeReport>, ChangeReport>>,
  Assert<Same<z.output<typeof presentation>, Presentation>>,
  Assert<Same<z.output<typeof reviewedRegistration>['round'], ReviewedRegistration['round']>>,
  Assert<Same<keyof z.output<typeof reviewedRegistration>, keyof ReviewedRegistration>>,
  Assert<Same<keyof z.output<typeof registrationRecord>, keyof RegistrationRecord>>,
];
