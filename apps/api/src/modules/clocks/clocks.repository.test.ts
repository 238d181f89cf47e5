/**
 * The clock job reads every waiting registration's facts at once (docs/decisions/077). At
 * bench/decade.ts's 1,000,000 projects that is 60,000 registrations: their history was read by
 * listing every id as a bound parameter, and each registration's rows were picked out of all
 * of them (docs/decisions/119).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { openTestDatabase } from '../../../test/build-test-app';
import { createUser } from '../../../test/accounts';
import type { Database } from '../../db/client';
import { clocksRepository } from './clocks.repository';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe("the clock job's facts at a decade's size", () => {
  it('reads more waiting registrations than one statement may bind (65,535), each with its own history in order', async () => {
    const count = 66_000;
    const user = await createUser(database);
    const waiting = [STATUS.submitted, STATUS.underReview, STATUS.returned];
    await database.query(
      `INSERT INTO registrations (user_id, reference_number, status, current_step, data, submitted_at)
       SELECT $1, 'HPBC-CLOCK-' || g, ($2::text[])[1 + g % 3], 8, jsonb_build_object('project_name', 'Tower ' || g),
         timestamptz '2026-01-05 10:00+06:30'
       FROM generate_series(1, ${count}) g`,
      [user.id, waiting],
    );
    // A history row each (the registration's status); two for every hundredth, the first
    // one Submitted. A decided registration (no longer waiting) is left out.
    await database.query(
      `INSERT INTO registration_status_history (registration_id, status, created_at)
       SELECT id, status, submitted_at + interval '1 day' FROM registrations WHERE reference_number LIKE 'HPBC-CLOCK-%'
       UNION ALL
       SELECT id, 'Submitted', submitted_at FROM registrations
       WHERE reference_number LIKE 'HPBC-CLOCK-%' AND id % 100 = 0`,
    );
    await database.query(`UPDATE registrations SET status = $1 WHERE reference_number = 'HPBC-CLOCK-7'`, [
      STATUS.approved,
    ]);

    const facts = await clocksRepository(database.db).facts();
    const mine = facts.filter((f) => f.referenceNumber?.startsWith('HPBC-CLOCK-'));
    expect(mine).toHaveLength(count - 1);
    expect(mine.some((f) => f.referenceNumber === 'HPBC-CLOCK-7')).toBe(false);
    // One expect over all of them: an expect per registration costs more than the query.
    const wrong = mine.filter((f) => {
      const statuses = f.history.map((h) => h.status).join('/');
      return statuses !== (f.id % 100 === 0 ? `Submitted/${f.status}` : f.status);
    });
    expect(wrong.map((f) => f.referenceNumber)).toEqual([]);
    const one = mine.find((f) => f.referenceNumber === 'HPBC-CLOCK-8')!;
    expect(one).toMatchObject({ projectName: 'Tower 8', status: waiting[8 % 3], counterparts: [], extensions: [] });
    // The same facts for a few listed registrations.
    expect(await clocksRepository(database.db).facts([one.id])).toEqual([one]);

    // The clock job reads them a page at a time (docs/decisions/123): the same facts, in id
    // order, each page at most its size, so no one stretch of work grows with their number.
    const pages: number[] = [];
    const paged: typeof facts = [];
    for (let after = 0; ;) {
      const page = await clocksRepository(database.db).waitingFacts(after, 5000);
      if (page.length === 0) break;
      pages.push(page.length);
      paged.push(...page);
      after = page.at(-1)!.id;
    }
    expect(Math.max(...pages)).toBe(5000);
    expect(pages).toHaveLength(Math.ceil(facts.length / 5000));
    expect(paged.length === facts.length && paged.every((f, i) => f.id === facts[i]!.id)).toBe(true);
    expect(paged.find((f) => f.id === one.id)).toEqual(one);
  }, 300_000);
});
