import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import { STATUS, statusesHeldBy } from '@hpbc/shared/registration-workflow';
import { checkDecisionChain, type DecisionEntry } from '@hpbc/shared/decision-log';
import type { MonthStatistics, Statistics } from '@hpbc/shared/statistics';
import { myanmarDate, workingDaysBetween } from '@hpbc/shared/working-days';
import type { ModuleDeps } from '../../module-deps';
import { clocksRepository } from '../clocks/clocks.repository';
import { decisionLogRepository } from './decision-log.repository';
import { transparencyRepository } from './transparency.repository';

const MYANMAR_OFFSET = '+06:30';
// The review clock runs while the reviewers hold a registration, and stops once it is decided
// (the workflow's STATUS_HOLDER, so that a new status is counted where it belongs).
const REVIEWING: readonly string[] = statusesHeldBy('reviewers');
const DECIDED: readonly string[] = statusesHeldBy('decided');

/** The 12 months ending with the one `now` falls in (Myanmar time), oldest first, as `YYYY-MM`. */
export function lastTwelveMonths(now: Date): string[] {
  const [y, m] = myanmarDate(now).split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 12 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

const monthStart = (month: string) => new Date(`${month}-01T00:00:00${MYANMAR_OFFSET}`);
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The public statistics and the decision log (docs/api.md, "Transparency"). Every figure
 * is computed from the records (the status history, the inspections, the holiday calendar
 * and the targets; docs/decisions/079-public-statistics.md), again whenever any of them
 * changed: a cheap key of what they are decides (transparencyRepository.statisticsInputs).
 */
export function transparencyService(deps: ModuleDeps) {
  const { database, now } = deps;
  const repo = transparencyRepository(database.db);
  const clocks = clocksRepository(database.db);

  async function computeStatistics(
    months: string[],
    holidays: Awaited<ReturnType<typeof clocks.holidaySet>>,
    targets: Awaited<ReturnType<typeof clocks.targets>>,
  ): Promise<Statistics> {
    const from = monthStart(months[0]!);
    const to = monthStart(nextMonth(months.at(-1)!));
    const [history, inspected] = await Promise.all([repo.historySince(from), repo.inspectionsDone(from, to)]);
    const rows = new Map<string, MonthStatistics>(
      months.map((month) => [month, { month, submitted: 0, approved: 0, returned: 0, inspections: 0 }]),
    );
    const monthOf = (at: Date) => rows.get(myanmarDate(at).slice(0, 7));
    const inWindow = (at: Date) => at >= from && at < to;
    const days = (a: Date, b: Date) => workingDaysBetween(myanmarDate(a), myanmarDate(b), holidays);
    const target = ['counterpart_review', 'committee_decision']
      .map((s) => targets.find((t) => t.step === s)?.working_days ?? 10)
      .reduce((a, b) => a + b, 0);

    const byRegistration = new Map<number, { status: string; at: Date }[]>();
    for (const h of history) {
      const list = byRegistration.get(h.registrationId) ?? [];
      list.push(h);
      byRegistration.set(h.registrationId, list);
    }

    const toFirstReview: number[] = [];
    const toDecision: number[] = [];
    let withinTarget = 0;
    for (const list of byRegistration.values()) {
      const firstSubmit = list.find((h) => h.status === STATUS.submitted);
      if (firstSubmit && inWindow(firstSubmit.at)) monthOf(firstSubmit.at)!.submitted++;
      for (const h of list) {
        if (!inWindow(h.at)) continue;
        if (h.status === STATUS.approved) monthOf(h.at)!.approved++;
        if (h.status === STATUS.returned) monthOf(h.at)!.returned++;
      }
      if (!firstSubmit) continue;
      const after = list.slice(list.indexOf(firstSubmit) + 1);
      const firstMove = after.find((h) => h.status !== STATUS.submitted);
      if (firstMove && inWindow(firstMove.at)) toFirstReview.push(days(firstSubmit.at, firstMove.at));
      const decision = after.find((h) => DECIDED.includes(h.status));
      if (decision && inWindow(decision.at)) {
        // Only the days under review count: the clock pauses while the submitter has it.
        let total = 0;
        let open: Date | null = null;
        for (const h of list.slice(list.indexOf(firstSubmit), list.indexOf(decision) + 1)) {
          if (REVIEWING.includes(h.status)) open ??= h.at;
          else if (open) {
            total += days(open, h.at);
            open = null;
          }
        }
        toDecision.push(total);
        if (total <= target) withinTarget++;
      }
    }
    for (const at of inspected) {
      const row = monthOf(at);
      if (row) row.inspections++;
    }
    return {
      per_month: [...rows.values()],
      median_working_days: { to_first_review: median(toFirstReview), to_decision: median(toDecision) },
      within_target_share: toDecision.length ? Math.round((withinTarget / toDecision.length) * 1000) / 1000 : null,
    };
  }

  // The figures last computed and what they were computed from: a decade of history is
  // read and counted again only when a status change, an inspection, the holiday calendar,
  // the targets or the month changed (issue 31: the page is public and read far more often).
  // Requests that arrive while it is computed share the one computation.
  let kept: { key: string; value: Promise<Statistics> } | undefined;

  return {
    async statistics(): Promise<Statistics> {
      const months = lastTwelveMonths(now());
      const [inputs, holidays, targets] = await Promise.all([
        repo.statisticsInputs(),
        clocks.holidaySet(),
        clocks.targets(),
      ]);
      const key = JSON.stringify([months[0], inputs, [...holidays].sort(), targets]);
      if (kept?.key === key) return kept.value;
      const value = computeStatistics(months, holidays, targets);
      kept = { key, value };
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
      return value;
    },

    decisions: (): Promise<DecisionEntry[]> => decisionLogRepository(database.db).all(),

    /** The server's own check of the chain (the health of the log, for the page and the tests). */
    async verify() {
      const entries = await decisionLogRepository(database.db).all();
      return checkDecisionChain(
        entries,
        (v) => canonicalize(v),
        async (t) => createHash('sha256').update(t, 'utf8').digest('hex'),
      );
    },
  };
}
