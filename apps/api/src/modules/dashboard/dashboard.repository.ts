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
  const one = async (sql: string, params: unknown[] = []) =>
    Number((await database.query<{ n: number | string }>(sql, params))[0]?.n ?? 0);
  return {
    /** Registrations waiting for the committee (Submitted or Under Review). */
    awaitingDecision: (statuses: string[]) =>
      // The kept count per status (migration 0027; docs/decisions/109), not a count of them all.
      rowCount(database.db, 'registrations', { only: statuses }),
    /** Service requests received since `since`. */
    newServiceRequests: (since: Date) =>
      one('SELECT count(*) AS n FROM service_requests WHERE created_at >= $1', [since]),
    /** Public companies whose certificate ends between today and `days` from today. */
    expiringCertificates: (table: 'eiet_companies' | 'pile_companies', today: string, days: number) =>
      one(
        `SELECT count(*) AS n FROM ${table}
          WHERE retired_at IS NULL AND certificate_expire_date >= $1::date
            AND certificate_expire_date <= $1::date + $2::int`,
        [today, days],
      ),
    failedMail: () => one("SELECT count(*) AS n FROM mail_outbox WHERE status = 'failed'"),
    /**
     * Registrations awaiting the committee, last submitted before `before`, in which a named
     * counterpart has not countersigned the current content: overdue at a counterpart.
     */
    overdueAtCounterpart: (statuses: string[], before: Date) =>
      one(
        `SELECT count(*) AS n FROM registrations r
          WHERE r.status = ANY($1::text[])
            AND (SELECT max(h.created_at) FROM registration_status_history h
                  WHERE h.registration_id = r.id AND h.status = 'Submitted') < $2
            AND EXISTS (
              SELECT 1 FROM registration_counterparts c
               WHERE c.registration_id = r.id
                 AND NOT EXISTS (
                   SELECT 1 FROM registration_countersignatures s
                    WHERE s.registration_id = r.id AND s.discipline = c.discipline
                      AND s.content_sha256 = r.content_sha256))`,
        [statuses, before],
      ),
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
     * The last 12 months (Myanmar time): registrations first submitted, decided (approved or
     * rejected), and the median days from first submission to decision of those decided.
     */
    async months(from: Date, decisions: string[]): Promise<MonthRow[]> {
      const rows = await database.query<{
        month: string;
        submitted: number | string;
        decided: number | string;
        median_days: number | string | null;
      }>(
        // One pass over the last year's history, grouped by month (issue 31's decade benchmark:
        // the per-month subqueries scanned every registration's first submission 36 times, then
        // the first submission of every registration of the decade was computed for the year's).
        // Only registrations submitted or decided since `from` are looked at, each through its
        // own history rows (indexes of migration 0027; docs/decisions/109).
        `WITH months AS (
           SELECT to_char(m, 'YYYY-MM') AS month
             FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'Asia/Yangon'),
                                  date_trunc('month', now() AT TIME ZONE 'Asia/Yangon'), interval '1 month') m
         ),
         first_of AS (
           SELECT r.registration_id,
                  (SELECT min(f.created_at) FROM registration_status_history f
                    WHERE f.registration_id = r.registration_id AND f.status = 'Submitted') AS at
             FROM (SELECT DISTINCT registration_id FROM registration_status_history
                    WHERE created_at >= ${SINCE}
                      AND status = ANY('{Submitted}'::text[] || $2::text[])) r
         ),
         decisions AS (
           SELECT d.registration_id, d.at FROM (
             SELECT r.registration_id,
                    (SELECT min(h.created_at) FROM registration_status_history h
                      WHERE h.registration_id = r.registration_id AND h.status = ANY($2::text[])) AS at
               FROM (SELECT DISTINCT registration_id FROM registration_status_history
                      WHERE status = ANY($2::text[]) AND created_at >= ${SINCE}) r
           ) d WHERE d.at >= ${SINCE}
         ),
         firsts AS (SELECT registration_id, at FROM first_of WHERE at IS NOT NULL),
         submitted AS (
           SELECT to_char(at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month, count(*) AS n
             FROM firsts WHERE at >= ${SINCE} GROUP BY 1
         ),
         decided AS (
           SELECT to_char(at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month, count(*) AS n
             FROM decisions GROUP BY 1
         ),
         medians AS (
           SELECT to_char(d.at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.at - f.at) / 86400) AS days
             FROM decisions d JOIN firsts f USING (registration_id) GROUP BY 1
         )
         SELECT months.month, coalesce(submitted.n, 0) AS submitted, coalesce(decided.n, 0) AS decided,
                medians.days AS median_days
           FROM months
           LEFT JOIN submitted USING (month) LEFT JOIN decided USING (month) LEFT JOIN medians USING (month)
          ORDER BY months.month`,
        [from, decisions],
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
