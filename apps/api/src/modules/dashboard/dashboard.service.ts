import { EXPIRY_WARNING_DAYS, messageCode, type AdminDashboard } from '@hpbc/shared';
import { REVIEW_OVERDUE_DAYS } from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Actor, ModuleDeps } from '../../module-deps';
import { forbidden } from '../../lib/http-errors';
import { dashboardRepository } from './dashboard.repository';

/** Service requests this recent count as new on the dashboard. */
export const NEW_REQUEST_DAYS = 7;

/** What needs the committee's attention now, and its work over the last 12 months. */
export function dashboardService(deps: ModuleDeps) {
  const repo = dashboardRepository(deps.database);
  return {
    async get(actor: Actor): Promise<AdminDashboard> {
      if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
      const now = deps.now();
      // Today in Myanmar (UTC+06:30), as certificate dates are written.
      const today = new Date(now.getTime() + 6.5 * 3600 * 1000).toISOString().slice(0, 10);
      const yearAgo = new Date(now);
      yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 11);
      const waiting = [STATUS.submitted, STATUS.underReview];
      const [awaiting, overdue, requests, eiet, pile, mail, months, inspections] = await Promise.all([
        repo.awaitingDecision(waiting),
        repo.overdueAtCounterpart(waiting, new Date(now.getTime() - REVIEW_OVERDUE_DAYS * 24 * 3600 * 1000)),
        repo.newServiceRequests(new Date(now.getTime() - NEW_REQUEST_DAYS * 24 * 3600 * 1000)),
        repo.expiringCertificates('eiet_companies', today, EXPIRY_WARNING_DAYS.eiet),
        repo.expiringCertificates('pile_companies', today, EXPIRY_WARNING_DAYS.pile),
        repo.failedMail(),
        repo.months(yearAgo, [STATUS.approved, STATUS.rejected]),
        repo.inspectionResults(yearAgo),
      ]);
      return {
        attention: {
          registrations_awaiting_decision: awaiting,
          overdue_at_counterpart: overdue,
          new_service_requests: requests,
          eiet_certificates_expiring: eiet,
          pile_certificates_expiring: pile,
          failed_mail: mail,
        },
        months,
        inspections,
      };
    },
  };
}
