import { z } from 'zod';
import { idParamsSchema } from '../paging';
import {
  CLOCK_STEPS,
  EXTENSION_STATUSES,
  clockIdsQuerySchema,
  clockStepParamsSchema,
  clockTargetSchema,
  extensionDecisionSchema,
  extensionRequestSchema,
  holidayDateParamsSchema,
  holidayListQuerySchema,
  holidaySchema,
  type ClockExtension,
  type ClockTarget,
  type Holiday,
  type RegistrationClock,
} from '../working-days';
import { emptyAnswer, endpoints, type Assert, type Same } from './endpoint';
import { dataOf, errorWith, instant, nullableInstant } from './common';

/** Working-day clocks, extensions, holidays and targets (docs/decisions/077-working-day-clocks.md). */

const tags = ['clocks'];
// What each group of calls shares (docs/decisions/114-declaration-bases.md).
const verifiedBase = { tags, guard: 'verified' } as const;
const committeeBase = { tags, guard: 'admin' } as const;
const day = z.string().describe('A calendar date, YYYY-MM-DD (Myanmar time).');

export const clockExtension = z.object({
  id: z.number().int(),
  step: z.enum(CLOCK_STEPS),
  working_days: z.number().int(),
  reason: z.string(),
  status: z.enum(EXTENSION_STATUSES),
  requested_by: z.string().nullable(),
  requested_at: instant,
  decided_at: nullableInstant,
});

export const registrationClock = z.object({
  registration_id: z.number().int(),
  waiting_on: z.enum(['counterparts', 'submitter', 'committee']),
  clock: z.object({
    step: z.enum(CLOCK_STEPS),
    target: z.number().int().describe('Working days, extensions included.'),
    extended_by: z.number().int(),
    elapsed: z.number().int(),
    days_left: z.number().int().describe('Negative: working days overdue.'),
    overdue: z.boolean(),
    due_on: day.nullable(),
    paused: z.boolean(),
  }),
  extensions: z.array(clockExtension),
});

export const holiday = z.object({ date: day, name_en: z.string(), name_my: z.string() });
export const clockTarget = z.object({
  step: z.enum(CLOCK_STEPS),
  working_days: z.number().int(),
  remind_days_before: z.number().int(),
});

const notVisible = { 404: 'No such registration, or not one the caller may see.' };

export const clocksEndpoints = endpoints({
  'GET /api/clocks': {
    ...verifiedBase,
    operationId: 'listClocks',
    summary: 'The working-day clocks of the listed registrations the caller may see (those waiting on someone).',
    description:
      '`ids`: up to 100, comma-separated. The caller sees a registration’s clock as its owner, a named counterpart or an administrator. Every time is in working days in Myanmar (weekends and the holidays do not count, nor does the start day); `days_left` is negative when overdue.',
    query: clockIdsQuerySchema,
    answers: { 200: dataOf(z.array(registrationClock)) },
  },
  'GET /api/registrations/:id/clock': {
    ...verifiedBase,
    operationId: 'getRegistrationClock',
    summary: 'A registration’s working-day clock with its extensions; null when it waits on nobody.',
    params: idParamsSchema,
    answers: { 200: dataOf(registrationClock.nullable()) },
    errors: notVisible,
  },
  'POST /api/registrations/:id/extensions': {
    ...verifiedBase,
    operationId: 'requestClockExtension',
    summary: 'Ask for more working days on the step the registration waits on the caller for, with a reason.',
    params: idParamsSchema,
    body: extensionRequestSchema,
    answers: { 201: dataOf(clockExtension) },
    errors: {
      ...notVisible,
      409: errorWith('The registration is not waiting on the caller (`reason: "not_waiting"`).', {
        reason: z.enum(['not_waiting']),
      }),
    },
  },
  'PATCH /api/admin/extensions/:id': {
    ...committeeBase,
    operationId: 'decideClockExtension',
    summary: 'Grant or refuse a requested extension (once).',
    params: idParamsSchema,
    body: extensionDecisionSchema,
    answers: { 200: dataOf(clockExtension) },
    errors: {
      404: 'No such extension.',
      409: errorWith('Decided already (`reason: "decided"`).', { reason: z.enum(['decided']) }),
    },
  },
  'GET /api/admin/holidays': {
    ...committeeBase,
    operationId: 'listHolidays',
    summary: 'The committee’s holiday calendar (one year with `year`).',
    query: holidayListQuerySchema,
    answers: { 200: dataOf(z.array(holiday)) },
  },
  'PUT /api/admin/holidays/:date': {
    ...committeeBase,
    operationId: 'putHoliday',
    summary: 'Add a holiday, or rename one.',
    params: holidayDateParamsSchema,
    body: holidaySchema.omit({ date: true }),
    answers: { 200: dataOf(holiday), 201: dataOf(holiday) },
  },
  'DELETE /api/admin/holidays/:date': {
    ...committeeBase,
    operationId: 'deleteHoliday',
    summary: 'Remove a holiday: the day becomes a working day again (unless a weekend).',
    params: holidayDateParamsSchema,
    answers: { 204: emptyAnswer('Removed.') },
    errors: { 404: 'No holiday on that date.' },
  },
  'GET /api/admin/clock-targets': {
    ...committeeBase,
    operationId: 'listClockTargets',
    summary: 'The target in working days of each waiting step, and how early to remind.',
    answers: { 200: dataOf(z.array(clockTarget)) },
  },
  'PUT /api/admin/clock-targets/:step': {
    ...committeeBase,
    operationId: 'setClockTarget',
    summary: 'Set a step’s target in working days and its reminder.',
    params: clockStepParamsSchema,
    body: clockTargetSchema,
    answers: { 200: dataOf(clockTarget) },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof registrationClock>, RegistrationClock>>,
  Assert<Same<z.output<typeof clockExtension>, ClockExtension>>,
  Assert<Same<z.output<typeof holiday>, Holiday>>,
  Assert<Same<z.output<typeof clockTarget>, ClockTarget>>,
];
