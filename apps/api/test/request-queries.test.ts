import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { formatReferenceNumber } from '@hpbc/shared/form-one';
import { STATUS } from '@hpbc/shared/registration-workflow';
import {
  registrationComments,
  registrationCounterparts,
  registrationCountersignatures,
  registrationDocuments,
  registrationRounds,
  registrationStatusHistory,
  registrations,
  stepUpProofs,
} from '../src/db/schema/index';
import { documentsRepository } from '../src/modules/documents/documents.repository';
import { registrationsRepository } from '../src/modules/registrations/registrations.repository';
import { reviewsRepository } from '../src/modules/registrations/reviews.repository';
import { buildTestApp, type TestApp } from './build-test-app';
import { createUser, injectAs, uniqueIp, type TestUser } from './accounts';
import { queriesOf } from './query-count';

// Issue 31: how many statements the busiest signed-in requests send (docs/decisions/116).
// The rate limits' own statements (in PostgreSQL when the tests run on it, decision 043) are
// left out: they are the same before and after.

let t: TestApp;
let owner: TestUser;
let counterpart: TestUser;
let admin: TestUser;
let richId: number;
let reference: string;

/** The statements a request sends, without the rate limits' counters. */
async function statements(token: string | undefined, url: string, opts: { method?: 'PUT'; payload?: object } = {}) {
  const { result, sql } = await queriesOf(t.database, () =>
    t.app.inject({
      url,
      ...opts,
      remoteAddress: uniqueIp(),
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    }),
  );
  expect(result.statusCode, result.body).toBe(200);
  return sql.filter((s) => !s.includes('rate_counters'));
}

/** A registration under review with rows in each of its child tables (timestamps with microseconds). */
async function richRegistration(): Promise<number> {
  const { db } = t.database;
  const data = completeFormOne({
    national_architect_name: 'U Review',
    national_architect_license: 'NA-101',
    national_architect_email: counterpart.email,
  });
  const [row] = await db
    .insert(registrations)
    .values({ userId: owner.id, status: STATUS.underReview, data, submittedAt: new Date(), currentStep: 7 })
    .returning();
  const id = row!.id;
  reference = formatReferenceNumber(2026, id);
  await db.update(registrations).set({ referenceNumber: reference }).where(eq(registrations.id, id));
  await db.insert(registrationStatusHistory).values([
    { registrationId: id, status: STATUS.submitted, actorId: owner.id, note: 'first' },
    { registrationId: id, status: STATUS.underReview, actorId: counterpart.id, note: null },
    { registrationId: id, status: STATUS.submitted, actorId: null, note: 'again' },
  ]);
  for (const round of [1, 2, 3]) {
    await db.insert(registrationRounds).values({
      registrationId: id,
      round,
      data: { ...data, project_name: `Tower ${round}`, storeys: round * 1.5 },
      contentSha256: `${round}`.repeat(64),
      submittedAt: new Date(Date.now() - (4 - round) * 1000),
      documents: [
        { discipline: 'architect', kind: 'drawing', number: 'A-1', revision: `R${round}`, sha256: 'a'.repeat(64) },
      ] as never,
    });
  }
  const [doc] = await db
    .insert(registrationDocuments)
    .values(
      (
        [
          {
            discipline: 'structure',
            number: 'S-1',
            revision: 'A',
            status: 'current',
            approvedKey: 'k',
            approvedSize: 9,
          },
          { discipline: 'architect', number: 'A-1', revision: 'B', status: 'current' },
          { discipline: 'architect', number: 'A-1', revision: 'A', status: 'superseded' },
        ] as {
          discipline: string;
          number: string;
          revision: string;
          status: string;
          approvedKey?: string;
          approvedSize?: number;
        }[]
      ).map((d) => ({
        registrationId: id,
        kind: 'drawing',
        title: `Sheet ${d.number}`,
        round: 1,
        pages: 2,
        size: 2 ** 40 + 7,
        sha256: `${d.revision}${d.number}`.padEnd(64, '0'),
        fileKey: `f/${d.number}${d.revision}`,
        fileName: 'sheet.pdf',
        uploadedBy: owner.id,
        uploadedAt: new Date(),
        approvedSha256: d.approvedKey ? 'c'.repeat(64) : null,
        approvedAt: d.approvedKey ? new Date() : null,
        ...d,
      })),
    )
    .returning();
  await db.insert(registrationComments).values([
    {
      registrationId: id,
      round: 2,
      discipline: 'architect',
      field: 'project_name',
      text: 'Why "Tower"?\n—',
      authorId: counterpart.id,
      authorName: 'U Review',
    },
    {
      registrationId: id,
      round: 3,
      discipline: 'architect',
      field: null,
      text: 'ပုံ ၂',
      authorId: counterpart.id,
      authorName: 'U Review',
      documentId: doc!.id,
      page: 2,
      x: 0.123456789012345,
      y: 1 / 3,
      resolvedAt: new Date(),
      answer: 'Done',
      answeredAt: new Date(),
    },
  ]);
  await db.insert(registrationCountersignatures).values({
    registrationId: id,
    discipline: 'architect',
    userId: counterpart.id,
    name: 'U Review',
    license: 'NA-101',
    round: 3,
    contentSha256: '3'.repeat(64),
    signedAt: new Date(),
  });
  await db.insert(stepUpProofs).values({
    userId: counterpart.id,
    method: 'code',
    act: { kind: 'countersign', registration_id: id, discipline: 'architect', content_sha256: '3'.repeat(64) },
    actKind: 'countersign',
    actRecordId: id,
    expiresAt: new Date(Date.now() + 60_000),
    usedAt: new Date(),
  });
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.database, { name: 'Daw Owner', roles: ['project'] });
  counterpart = await createUser(t.database, { name: 'U Review', roles: ['national-counterpart'] });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
  richId = await richRegistration();
  // Each token's first use notes it (once a minute, at most): out of the way of the counts below.
  for (const u of [owner, counterpart, admin]) await statements(u.token, '/api/notices/unread-count');
});
afterAll(() => t.close());

describe('a signed-in request', () => {
  it('finds its token, account and roles in one statement, and notes the use at most once a minute', async () => {
    const user = await createUser(t.database, { roles: ['project'] });
    const first = await statements(user.token, '/api/user');
    expect(first).toHaveLength(2);
    expect(first[1]).toMatch(/^update "access_tokens"/);
    expect(await statements(user.token, '/api/user')).toHaveLength(1);
    const before = t.clock.now;
    t.clock.now = new Date(before.getTime() + 61_000);
    try {
      expect(await statements(user.token, '/api/user')).toHaveLength(2);
      expect(await statements(user.token, '/api/user')).toHaveLength(1);
    } finally {
      t.clock.now = before;
    }
  });

  it('reads a role granted or taken away since the last request (no copy is kept)', async () => {
    const user = await createUser(t.database, { roles: ['project'] });
    const roles = async () => (await injectAs(t.app, user.token, { url: '/api/user' })).json().roles;
    expect((await roles()).map((r: { slug: string }) => r.slug)).toEqual(['project']);
    await t.database.query('DELETE FROM user_roles WHERE user_id = $1', [user.id]);
    expect(await roles()).toEqual([]);
  });
});

describe('the registration and review screens', () => {
  it('read a registration with all its child rows in one statement', async () => {
    expect(await statements(owner.token, `/api/registrations/${richId}`)).toHaveLength(2);
    expect(await statements(counterpart.token, `/api/reviews/${richId}`)).toHaveLength(2);
    // The committee's answer also says which named counterparts have an account.
    expect(await statements(admin.token, `/api/registrations/${richId}`)).toHaveLength(3);
    expect(await statements(owner.token, '/api/registrations')).toHaveLength(2);
  });

  it('save a draft in one statement, and still answer 404 and 409 as before', async () => {
    const created = await injectAs(t.app, owner.token, { method: 'POST', url: '/api/registrations', payload: {} });
    const id = created.json().data.id as number;
    const payload = { data: completeFormOne({ project_name: 'Saved "tower"' }), current_step: 3 };
    const saved = await statements(owner.token, `/api/registrations/${id}/draft`, { method: 'PUT', payload });
    expect(saved).toHaveLength(2);
    const answer = (
      await injectAs(t.app, owner.token, { method: 'PUT', url: `/api/registrations/${id}/draft`, payload })
    ).json().data;
    expect(answer).toMatchObject({ id, project_name: 'Saved "tower"', current_step: 3, status: STATUS.draft });
    expect(
      (await injectAs(t.app, counterpart.token, { method: 'PUT', url: `/api/registrations/${id}/draft`, payload }))
        .statusCode,
    ).toBe(404);
    expect(
      (await injectAs(t.app, owner.token, { method: 'PUT', url: `/api/registrations/${richId}/draft`, payload }))
        .statusCode,
    ).toBe(409);
  });

  it('list the review queue without a query per registration returned for changes', async () => {
    const returnedAt: Record<number, string> = {};
    for (const ago of [3, 5]) {
      const [row] = await t.database.db
        .insert(registrations)
        .values({
          userId: owner.id,
          status: STATUS.returned,
          data: completeFormOne({ national_structure_email: counterpart.email, national_structure_license: 'S-1' }),
          submittedAt: new Date(),
        })
        .returning();
      const at = new Date(Date.now() - ago * 3600 * 1000);
      await t.database.db.insert(registrationStatusHistory).values([
        { registrationId: row!.id, status: STATUS.submitted, createdAt: new Date(at.getTime() - 1000) },
        { registrationId: row!.id, status: STATUS.returned, createdAt: at },
      ]);
      await t.database.db
        .insert(registrationCounterparts)
        .values({ registrationId: row!.id, discipline: 'structure', email: counterpart.email });
      returnedAt[row!.id] = at.toISOString();
    }
    expect(await statements(counterpart.token, '/api/reviews')).toHaveLength(3);
    const items = (await injectAs(t.app, counterpart.token, { url: '/api/reviews' })).json().data as {
      registration: { id: number };
      state: string;
      waiting_since: string;
    }[];
    const returned = items.filter((i) => returnedAt[i.registration.id]);
    expect(returned.map((i) => [i.state, i.waiting_since])).toEqual(
      returned.map((i) => ['changes_requested', returnedAt[i.registration.id]]),
    );
    expect(returned).toHaveLength(2);
  });

  it('read the same rows as each table read on its own', async () => {
    const { db } = t.database;
    const reviews = reviewsRepository(db);
    const repo = registrationsRepository(db);
    const read = await repo.findWithChildren(richId);
    expect(read).toEqual({
      row: await repo.findById(richId),
      history: await repo.history(richId),
      rounds: await reviews.lastRounds(richId),
      comments: await reviews.comments(richId),
      countersignatures: await reviews.countersignatures([richId]),
      currentDocuments: await documentsRepository(db).current(richId),
      has: { changeReports: false, presentations: false, inspections: false, stageNotices: false },
    });
    expect(read!.history).toHaveLength(3);
    expect(read!.comments[1]!.x).toBe(0.123456789012345);
    expect(read!.currentDocuments[0]!.size).toBe(2 ** 40 + 7);
    // Key order too: the answers are built from these objects.
    expect(Object.keys(read!.comments[0]!)).toEqual(Object.keys((await reviews.comments(richId))[0]!));
  });
});

describe('the verification page', () => {
  it('reads what it shows in one statement', async () => {
    expect(await statements(undefined, `/api/verify/${reference}`)).toHaveLength(1);
  });

  it('reads the same rows as each table read on its own', async () => {
    const { db } = t.database;
    const reviews = reviewsRepository(db);
    const read = await reviews.findForVerification(reference);
    expect(read).toEqual({
      row: await reviews.findByReference(reference),
      lastRound: (await reviews.lastRounds(richId))[0],
      countersignatures: await reviews.countersignatures([richId]),
      decidedAt: await reviews.lastStatusAt(richId, [STATUS.approved, STATUS.rejected]),
      approvedDocuments: await documentsRepository(db).approved(richId),
      proofs: await db
        .select()
        .from(stepUpProofs)
        .where(
          and(
            inArray(stepUpProofs.actKind, ['countersign', 'decision']),
            eq(stepUpProofs.actRecordId, richId),
            isNotNull(stepUpProofs.usedAt),
          ),
        )
        .orderBy(desc(stepUpProofs.usedAt)),
    });
    expect(read!.approvedDocuments).toHaveLength(1);
    expect(read!.proofs).toHaveLength(1);
  });
});

/** The months as decision 109 worked them out from the status history on each request. */
async function monthsFromHistory(from: Date) {
  const since = "(date_trunc('month', $1::timestamptz AT TIME ZONE 'Asia/Yangon') AT TIME ZONE 'Asia/Yangon')";
  const rows = await t.database.query<{ month: string; submitted: string; decided: string; median_days: unknown }>(
    `WITH months AS (
       SELECT to_char(m, 'YYYY-MM') AS month
         FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'Asia/Yangon'),
                              date_trunc('month', now() AT TIME ZONE 'Asia/Yangon'), interval '1 month') m),
     first_of AS (
       SELECT r.registration_id,
              (SELECT min(f.created_at) FROM registration_status_history f
                WHERE f.registration_id = r.registration_id AND f.status = 'Submitted') AS at
         FROM (SELECT DISTINCT registration_id FROM registration_status_history
                WHERE created_at >= ${since} AND status = ANY('{Submitted}'::text[] || $2::text[])) r),
     decisions AS (
       SELECT d.registration_id, d.at FROM (
         SELECT r.registration_id,
                (SELECT min(h.created_at) FROM registration_status_history h
                  WHERE h.registration_id = r.registration_id AND h.status = ANY($2::text[])) AS at
           FROM (SELECT DISTINCT registration_id FROM registration_status_history
                  WHERE status = ANY($2::text[]) AND created_at >= ${since}) r) d WHERE d.at >= ${since}),
     firsts AS (SELECT registration_id, at FROM first_of WHERE at IS NOT NULL),
     submitted AS (SELECT to_char(at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month, count(*) AS n
                     FROM firsts WHERE at >= ${since} GROUP BY 1),
     decided AS (SELECT to_char(at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month, count(*) AS n
                   FROM decisions GROUP BY 1),
     medians AS (SELECT to_char(d.at AT TIME ZONE 'Asia/Yangon', 'YYYY-MM') AS month,
                        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.at - f.at) / 86400) AS days
                   FROM decisions d JOIN firsts f USING (registration_id) GROUP BY 1)
     SELECT months.month, coalesce(submitted.n, 0) AS submitted, coalesce(decided.n, 0) AS decided,
            medians.days AS median_days
       FROM months LEFT JOIN submitted USING (month) LEFT JOIN decided USING (month) LEFT JOIN medians USING (month)
      ORDER BY months.month`,
    [from, [STATUS.approved, STATUS.rejected]],
  );
  return rows.map((r) => ({
    month: r.month,
    submitted: Number(r.submitted),
    decided: Number(r.decided),
    median_days: r.median_days === null ? null : Math.round(Number(r.median_days) * 10) / 10,
  }));
}

describe('the admin dashboard', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);
  const dashboard = async () => (await injectAs(t.app, admin.token, { url: '/api/admin/dashboard' })).json().data;
  const yearAgo = () => {
    const d = new Date(t.clock.now);
    d.setUTCMonth(d.getUTCMonth() - 11);
    return d;
  };
  async function registrationWith(history: [string, number][]) {
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO registrations (user_id, status) VALUES ($1, $2) RETURNING id`,
      [owner.id, history.at(-1)![0]],
    );
    // In one statement and one at a time: the kept milestones follow both.
    await t.database.query(
      `INSERT INTO registration_status_history (registration_id, status, created_at)
       SELECT $1, s, at FROM unnest($2::text[], $3::timestamptz[]) AS x(s, at)`,
      [row!.id, history.slice(1).map(([s]) => s), history.slice(1).map(([, ago]) => daysAgo(ago).toISOString())],
    );
    await t.database.query(
      `INSERT INTO registration_status_history (registration_id, status, created_at) VALUES ($1, $2, $3)`,
      [row!.id, history[0]![0], daysAgo(history[0]![1])],
    );
    return row!.id;
  }

  it('gives the months the status history gives, kept as the history changes', async () => {
    const ids = [
      await registrationWith([['Submitted', 40]]),
      await registrationWith([
        ['Submitted', 100],
        ['Under Review', 90],
        ['Approved', 61.5],
      ]),
      await registrationWith([
        ['Submitted', 400],
        ['Approved', 30],
      ]),
      await registrationWith([
        ['Submitted', 20],
        [STATUS.returned, 15],
        ['Submitted', 10],
        ['Rejected', 2],
      ]),
      await registrationWith([['Rejected', 3]]),
    ];
    expect((await dashboard()).months).toEqual(await monthsFromHistory(yearAgo()));
    // A history row moved (as a correction would) and a registration removed with its history.
    await t.database.query(
      `UPDATE registration_status_history SET created_at = created_at - interval '50 days' WHERE registration_id = $1`,
      [ids[0]],
    );
    await t.database.query(`DELETE FROM registrations WHERE id = $1`, [ids[1]]);
    await t.database.query(
      `DELETE FROM registration_status_history WHERE registration_id = $1 AND status = 'Rejected'`,
      [ids[3]],
    );
    const months = (await dashboard()).months;
    expect(months).toEqual(await monthsFromHistory(yearAgo()));
    expect(months.reduce((n: number, m: { decided: number }) => n + m.decided, 0)).toBeGreaterThan(0);
  });

  it('reads its months again only when a milestone changed', async () => {
    await dashboard();
    const again = await statements(admin.token, '/api/admin/dashboard');
    expect(again.some((s) => s.includes('registration_milestones WHERE'))).toBe(false);
    expect(again.length).toBeLessThanOrEqual(5);
    await registrationWith([['Submitted', 1]]);
    const after = await statements(admin.token, '/api/admin/dashboard');
    expect(after.some((s) => s.includes('registration_milestones WHERE'))).toBe(true);
  });
});
