import { z } from 'zod';
import type { DecisionEntry } from '../decision-log';
import type { Statistics } from '../statistics';
import { endpoints, fileAnswer, type Assert, type Same } from './endpoint';
import { dataOf, instant } from './common';

/** The public statistics and the decision log (docs/api.md, "Transparency"; decisions 078, 079). */

/** Public records any site may read (docs/decisions/085; 114-declaration-bases.md). */
const base = { tags: ['transparency'], openToAll: true } as const;

export const statistics = z.object({
  per_month: z.array(
    z.object({
      month: z.string().describe('YYYY-MM, Myanmar time.'),
      submitted: z.number().int(),
      approved: z.number().int(),
      returned: z.number().int(),
      inspections: z.number().int(),
    }),
  ),
  median_working_days: z.object({ to_first_review: z.number().nullable(), to_decision: z.number().nullable() }),
  within_target_share: z.number().nullable().describe('0–1; null when nothing was decided in the 12 months.'),
});

export const decisionEntry = z.object({
  seq: z.number().int(),
  at: instant,
  reference: z.string(),
  action: z.string().describe('approval, rejection, return_for_changes, countersignature or inspection_result.'),
  content_sha256: z.string(),
  prev_hash: z.string(),
  hash: z.string().describe('SHA-256 of the RFC 8785 canonical JSON of the entry without `hash`.'),
});

export const transparencyEndpoints = endpoints({
  'GET /api/statistics': {
    ...base,
    operationId: 'getStatistics',
    summary: 'Registrations, decisions and inspections per month, last 12 months, in Myanmar working days.',
    answers: { 200: dataOf(statistics) },
  },
  'GET /api/statistics.csv': {
    ...base,
    operationId: 'getStatisticsCsv',
    summary: 'The monthly figures as CSV (RFC 4180, UTF-8 with a byte-order mark).',
    answers: { 200: fileAnswer('text/csv', 'month, submitted, approved, returned, inspections') },
  },
  'GET /api/open-data/decisions.json': {
    ...base,
    operationId: 'getDecisionLog',
    summary: 'Every decision as a hash chain anyone can check, oldest first.',
    answers: { 200: dataOf(z.array(decisionEntry)) },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof statistics>, Statistics>>,
  Assert<Same<z.output<typeof decisionEntry>, DecisionEntry>>,
];
