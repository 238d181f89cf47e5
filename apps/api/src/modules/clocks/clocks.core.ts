import { STATUS } from '@hpbc/shared/registration-workflow';
import {
  stepClock,
  type ClockExtension,
  type ClockInterval,
  type ClockStep,
  type ClockTarget,
  type ExtensionStatus,
  type RegistrationClock,
  type WaitingOn,
} from '@hpbc/shared/working-days';
import type { ClockFacts, ExtensionRow } from './clocks.repository';

const REVIEWING: readonly string[] = [STATUS.submitted, STATUS.underReview];

/** A clock with what the reminder job needs besides: a key for its run, and whom it waits on. */
export interface ComputedClock extends RegistrationClock {
  /** Names one run of a step (its start and its target): a reminder is sent once per run. */
  runKey: string;
  /** The counterparts' addresses still to countersign (counterpart_review only). */
  waitingEmails: string[];
  remindDaysBefore: number;
}

/** The stretches a registration spent under review (Submitted or Under Review), from its history. */
function reviewIntervals(history: ClockFacts['history']): ClockInterval[] {
  const out: ClockInterval[] = [];
  for (const h of history) {
    const open = out.at(-1);
    const reviewing = REVIEWING.includes(h.status);
    if (reviewing && (!open || open.end !== null)) out.push({ start: h.at, end: null });
    else if (!reviewing && open && open.end === null) open.end = h.at;
  }
  return out;
}

/** The intervals from `from` on (earlier stretches cut off). */
const since = (intervals: ClockInterval[], from: Date): ClockInterval[] =>
  intervals
    .filter((i) => i.end === null || i.end > from)
    .map((i) => ({ start: i.start < from ? from : i.start, end: i.end }));

export const toExtension = (e: ExtensionRow): ClockExtension => ({
  id: e.id,
  step: e.step as ClockStep,
  working_days: e.workingDays,
  reason: e.reason,
  status: e.status as ExtensionStatus,
  requested_by: e.requestedByName,
  requested_at: e.requestedAt.toISOString(),
  decided_at: e.decidedAt ? e.decidedAt.toISOString() : null,
});

/**
 * The step a registration waits in and its clock (docs/decisions/077-working-day-clocks.md):
 *
 * - Returned for changes: the submitter's answer, from the latest return; the review's
 *   clock is paused meanwhile.
 * - Submitted or Under Review, while a named counterpart has not countersigned the current
 *   content: the counterparts' review, over every stretch under review since the first
 *   submission (the days with the submitter do not count).
 * - Otherwise (all countersigned, or none named): the committee's decision, from the last
 *   countersignature (or the first submission).
 *
 * Granted extensions of the step add to its target (a submitter's, only those of this return).
 */
export function registrationClock(
  f: ClockFacts,
  targets: ReadonlyMap<string, ClockTarget>,
  holidays: ReadonlySet<string>,
  now: Date,
): ComputedClock | null {
  const review = reviewIntervals(f.history);
  let step: ClockStep;
  let waitingOn: WaitingOn;
  let intervals: ClockInterval[];
  let waitingEmails: string[] = [];
  if (f.status === STATUS.returned) {
    const returned = f.history.filter((h) => h.status === STATUS.returned).at(-1);
    if (!returned) return null;
    step = 'submitter_answer';
    waitingOn = 'submitter';
    intervals = [{ start: returned.at, end: null }];
  } else if (REVIEWING.includes(f.status) && review.length > 0) {
    const signed = (discipline: string) =>
      f.countersignatures.find((s) => s.discipline === discipline && s.contentSha256 === f.contentSha256);
    waitingEmails = [...new Set(f.counterparts.filter((c) => !signed(c.discipline)).map((c) => c.email))];
    if (waitingEmails.length > 0) {
      step = 'counterpart_review';
      waitingOn = 'counterparts';
      intervals = review;
    } else {
      step = 'committee_decision';
      waitingOn = 'committee';
      const signedAt = f.counterparts.map((c) => signed(c.discipline)!.signedAt.getTime());
      intervals = signedAt.length > 0 ? since(review, new Date(Math.max(...signedAt))) : review;
    }
  } else {
    return null;
  }
  const start = intervals[0]?.start ?? now;
  const target = targets.get(step);
  const mine = f.extensions.filter((e) => e.step === step && (step !== 'submitter_answer' || e.requestedAt >= start));
  const extensionDays = mine.filter((e) => e.status === 'granted').reduce((n, e) => n + e.workingDays, 0);
  const clock = stepClock({
    step,
    intervals,
    targetDays: target?.working_days ?? 10,
    extensionDays,
    now,
    holidays,
  });
  return {
    registration_id: f.id,
    waiting_on: waitingOn,
    clock,
    extensions: f.extensions.map(toExtension),
    runKey: `${start.toISOString()}/${clock.target}`,
    waitingEmails,
    remindDaysBefore: target?.remind_days_before ?? 2,
  };
}

/** The public part of a computed clock. */
export const publicClock = ({ registration_id, waiting_on, clock, extensions }: ComputedClock): RegistrationClock => ({
  registration_id,
  waiting_on,
  clock,
  extensions,
});
