import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { FormOneData } from '@hpbc/shared/form-one';
import { namedCounterparts } from '@hpbc/shared/counterpart-review';
import { ADMIN_REGISTRATION_CSV_COLUMNS } from '@hpbc/shared/committee-view';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, linkToCompany, requestsAs, type TestUser } from '../../../test/accounts';
import { insertEietCompany } from '../../../test/public-records';
import { attachDocument } from '../../../test/documents';
import { postServiceRequest, requestFields } from '../service-requests/service-requests.test-helpers';

/**
 * Issue 28, item 5: the committee sees everything. The admin registration list's search,
 * days waiting and countersignatures, its CSV, the case notes (committee only, never in
 * anyone else's answer), and the admin service-request list with status and history.
 */
let t: TestApp;
let admin: TestUser;
let counterpart: TestUser;
let owner: TestUser;
let basic: TestUser;
let inspector: TestUser;
let eiet: number;
const clock = { now: new Date('2026-11-10T03:00:00.000Z') };
const as = requestsAs(() => t.app);

async function submit(user: TestUser, data: FormOneData): Promise<{ id: number; reference: string }> {
  const created = await as(user, { method: 'POST', url: '/api/registrations', payload: { data } });
  const id = created.json().data.id as number;
  for (const { discipline } of namedCounterparts(data)) await attachDocument(t.app, user.token, id, { discipline });
  const res = await as(user, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
  expect(res.statusCode, res.body).toBe(200);
  return { id, reference: res.json().data.reference_number as string };
}

type Row = {
  id: number;
  status: string;
  reference_number: string;
  days_waiting: number | null;
  countersignatures: { done: number; needed: number };
};
const list = async (query: string) => {
  const res = await as(admin, { url: `/api/admin/registrations${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; meta: { total: number } };
};

let tower: { id: number; reference: string };
let formula: { id: number; reference: string };

beforeAll(async () => {
  t = await buildTestApp({ deps: { now: () => clock.now } });
  admin = await createUser(t.database, { name: 'Committee', admin: true });
  counterpart = await createUser(t.database, { name: 'U Review', roles: ['national-counterpart'] });
  owner = await createUser(t.database, { name: 'Daw Khin Myat Thandar Soe', email: 'khin.soe@owner.example' });
  basic = await createUser(t.database, { name: 'Basic' });
  inspector = await createUser(t.database, { name: 'Inspector', roles: ['eiet'] });
  eiet = await insertEietCompany(t.database);
  await linkToCompany(t.app, admin, [inspector], { kind: 'eiet', id: eiet });

  tower = await submit(
    owner,
    completeFormOne({
      project_name: 'ရွှေတိုက် Tower, "North"',
      national_architect_email: counterpart.email,
      national_architect_license: 'NA-1',
      national_structure_email: counterpart.email,
      national_structure_license: 'NS-1',
    }),
  );
  formula = await submit(basic, completeFormOne({ project_name: '=HYPERLINK("http://evil.example","100%_off")' }));
});
afterAll(async () => {
  await t.close();
});

describe('the admin registration list (item 5)', () => {
  it('searches by reference, project and submitter; counts days waiting and countersignatures', async () => {
    expect((await list(`?search=${encodeURIComponent(tower.reference.toLowerCase())}`)).data.map((r) => r.id)).toEqual([
      tower.id,
    ]);
    expect((await list(`?search=${encodeURIComponent('ရွှေတိုက်')}`)).data.map((r) => r.id)).toEqual([tower.id]);
    expect((await list('?search=THANDAR')).data.map((r) => r.id)).toEqual([tower.id]);
    expect((await list('?search=owner.example')).data.map((r) => r.id)).toEqual([tower.id]);
    // `%` and `_` are themselves, not wildcards.
    expect((await list('?search=100%25_off')).data.map((r) => r.id)).toEqual([formula.id]);
    expect((await list('?search=100%25x')).data).toEqual([]);
    const none = await list('?search=nothing-like-this');
    expect(none.meta.total).toBe(0);
    // Search and status together.
    expect((await list('?search=THANDAR&status=Approved')).data).toEqual([]);

    const before = (await list(`?search=${tower.reference}`)).data[0]!;
    expect(before.days_waiting).toBe(0);
    expect(before.countersignatures).toEqual({ done: 0, needed: 2 });
    expect((await list(`?search=${formula.reference}`)).data[0]!.countersignatures).toEqual({ done: 0, needed: 0 });

    // Submitted three days ago (its history says so; moving the clock would expire the
    // test tokens), and one countersignature on the current content.
    await t.database.query(
      "UPDATE registration_status_history SET created_at = created_at - interval '3 days 2 hours' WHERE registration_id = $1",
      [tower.id],
    );
    const hash = (await as(counterpart, { url: `/api/reviews/${tower.id}` })).json().data.content_sha256 as string;
    const sign = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${tower.id}/countersign`,
      payload: { discipline: 'architect', content_sha256: hash },
    });
    expect(sign.statusCode, sign.body).toBe(201);
    const after = (await list(`?search=${tower.reference}`)).data[0]!;
    // The counterpart's first act moved it to Under Review: still the same wait since submission.
    expect(after.status).toBe('Under Review');
    expect(after.days_waiting).toBe(3);
    expect(after.countersignatures).toEqual({ done: 1, needed: 2 });

    // Returned for changes: the submitter holds it, so it is not waiting on the reviewers.
    const back = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${formula.id}/status`,
      payload: { status: 'Returned for changes', note: 'Fix the name.' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await list(`?search=${formula.reference}`)).data[0]!.days_waiting).toBeNull();
  });

  it('is the committee’s alone', async () => {
    expect((await t.app.inject({ url: '/api/admin/registrations?search=x' })).statusCode).toBe(401);
    for (const user of [owner, counterpart, inspector]) {
      expect((await as(user, { url: '/api/admin/registrations?search=x' })).statusCode).toBe(403);
      expect((await as(user, { url: '/api/admin/registrations.csv' })).statusCode).toBe(403);
    }
  });
});

describe('the admin registration CSV (item 5)', () => {
  it('is RFC 4180 with a BOM, the filters of the list, and formulas defused', async () => {
    const res = await as(admin, { url: '/api/admin/registrations.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registrations-2026-11-10\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    // CRLF after every record, the last included.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const records = parse(text, { bom: true, relax_quotes: false }) as string[][];
    expect(records[0]).toEqual([...ADMIN_REGISTRATION_CSV_COLUMNS]);
    const byRef = new Map(records.slice(1).map((r) => [r[0], r]));
    expect(byRef.size).toBe(2);
    const row = byRef.get(tower.reference)!;
    expect(row).toEqual([
      tower.reference,
      'ရွှေတိုက် Tower, "North"',
      'Under Review',
      'Daw Khin Myat Thandar Soe',
      'khin.soe@owner.example',
      expect.stringMatching(/^2026-11-10T03:00/),
      '3',
      '1',
      '2',
    ]);
    // The comma and the quotes were quoted, quotes doubled.
    expect(text).toContain('"ရွှေတိုက် Tower, ""North"""');
    // A cell a spreadsheet would run as a formula starts with an apostrophe.
    expect(byRef.get(formula.reference)![1]).toBe(`'=HYPERLINK("http://evil.example","100%_off")`);
    expect(byRef.get(formula.reference)![6]).toBe('');

    const filtered = await as(admin, { url: '/api/admin/registrations.csv?search=THANDAR' });
    const rows = parse(filtered.rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(rows.slice(1).map((r) => r[0])).toEqual([tower.reference]);
  });
});

describe('case notes (item 5): the committee’s alone, never public', () => {
  it('are added and read by the committee, audited, and never reach the submitter, a counterpart or the public', async () => {
    const secret = 'Owner phoned on 12 Nov; the structure drawings come by Friday.';
    const add = await as(admin, {
      method: 'POST',
      url: `/api/admin/registrations/${tower.id}/notes`,
      payload: { note: `  ${secret}  ` },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().data).toMatchObject({ note: secret, author: { name: 'Committee' } });
    const read = await as(admin, { url: `/api/admin/registrations/${tower.id}/notes` });
    expect(read.json().data.map((n: { note: string }) => n.note)).toEqual([secret]);
    const [audit] = await t.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE record_type = 'registration' AND record_id = $1 AND action = 'case_note'",
      [String(tower.id)],
    );
    expect(audit).toBeTruthy();

    // Refusals: a blank note names the field; a draft or unknown registration is a 404.
    const blank = await as(admin, {
      method: 'POST',
      url: `/api/admin/registrations/${tower.id}/notes`,
      payload: { note: ' ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(['note']);
    const long = await as(admin, {
      method: 'POST',
      url: `/api/admin/registrations/${tower.id}/notes`,
      payload: { note: 'x'.repeat(4001) },
    });
    expect(long.statusCode).toBe(422);
    const draft = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data: {} } });
    const draftId = draft.json().data.id as number;
    expect((await as(admin, { url: `/api/admin/registrations/${draftId}/notes` })).statusCode).toBe(404);
    expect(
      (await as(admin, { method: 'POST', url: `/api/admin/registrations/999999/notes`, payload: { note: 'x' } }))
        .statusCode,
    ).toBe(404);

    // Nobody but the committee reads or writes them.
    expect((await t.app.inject({ url: `/api/admin/registrations/${tower.id}/notes` })).statusCode).toBe(401);
    for (const user of [owner, counterpart, inspector, basic]) {
      expect((await as(user, { url: `/api/admin/registrations/${tower.id}/notes` })).statusCode).toBe(403);
      const write = await as(user, {
        method: 'POST',
        url: `/api/admin/registrations/${tower.id}/notes`,
        payload: { note: 'mine' },
      });
      expect(write.statusCode).toBe(403);
    }

    // And no other answer carries them: the owner's registration, the counterpart's review,
    // the public verification page and the admin list.
    const answers = [
      await as(owner, { url: `/api/registrations/${tower.id}` }),
      await as(counterpart, { url: `/api/reviews/${tower.id}` }),
      await t.app.inject({ url: `/api/verify/${tower.reference}` }),
      await as(admin, { url: `/api/admin/registrations?search=${tower.reference}` }),
      await as(admin, { url: `/api/registrations/${tower.id}` }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.body).not.toContain('Owner phoned');
    }
  });
});

describe('the admin service-request list (item 5)', () => {
  it('shows status and the company’s answers with the history, filters by status, and is the committee’s alone', async () => {
    const ids: number[] = [];
    for (const name of ['Answered Tower', 'Waiting Tower']) {
      const res = await postServiceRequest(t, { ...requestFields, project_name: name, eiet_id: eiet });
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = await as(admin, { url: '/api/admin/service-requests' });
    expect(all.statusCode, all.body).toBe(200);
    for (const r of all.json().data as { id: number; project_name: string }[]) {
      if (r.project_name === 'Answered Tower') ids[0] = r.id;
      if (r.project_name === 'Waiting Tower') ids[1] = r.id;
    }
    const decline = await as(inspector, {
      method: 'PATCH',
      url: `/api/company/service-requests/${ids[0]}`,
      payload: { status: 'declined', note: 'Our team is fully booked until March.' },
    });
    expect(decline.statusCode, decline.body).toBe(200);

    const declined = await as(admin, { url: '/api/admin/service-requests?status=declined' });
    expect(declined.json().data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect(declined.json().meta.total).toBe(1);
    expect(declined.json().data[0]).toMatchObject({
      status: 'declined',
      history: [
        { status: 'new', note: null },
        { status: 'declined', note: 'Our team is fully booked until March.' },
      ],
    });
    const fresh = await as(admin, { url: '/api/admin/service-requests?status=new' });
    expect(fresh.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const one = await as(admin, { url: `/api/admin/service-requests/${ids[0]}` });
    expect(one.json().data).toMatchObject({ status: 'declined', project_name: 'Answered Tower' });
    expect(one.json().data.history).toHaveLength(2);
    expect(one.json().data).not.toHaveProperty('cover_letter_path');

    const bad = await as(admin, { url: '/api/admin/service-requests?status=lost' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['status']);
    // The company sees its own inbox, never the committee's list.
    for (const user of [inspector, owner, counterpart]) {
      expect((await as(user, { url: '/api/admin/service-requests?status=new' })).statusCode).toBe(403);
      expect((await as(user, { url: `/api/admin/service-requests/${ids[0]}` })).statusCode).toBe(403);
    }
  });
});
