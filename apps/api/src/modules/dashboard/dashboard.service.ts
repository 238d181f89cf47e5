import { EXPIRY_WARNING_DAYS, messageCode, type AdminDashboard } from '@hpbc/shared';
import { REVIEW_OVERDUE_DAYS } from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { myanmarDate } from '@hpbc/shared/working-days';
import type { Actor, ModuleDeps } from '../../module-deps';
import { forbidden } from '../../lib/http-errors';
import { dashboardRepository, type MonthRow } from './dashboard.repository';

/** Service requests this recent count as new on the dashboard. */
export const NEW_REQUEST_DAYS = 7;

/** The month (YYYY-MM) of an instant in Myanmar time (UTC+06:30). */
const yangonMonth = (at: Date) => myanmarDate(at).slice(0, 7);

/** What needs the committee's attention now, and its work over the last 12 months. */
export function dashboardService(deps: ModuleDeps) {
  const repo = dashboardRepository(deps.database);
  // The months as last read, with what they were read for: the milestones' change count (the
  // same in every process, migration 0028), the first month, and the month it is now (where
  // the database's list of months ends). Any of them changed, they are read again; so a
  // request reads the few rows of that count, not the year's history (issue 31).
  let kept: { key: string; months: Promise<MonthRow[]> } | undefined;
  async function months(from: Date): Promise<MonthRow[]> {
    const key = `${await repo.milestonesVersion()}|${yangonMonth(from)}|${yangonMonth(new Date())}`;
    if (kept?.key === key) return kept.months;
    const entry = { key, months: repo.months(from) };
    kept = entry;
    // A failed read is not kept.
    entry.months.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return entry.months;
  }
  // The inspections per month, kept the same way: read again when an inspection changed
  // (migration 0029 counts every change) or the first month moved, rather than a year of
  // inspections (20,000 at bench/decade.ts's million projects) grouped on every request
  // (docs/decisions/123).
  let keptInspections: { key: string; results: ReturnType<typeof repo.inspectionResults> } | undefined;
  async function inspectionResults(from: Date): ReturnType<typeof repo.inspectionResults> {
    const key = `${await repo.inspectionsVersion()}|${yangonMonth(from)}`;
    if (keptInspections?.key === key) return keptInspections.results;
    const entry = { key, results: repo.inspectionResults(from) };
    keptInspections = entry;
    entry.results.catch(() => {
      if (keptInspections === entry) keptInspections = undefined;
    });
    return entry.results;
  }
  return {
    async get(actor: Actor): Promise<AdminDashboard> {
      if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
      const now = deps.now();
      // Today in Myanmar (UTC+06:30), as certificate dates are written.
      const today = new Date(now.getTime() + 6.5 * 3600 * 1000).toISOString().slice(0, 10);
      const yearAgo = new Date(now);
      yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 11);
      const waiting = [STATUS.submitted, STATUS.underReview];
      const [awaiting, counts, monthRows, inspections] = await Promise.all([
        repo.awaitingDecision(waiting),
        repo.attention({
          requestsSince: new Date(now.getTime() - NEW_REQUEST_DAYS * 24 * 3600 * 1000),
          today,
          eietDays: EXPIRY_WARNING_DAYS.eiet,
          pileDays: EXPIRY_WARNING_DAYS.pile,
          waiting,
          overdueBefore: new Date(now.getTime() - REVIEW_OVERDUE_DAYS * 24 * 3600 * 1000),
        }),
        months(yearAgo),
        inspectionResults(yearAgo),
      ]);
      return {
        attention: {
          registrations_awaiting_decision: awaiting,
          overdue_at_counterpart: counts.overdueAtCounterpart,
          new_service_requests: counts.newServiceRequests,
          eiet_certificates_expiring: counts.eietCertificatesExpiring,
          pile_certificates_expiring: counts.pileCertificatesExpiring,
          failed_mail: counts.failedMail,
        },
        months: monthRows,
        inspections,
      };
    },
  };
}
