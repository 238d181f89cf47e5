import type { Locale } from './product';
import type { BadgeColor } from './projects';

/**
 * The Form One registration workflow: every status, how it is shown, who may edit in it,
 * and every move between statuses, keyed by (from, to, actor). The API checks each
 * status change here and the web app's one status badge reads its label and colour from
 * here; no other file names a status as a bare string.
 *
 * A new transition is one row in TRANSITIONS; a new actor (an EIET team, say) is one
 * more entry in WORKFLOW_ACTORS; a new status is one entry in REGISTRATION_STATUSES and
 * STATUS_INFO.
 */
export const REGISTRATION_STATUSES = [
  'Draft',
  'Submitted',
  'Under Review',
  'Returned for changes',
  'Approved',
  'Rejected',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Named statuses, so code writes `STATUS.submitted`, never the bare string. */
export const STATUS = {
  draft: 'Draft',
  submitted: 'Submitted',
  underReview: 'Under Review',
  returned: 'Returned for changes',
  approved: 'Approved',
  rejected: 'Rejected',
} as const satisfies Record<string, RegistrationStatus>;

/**
 * Who acts on a registration: the submitter (its owner), the national counterpart, the
 * committee (administrators) and the system itself (timers, imports).
 */
export const WORKFLOW_ACTORS = ['submitter', 'counterpart', 'committee', 'system'] as const;
export type WorkflowActor = (typeof WORKFLOW_ACTORS)[number];

interface StatusInfo {
  /** The label in each language. */
  label: Record<Locale, string>;
  /** The key of the same label in the web app's `form-one` namespace. */
  labelKey: `status.${RegistrationStatus}`;
  color: BadgeColor;
  /** Who may change the answers while the registration is in this status. */
  editableBy: readonly WorkflowActor[];
}

const info = (
  status: RegistrationStatus,
  en: string,
  my: string,
  color: BadgeColor,
  editableBy: readonly WorkflowActor[] = [],
): StatusInfo => ({ label: { en, my }, labelKey: `status.${status}`, color, editableBy });

export const STATUS_INFO: Record<RegistrationStatus, StatusInfo> = {
  Draft: info('Draft', 'Draft', 'မူကြမ်း', 'gray', ['submitter']),
  Submitted: info('Submitted', 'Submitted', 'တင်သွင်းပြီး', 'blue'),
  'Under Review': info('Under Review', 'Under Review', 'စိစစ်နေဆဲ', 'yellow'),
  // Returned: the submitter changes it and sends it back (resubmit), keeping its reference number.
  'Returned for changes': info('Returned for changes', 'Returned for changes', 'ပြင်ဆင်ရန် ပြန်ပို့ထားသည်', 'orange', [
    'submitter',
  ]),
  Approved: info('Approved', 'Approved', 'အတည်ပြုပြီး', 'green'),
  Rejected: info('Rejected', 'Rejected', 'ပယ်ချပြီး', 'red'),
};

export interface Transition {
  from: RegistrationStatus;
  to: RegistrationStatus;
  actor: WorkflowActor;
  /** What the move is called in code and logs. */
  name: 'submit' | 'resubmit' | 'review' | 'start-review' | 'request-changes';
}

/** Every allowed move, in the order the admin screen offers them. */
export const TRANSITIONS: readonly Transition[] = [
  { from: 'Draft', to: 'Submitted', actor: 'submitter', name: 'submit' },
  { from: 'Returned for changes', to: 'Submitted', actor: 'submitter', name: 'resubmit' },
  { from: 'Submitted', to: 'Under Review', actor: 'committee', name: 'review' },
  { from: 'Submitted', to: 'Returned for changes', actor: 'committee', name: 'review' },
  { from: 'Submitted', to: 'Rejected', actor: 'committee', name: 'review' },
  { from: 'Under Review', to: 'Approved', actor: 'committee', name: 'review' },
  { from: 'Under Review', to: 'Returned for changes', actor: 'committee', name: 'review' },
  { from: 'Under Review', to: 'Rejected', actor: 'committee', name: 'review' },
  // A national counterpart's first comment or countersignature starts the review; a
  // change request sends the registration back to its submitter (docs/api.md, "Counterpart review").
  { from: 'Submitted', to: 'Under Review', actor: 'counterpart', name: 'start-review' },
  { from: 'Submitted', to: 'Returned for changes', actor: 'counterpart', name: 'request-changes' },
  { from: 'Under Review', to: 'Returned for changes', actor: 'counterpart', name: 'request-changes' },
];

/** The statuses in which a counterpart may comment, request changes and countersign. */
export const COUNTERPART_REVIEWABLE: readonly RegistrationStatus[] = ['Submitted', 'Under Review'];

export function isRegistrationStatus(status: string): status is RegistrationStatus {
  return (REGISTRATION_STATUSES as readonly string[]).includes(status);
}

/** The transition from `from` to `to` that `actor` may make, or undefined. */
export function findTransition(from: string, to: string, actor: WorkflowActor): Transition | undefined {
  return TRANSITIONS.find((t) => t.from === from && t.to === to && t.actor === actor);
}

export function canTransition(from: string, to: string, actor: WorkflowActor): boolean {
  return findTransition(from, to, actor) !== undefined;
}

/** The statuses `actor` may move a registration in `from` to, in TRANSITIONS order. */
export function transitionsFrom(from: string, actor: WorkflowActor): RegistrationStatus[] {
  return TRANSITIONS.filter((t) => t.from === from && t.actor === actor).map((t) => t.to);
}

/** The statuses from which `actor` may move a registration to `to` (the submitter's: Draft and Returned). */
export function transitionsInto(to: RegistrationStatus, actor: WorkflowActor): RegistrationStatus[] {
  return TRANSITIONS.filter((t) => t.to === to && t.actor === actor).map((t) => t.from);
}

/** The statuses in which `actor` may change the answers. */
export function statusesEditableBy(actor: WorkflowActor): RegistrationStatus[] {
  return REGISTRATION_STATUSES.filter((s) => STATUS_INFO[s].editableBy.includes(actor));
}

export function registrationStatusLabel(status: string, locale: Locale): string {
  return isRegistrationStatus(status) ? STATUS_INFO[status].label[locale] : status;
}

export function registrationStatusColor(status: string): BadgeColor {
  return isRegistrationStatus(status) ? STATUS_INFO[status].color : 'gray';
}

/**
 * Who holds a registration in each status (issue 28, item 1): its submitter (a draft, or
 * returned for changes), the reviewers (the national counterparts and the committee), or
 * nobody once the committee has decided.
 */
export type RegistrationHolder = 'submitter' | 'reviewers' | 'decided';
export const STATUS_HOLDER: Record<RegistrationStatus, RegistrationHolder> = {
  Draft: 'submitter',
  Submitted: 'reviewers',
  'Under Review': 'reviewers',
  'Returned for changes': 'submitter',
  Approved: 'decided',
  Rejected: 'decided',
};

/** The statuses in which `holder` holds a registration (the reviewers': Submitted and Under Review). */
export function statusesHeldBy(holder: RegistrationHolder): RegistrationStatus[] {
  return REGISTRATION_STATUSES.filter((s) => STATUS_HOLDER[s] === holder);
}

/** A step of a registration's timeline: a status change, named as the submitter lives it. */
export interface TimelineStep {
  /** `resubmitted`: Submitted again after a return for changes. */
  step: 'submitted' | 'resubmitted' | 'under_review' | 'returned' | 'approved' | 'rejected';
  status: RegistrationStatus;
  at: string;
  note: string | null;
}

const STEP_OF: Record<Exclude<RegistrationStatus, 'Draft'>, TimelineStep['step']> = {
  Submitted: 'submitted',
  'Under Review': 'under_review',
  'Returned for changes': 'returned',
  Approved: 'approved',
  Rejected: 'rejected',
};

/** The history (oldest first) as timeline steps; a submission after a return is a resubmission. */
export function timelineSteps(history: readonly { status: string; note: string | null; created_at: string }[]) {
  const steps: TimelineStep[] = [];
  for (const h of history) {
    if (!isRegistrationStatus(h.status) || h.status === 'Draft') continue;
    const again = h.status === 'Submitted' && steps.some((s) => s.step === 'returned');
    steps.push({ step: again ? 'resubmitted' : STEP_OF[h.status], status: h.status, at: h.created_at, note: h.note });
  }
  return steps;
}
