import { registerFieldLabels, registerValueLabels, rule } from './messages';
import type { Locale } from './product';
import type { ServiceRequestKind, ServiceRequestRecord } from './service-requests';
import type { StageNotice } from './construction-stage-terms';

/**
 * The company work areas (docs/api.md, "Company work areas"): accounts linked to an EIET
 * or pile company answer the service requests sent to it, and EIET companies inspect the
 * projects whose Form One chose them. Statuses, their moves, labels and limits live here,
 * once, for the server and the browser; the request bodies' zod schemas are in
 * company-work.ts, which the browser does not load (docs/decisions/121).
 */

type L10n = Record<Locale, string>;
type Colour = 'yellow' | 'blue' | 'green' | 'red' | 'gray';

// ---- Company accounts ------------------------------------------------------------------

/** The company an account works for, as `user.company` carries it. */
export interface UserCompany {
  kind: ServiceRequestKind;
  id: number;
  name: string;
}

// ---- Service requests ------------------------------------------------------------------

export const SERVICE_REQUEST_STATUSES = ['new', 'accepted', 'declined', 'completed'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

export const SERVICE_REQUEST_STATUS_INFO: Record<ServiceRequestStatus, { label: L10n; color: Colour }> = {
  new: { label: { en: 'New', my: 'အသစ်' }, color: 'yellow' },
  accepted: { label: { en: 'Accepted', my: 'လက်ခံပြီး' }, color: 'blue' },
  declined: { label: { en: 'Declined', my: 'ငြင်းပယ်ပြီး' }, color: 'red' },
  completed: { label: { en: 'Completed', my: 'ပြီးစီးပြီ' }, color: 'green' },
};

/** The only moves a company may make: a new request is accepted or declined; an accepted one is completed. */
export const SERVICE_REQUEST_MOVES: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  new: ['accepted', 'declined'],
  accepted: ['completed'],
  declined: [],
  completed: [],
};

export function canMoveServiceRequest(from: string, to: string): boolean {
  return (SERVICE_REQUEST_MOVES[from as ServiceRequestStatus] ?? []).includes(to as ServiceRequestStatus);
}

export const SERVICE_REQUEST_NOTE_MAX = 2000;

export interface ServiceRequestHistoryEntry {
  status: ServiceRequestStatus;
  note: string | null;
  created_at: string;
}

/** A request as its company sees it. */
export interface CompanyServiceRequest extends ServiceRequestRecord {
  status: ServiceRequestStatus;
  updated_at: string;
  history: ServiceRequestHistoryEntry[];
}

/** What the private tracking link shows (no account needed). */
export interface TrackedServiceRequest {
  status: ServiceRequestStatus;
  history: ServiceRequestHistoryEntry[];
  company_name: string;
  project_name: string;
  created_at: string;
  reference: string;
  kind: ServiceRequestKind;
}

// ---- Inspections -----------------------------------------------------------------------

export const INSPECTION_KINDS = ['foundation', 'structure', 'services', 'fire_safety', 'completion'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];
export const INSPECTION_KIND_LABELS: Record<InspectionKind, L10n> = {
  foundation: { en: 'Foundation', my: 'အုတ်မြစ်' },
  structure: { en: 'Structure', my: 'ဖွဲ့စည်းတည်ဆောက်ပုံ' },
  services: { en: 'Building services', my: 'အဆောက်အအုံ ဝန်ဆောင်မှုစနစ်များ' },
  fire_safety: { en: 'Fire safety', my: 'မီးဘေးကာကွယ်ရေး' },
  completion: { en: 'Completion', my: 'ပြီးစီးမှု' },
};

export const INSPECTION_STATUSES = ['scheduled', 'cancelled', 'done'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const INSPECTION_STATUS_INFO: Record<InspectionStatus, { label: L10n; color: Colour }> = {
  scheduled: { label: { en: 'Scheduled', my: 'စီစဉ်ထားသည်' }, color: 'blue' },
  cancelled: { label: { en: 'Cancelled', my: 'ပယ်ဖျက်ပြီး' }, color: 'gray' },
  done: { label: { en: 'Done', my: 'စစ်ဆေးပြီး' }, color: 'green' },
};

export const INSPECTION_OUTCOMES = ['passed', 'failed', 'conditional'] as const;
export type InspectionOutcome = (typeof INSPECTION_OUTCOMES)[number];
export const INSPECTION_OUTCOME_INFO: Record<InspectionOutcome, { label: L10n; color: Colour }> = {
  passed: { label: { en: 'Passed', my: 'အောင်မြင်' }, color: 'green' },
  failed: { label: { en: 'Failed', my: 'မအောင်မြင်' }, color: 'red' },
  conditional: { label: { en: 'Conditional', my: 'စည်းကမ်းချက်ဖြင့် အောင်မြင်' }, color: 'yellow' },
};

/** The inspection report must be a PDF smaller than this (10 MiB). */
export const REPORT_MAX_BYTES = 10 * 1024 * 1024;
export const INSPECTION_TEXT_MAX = 2000;

export interface Inspection {
  id: number;
  registration_id: number;
  kind: InspectionKind;
  scheduled_for: string;
  status: InspectionStatus;
  outcome: InspectionOutcome | null;
  remarks: string | null;
  notes: string | null;
  /** Why it was last rescheduled or cancelled. */
  reason: string | null;
  company: { id: number; name: string };
  /** The report PDF, when one was attached: its name and size (download at report_url). */
  report: { name: string; size: number; url: string } | null;
  created_at: string;
  updated_at: string;
}

/** GET /api/company/registrations: a submitted registration that chose the caller's EIET company. */
export interface CompanyRegistrationSummary {
  id: number;
  reference_number: string | null;
  project_name: string;
  status: string;
  submitted_at: string | null;
  owner: { name: string };
  inspections: Inspection[];
  /** The construction stages the owner reported (issue 30): the company schedules from them. */
  stage_notices: StageNotice[];
}

/** GET /api/company/overview: the work area's counts. */
export interface CompanyOverview {
  company: UserCompany;
  new_requests: number;
  upcoming_inspections: number;
  inspections_this_week: number;
}

/**
 * What the browser can know about a chosen report file: a PDF by type or name, under
 * 10 MiB. Returns a message code, or undefined. The server checks the content.
 */
export function reportProblem(file: { name: string; type: string; size: number }): string | undefined {
  const looksPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!looksPdf || file.size === 0) return rule('pdf', 'report');
  if (file.size >= REPORT_MAX_BYTES) return rule('report_size', 'report');
  return undefined;
}

registerFieldLabels({
  company: { en: 'company', my: 'ကုမ္ပဏီ' },
  reason: { en: 'reason', my: 'အကြောင်းပြချက်' },
  kind: { en: 'inspection kind', my: 'စစ်ဆေးခြင်း အမျိုးအစား' },
  scheduled_for: { en: 'date and time', my: 'ရက်စွဲနှင့် အချိန်' },
  notes: { en: 'notes', my: 'မှတ်ချက်များ' },
  outcome: { en: 'result', my: 'ရလဒ်' },
  remarks: { en: 'remarks', my: 'မှတ်ချက်' },
  report: { en: 'report', my: 'အစီရင်ခံစာ' },
  eiet_company_id: { en: 'EIET company', my: 'EIET ကုမ္ပဏီ' },
});
// The 409 messages name statuses ("A request that is Completed cannot…"), in the reader's language.
registerValueLabels({
  ...Object.fromEntries(SERVICE_REQUEST_STATUSES.map((s) => [s, SERVICE_REQUEST_STATUS_INFO[s].label])),
  ...Object.fromEntries(INSPECTION_STATUSES.map((s) => [s, INSPECTION_STATUS_INFO[s].label])),
});
