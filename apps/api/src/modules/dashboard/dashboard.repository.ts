import type { Database } from '../../db/client';
import { rowCount } from '../../lib/row-counts';

export interface MonthRow {
  month: string;
  submitted: number;
  decided: number;
  median_days: number | null;
}

/**
 * The start of the dashboard's first month (Myanmar time), written out where it is used rather
 * than read from a CTE: the planner then knows the date and reads the year's history by index
 * (docs/decisions/109).
 */
const SINCE = "(date_trunc('month', $1::timestamptz AT TIME ZONE 'Asia/Yangon') AT TIME ZONE 'Asia/Yangon')";

/** Counts for the admin dashboard; plain SQL (date arithmetic Drizzle does not express). */
export function dashboardRepository(database: Database) {
  return {
    /** Registrations waiting for the committee (Submitted or Under Review). */
    awaitingDecision: (statuses: string[]) =>
      // The kept count per status (migration 0027; docs/decisions/109), not a count of them all.
      rowCount(database.db, 'registrations', { only: statuses }),
    /**
     * The other counts of what needs attention, in one statement (issue 31: five before):
     * service requests received since `requestsSince`; public EIET and pile certificates ending
     * between `today` and that many days from it; failed mail; and registrations in one of
     * `waiting`, last submitted before `overdueBefore`, in which a named counterpart has not
     * countersigned the current content (overdue at a counterpart).
     */
    async attention(opts: {
      requestsSince: Date;
      today: string;
      eietDays: number;
      pileDays: number;
      waiting: string[];
      overdueBefore: Date;
    }) {
      const [row] = await database.query<Record<string, number | string>>(
        `SELECT
           (SELECT count(*) FROM service_requests WHERE created_at >= $1) AS new_service_requests,
           (SELECT count(*) FROM eiet_companies
             WHERE retired_at IS NULL AND certificate_expire_date >= $2::date
               AND certificate_expire_date <= $2::date + $3::int) AS eiet,
           (SELECT count(*) FROM pile_companies
             WHERE retired_at IS NULL AND certificate_expire_date >= $2::date
               AND certificate_expire_date <= $2::date + $4::int) AS pile,
           (SELECT count(*) FROM mail_outbox WHERE status = 'failed') AS failed_mail,
           (SELECT count(*) FROM registrations r
             WHERE r.status = ANY($5::text[])
               AND (SELECT max(h.created_at) FROM registration_status_history h
                     WHERE h.registration_id = r.id AND h.status = 'Submitted') < $6
               AND EXISTS (
                 SELECT 1 FROM registration_counterparts c
                  WHERE c.registration_id = r.id
                    AND NOT EXISTS (
                      SELECT 1 FROM registration_countersignatures s
                       WHERE s.registration_id = r.id AND s.discipline = c.discipline
                         AND s.content_sha256 = r.content_sha256))) AS overdue`,
        [opts.requestsSince, opts.today, opts.eietDays, opts.pileDays, opts.waiting, opts.overdueBefore],
      );
      const n = (key: string) => Number(row?.[key] ?? 0);
      return {
        newServiceRequests: n('new_service_requests'),
        eietCertificatesExpiring: n('eiet'),
        pileCertificatesExpiring: n('pile'),
        failedMail: n('failed_mail'),
        overdueAtCounterpart: n('overdue'),
      };
    },
    /** Inspections with a result, per month of the inspection (Myanmar time) and outcome, since `from`. */
    async inspectionResults(from: Date): Promise<{ month: string; results: Record<string, number> }[]> {
      const rows = await database.query<{ month: string; outcome: string; n: number | string }>(
        `SELECT to_char(scheduled_for AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month, outcome, count(*) AS n
           FROM inspections
          WHERE status = 'done' AND scheduled_for >= date_trunc('month', $1::timestamptz AT TIME ZONE 'Asia/Yangon') AT TIME ZONE 'Asia/Yangon'
          GROUP BY 1, 2 ORDER BY 1`,
        [from],
      );
      const byMonth = new Map<string, Record<string, number>>();
      for (const r of rows) {
        const results = byMonth.get(r.month) ?? {};
        results[r.outcome] = Number(r.n);
        byMonth.set(r.month, results);
      }
      return [...byMonth].map(([month, results]) => ({ month, results }));
    },

    /**
     * How many times a registration's milestones have changed (migration 0028's count, kept
     * like row_counts' others): the months below are the same while it is.
     */
    milestonesVersion: () => rowCount(database.db, 'registration_milestones'),

    /** How many times an inspection has changed (migration 0029's count): the results above are the same while it is. */
    inspectionsVersion: () => rowCount(database.db, 'inspection_changes'),

    /**
     * The last 12 months (Myanmar time): registrations first submitted, decided (first
     * approved or rejected), and the median days from first submission to decision of those
     * decided. Read from each registration's milestones, kept as its history grows (migration
     * 0028; issue 31: the history itself took 2.2 s at a million projects), through their
     * indexes: only the year's milestones are read.
     */
    async months(from: Date): Promise<MonthRow[]> {
      const rows = await database.query<{
        month: string;
        submitted: number | string;
        decided: number | string;
        median_days: number | string | null;
      }>(
        `WITH months AS (
           SELECT to_char(m, 'YYYY-MM') AS month
             FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'Asia/Yangon'),
                                  date_trunc('month', now() AT TIME ZONE 'Asia/Yangon'), interval '1 month') m
         ),
         submitted AS (
           SELECT to_char(first_submitted_at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month, count(*) AS n
             FROM registration_milestones WHERE first_submitted_at >= ${SINCE} GROUP BY 1
         ),
         decided AS (
           SELECT to_char(first_decided_at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month, count(*) AS n,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_decided_at - first_submitted_at) / 86400)
                    FILTER (WHERE first_submitted_at IS NOT NULL) AS days
             FROM registration_milestones WHERE first_decided_at >= ${SINCE} GROUP BY 1
         )
         SELECT months.month, coalesce(submitted.n, 0) AS submitted, coalesce(decided.n, 0) AS decided,
                decided.days AS median_days
           FROM months LEFT JOIN submitted USING (month) LEFT JOIN decided USING (month)
          ORDER BY months.month`,
        [from],
      );
      return rows.map((r) => ({
        month: r.month,
        submitted: Number(r.submitted),
        decided: Number(r.decided),
        median_days: r.median_days === null ? null : Math.round(Number(r.median_days) * 10) / 10,
      }));
    },
  };
}
