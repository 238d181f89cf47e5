import { z } from 'zod';
import { registerFieldLabels, rule } from './messages';

/**
 * Working-day arithmetic in Myanmar time (docs/decisions/077-working-day-clocks.md).
 *
 * The committee works Monday to Friday, in Myanmar time (UTC+06:30, no daylight saving:
 * decision 019), and not on the public holidays of its calendar. A calendar date is a
 * `YYYY-MM-DD` string; a moment becomes the date it falls on in Yangon. The day a step
 * starts does not count: a step started on Monday with a target of one working day is
 * due on Tuesday, and overdue from Wednesday.
 *
 * Every function here is pure: the holidays come in as a set of dates.
 */

/** Myanmar time is UTC+06:30 all year. */
const MYANMAR_OFFSET_MS = 390 * 60_000;
const DAY_MS = 86_400_000;

/** The waiting steps a registration (or an inspection) may be in, each with its own target. */
export const CLOCK_STEPS = [
  'counterpart_review',
  'submitter_answer',
  'committee_decision',
  'inspection_scheduling',
  'concern_answer',
] as const;
export type ClockStep = (typeof CLOCK_STEPS)[number];

/** Saturday (6) and Sunday (0) are not working days. */
export const WEEKEND_DAYS: readonly number[] = [0, 6];

/** The date a moment falls on in Myanmar time. */
export function myanmarDate(at: Date): string {
  return new Date(at.getTime() + MYANMAR_OFFSET_MS).toISOString().slice(0, 10);
}

const toDay = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function isWorkingDay(date: string, holidays: ReadonlySet<string>): boolean {
  return !WEEKEND_DAYS.includes(new Date(toDay(date) * DAY_MS).getUTCDay()) && !holidays.has(date);
}

/** Working days in (from, to]: after `from`, up to and including `to`; 0 when `to` is not after `from`. */
export function workingDaysBetween(from: string, to: string, holidays: ReadonlySet<string>): number {
  let n = 0;
  for (let d = toDay(from) + 1, end = toDay(to); d <= end; d++) if (isWorkingDay(fromDay(d), holidays)) n++;
  return n;
}

/** The date `n` working days after `date` (n ≥ 0; 0 gives `date` itself). */
export function addWorkingDays(date: string, n: number, holidays: ReadonlySet<string>): string {
  let d = toDay(date);
  for (let left = n; left > 0;) {
    d++;
    if (isWorkingDay(fromDay(d), holidays)) left--;
  }
  return fromDay(d);
}

/** A stretch of time the step's clock ran: from `start` until `end` (null: still running). */
export interface ClockInterval {
  start: Date;
  end: Date | null;
}

/** Where a step stands: what every list and detail shows as days left or days overdue. */
export interface StepClock {
  step: ClockStep;
  /** The target in working days, extensions included. */
  target: number;
  /** Working days granted on top of the step's target by extensions. */
  extended_by: number;
  /** Working days the clock has run (paused stretches not counted). */
  elapsed: number;
  /** Working days left (negative: days overdue). */
  days_left: number;
  overdue: boolean;
  /** The date it is due, in Myanmar time, counted from today when it runs; null while it is paused. */
  due_on: string | null;
  /** The clock is stopped while the registration waits for someone else (e.g. the submitter). */
  paused: boolean;
}

/**
 * The clock of one step: the working days of each interval it ran, summed, against its
 * target. A paused clock (no running interval) keeps its elapsed days and has no due date.
 */
export function stepClock(input: {
  step: ClockStep;
  intervals: readonly ClockInterval[];
  targetDays: number;
  extensionDays?: number;
  now: Date;
  holidays: ReadonlySet<string>;
}): StepClock {
  const today = myanmarDate(input.now);
  let elapsed = 0;
  let running = false;
  for (const i of input.intervals) {
    const end = i.end ?? input.now;
    if (i.end === null) running = true;
    elapsed += workingDaysBetween(myanmarDate(i.start), myanmarDate(end), input.holidays);
  }
  const extended = input.extensionDays ?? 0;
  const target = input.targetDays + extended;
  const left = target - elapsed;
  let dueOn: string | null = null;
  if (running)
    dueOn = left >= 0 ? addWorkingDays(today, left, input.holidays) : dueBefore(today, -left, input.holidays);
  return {
    step: input.step,
    target,
    extended_by: extended,
    elapsed,
    days_left: left,
    overdue: left < 0,
    due_on: dueOn,
    paused: !running,
  };
}

/** The working day `n` working days before `date` (for an overdue clock's due date). */
function dueBefore(date: string, n: number, holidays: ReadonlySet<string>): string {
  let d = toDay(date);
  for (let left = n; left > 0;) {
    d--;
    if (isWorkingDay(fromDay(d), holidays)) left--;
  }
  return fromDay(d);
}

/** One day of the committee's holiday calendar. */
export interface Holiday {
  date: string;
  name_en: string;
  name_my: string;
}

/** The administrator's target for one step, in working days, and how early to remind. */
export interface ClockTarget {
  step: ClockStep;
  working_days: number;
  remind_days_before: number;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, rule('date', 'date'))
  // A real day between 1900 and 2199 (PostgreSQL has no year 0; the calendar needs no other).
  .refine(
    (s) => s >= '1900-01-01' && s <= '2199-12-31' && new Date(s).toISOString().startsWith(s),
    rule('date', 'date'),
  );

/** Text that must be given, trimmed, of at most `max` characters. */
const requiredText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, rule('required', field))
    .max(max, rule('max', field, max));

/** A whole number of days from `min` to `max`. */
const daysBetween = (field: string, min: number, max: number) =>
  z
    .number(rule('integer', field))
    .int(rule('integer', field))
    .min(min, rule('between', field, min, max))
    .max(max, rule('between', field, min, max));

export const holidaySchema = z.object({
  date: isoDate,
  name_en: requiredText('name_en', 120),
  name_my: requiredText('name_my', 120),
});

export const holidayDateParamsSchema = z.object({ date: isoDate });

export const holidayListQuerySchema = z.object({
  year: z.coerce
    .number()
    .int(rule('integer', 'year'))
    .min(2000, rule('between', 'year', 2000, 2100))
    .max(2100, rule('between', 'year', 2000, 2100))
    .optional(),
});

export const clockTargetSchema = z.object({
  working_days: daysBetween('working_days', 1, 250),
  remind_days_before: daysBetween('remind_days_before', 0, 30),
});

export const clockStepParamsSchema = z.object({ step: z.enum(CLOCK_STEPS) });

export const clockIdsQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, rule('in', 'ids'))
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});

registerFieldLabels({
  name_en: { en: 'name in English', my: 'အင်္ဂလိပ်ဘာသာ အမည်' },
  working_days: { en: 'working days', my: 'အလုပ်ရက်' },
  remind_days_before: { en: 'reminder (working days before)', my: 'သတိပေးရန် (အလုပ်ရက် မတိုင်မီ)' },
  ids: { en: 'registration numbers', my: 'မှတ်ပုံတင်မှု နံပါတ်များ' },
  year: { en: 'year', my: 'ခုနှစ်' },
});

/** Whom a step waits on. */
export type WaitingOn = 'counterparts' | 'submitter' | 'committee';

export const EXTENSION_STATUSES = ['requested', 'granted', 'refused'] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];

/** An extension of a step, asked for with its reason (shown in the registration's history). */
export interface ClockExtension {
  id: number;
  step: ClockStep;
  working_days: number;
  reason: string;
  status: ExtensionStatus;
  requested_by: string | null;
  requested_at: string;
  decided_at: string | null;
}

/** A registration's clock: the step it waits in, on whom, and how it stands against the target. */
export interface RegistrationClock {
  registration_id: number;
  waiting_on: WaitingOn;
  clock: StepClock;
  extensions: ClockExtension[];
}

export const extensionRequestSchema = z.object({
  working_days: daysBetween('working_days', 1, 60),
  reason: requiredText('reason', 1000),
});

export const extensionDecisionSchema = z.object({
  status: z.enum(['granted', 'refused'], rule('in', 'status')),
});
