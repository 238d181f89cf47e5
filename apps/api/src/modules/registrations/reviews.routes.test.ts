import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { FormOneData } from '@hpbc/shared/form-one';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  auditOf,
  createUser,
  lastMailTo,
  mailsTo,
  uniqueEmail,
  requestsAs,
  type TestUser,
} from '../../../test/accounts';
import { attachDocument, testPdf } from '../../../test/documents';
import { jcs } from '../../../test/canonical-json';
import { namedCounterparts } from '@hpbc/shared/counterpart-review';

let t: TestApp;
let owner: TestUser;
let counterpart: TestUser;
let second: TestUser;
let burmese: TestUser;
let noRole: TestUser;
let admin: TestUser;
let drawing: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  drawing = await testPdf('A-101');
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
  counterpart = await createUser(t.database, { name: 'U Review', roles: ['national-counterpart'] });
  second = await createUser(t.database, { name: 'Daw Second', roles: ['national-counterpart'] });
  burmese = await createUser(t.database, { name: 'U Myanmar', roles: ['national-counterpart'], locale: 'my' });
  noRole = await createUser(t.database, { name: 'No Role' });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
});
afterAll(() => t.close());
// A fresh submitter per test: submitting is rate-limited per account.
beforeEach(async () => {
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
});

const as = requestsAs(() => t.app);

/** Names `counterpart` for architect and structure, `second` for electrical. */
const naming = (overrides: FormOneData = {}): FormOneData =>
  completeFormOne({
    national_architect_name: 'U Review',
    national_architect_license: 'NA-101',
    national_architect_email: counterpart.email.toUpperCase(),
    national_structure_email: counterpart.email,
    national_structure_license: 'NS-202',
    national_electrical_email: second.email,
    national_electrical_license: 'NE-303',
    ...overrides,
  });

async function draft(user: TestUser, data: FormOneData): Promise<number> {
  const created = await as(user, { method: 'POST', url: '/api/registrations', payload: { data } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

/** A submitted registration: its draft, one drawing for each discipline it names a counterpart for, then submit. */
async function submitted(data: FormOneData = naming(), user: TestUser = owner): Promise<number> {
  const id = await draft(user, data);
  for (const { discipline } of namedCounterparts(data)) {
    await attachDocument(t.app, user.token, id, { discipline }, drawing);
  }
  const res = await as(user, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const review = (user: TestUser, id: number) => as(user, { url: `/api/reviews/${id}` });
const comment = (user: TestUser, id: number, payload: object) =>
  as(user, { method: 'POST', url: `/api/reviews/${id}/comments`, payload });
const requestChanges = (user: TestUser, id: number, payload: object) =>
  as(user, { method: 'POST', url: `/api/reviews/${id}/request-changes`, payload });
/** The content hash the committee sees now (what a counterpart's screen shows). */
const currentHash = async (id: number): Promise<string> =>
  (await as(admin, { url: `/api/registrations/${id}` })).json().data.content_sha256;
const countersign = async (user: TestUser, id: number, discipline: string, hash?: string) =>
  as(user, {
    method: 'POST',
    url: `/api/reviews/${id}/countersign`,
    payload: { discipline, content_sha256: hash ?? (await currentHash(id)) },
  });
const decide = (id: number, status: string) =>
  as(admin, { method: 'PATCH', url: `/api/admin/registrations/${id}/status`, payload: { status } });

const sha256 = (s: string) => createHash('sha256').update(Buffer.from(s, 'utf8')).digest('hex');

describe('GET /api/reviews', () => {
  it('answers 401 without a token and 403 without the counterpart role', async () => {
    expect((await t.app.inject({ url: '/api/reviews' })).statusCode).toBe(401);
    const res = await as(noRole, { url: '/api/reviews' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
    expect((await as(noRole, { method: 'POST', url: '/api/reviews/1/countersign', payload: {} })).statusCode).toBe(403);
  });

  it('lists every submitted registration naming the caller (any case), oldest waiting first, with its disciplines', async () => {
    const own = await createUser(t.database, { roles: ['national-counterpart'] });
    // Forward only (tokens slide with the clock): the later one is submitted first, at +2 h.
    const base = Date.now();
    t.clock.now = new Date(base + 2 * 3600_000);
    const later = await submitted(naming({ national_acmv_email: own.email, project_name: 'Later Tower' }));
    t.clock.now = new Date(base + 3600_000);
    const earlier = await submitted(
      naming({ national_acmv_email: own.email.toUpperCase(), national_geotechnical_email: own.email }),
    );
    await draft(owner, naming({ national_acmv_email: own.email }));
    await submitted(naming());
    t.clock.now = new Date();

    const res = await as(own, { url: '/api/reviews' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data as {
      registration: { id: number };
      disciplines: string[];
      state: string;
      waiting_since: string;
    }[];
    expect(data.map((d) => d.registration.id)).toEqual([earlier, later]);
    expect(data[0]!.disciplines.sort()).toEqual(['acmv', 'geotechnical']);
    expect(data[0]!.state).toBe('awaiting');
    expect(data[0]!.waiting_since).toBe(new Date(base + 3600_000).toISOString());
    expect(data[1]!.registration).toMatchObject({ project_name: 'Later Tower', status: 'Submitted' });
    // Five submissions, each with a drawing per named discipline (a tus upload and a qpdf parse each).
  }, 90_000);
});

describe('GET /api/reviews/{id}', () => {
  it('answers 404 when the caller is not named, for a draft, and for an unknown id', async () => {
    const id = await submitted(naming());
    expect((await review(burmese, id)).statusCode).toBe(404);
    const d = await draft(owner, naming());
    expect((await review(counterpart, d)).statusCode).toBe(404);
    expect((await review(counterpart, 999999)).statusCode).toBe(404);
    expect((await review(counterpart, Number.NaN)).statusCode).toBe(404);
  });

  it('answers the registration with data, history, comments, countersignatures, content_sha256 and changes', async () => {
    const id = await submitted();
    const res = await review(counterpart, id);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ id, status: 'Submitted', comments: [], countersignatures: [], changes: [], round: 1 });
    expect(r.my_disciplines).toEqual(['architect', 'structure']);
    expect(r.history.map((h: { status: string }) => h.status)).toEqual(['Submitted']);
    expect(r.content_sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the content hash', () => {
  it('is recomputed by an outside client from `data` and the current documents with an independent RFC 8785 serialiser', async () => {
    const id = await submitted(naming({ project_name: 'ရွှေပြည် Tower “quoted” \\ back\u2028slash', statement1: true }));
    const r = (await review(counterpart, id)).json().data;
    // The current documents as docs/api.md lists them: sorted by discipline, then number.
    const documents = (
      (await as(counterpart, { url: `/api/registrations/${id}/documents` })).json().data as Record<string, string>[]
    )
      .filter((d) => d.status === 'current')
      .map((d) => ({
        discipline: d.discipline,
        kind: d.kind,
        number: d.number,
        revision: d.revision,
        sha256: d.sha256,
      }))
      .sort((a, b) => (a.discipline! < b.discipline! ? -1 : a.discipline! > b.discipline! ? 1 : 0));
    expect(documents.map((d) => d.discipline)).toEqual(['architect', 'electrical', 'structure']);
    expect(sha256(jcs({ data: r.data, documents }))).toBe(r.content_sha256);
    // The data alone is not what is signed any more.
    expect(sha256(jcs(r.data))).not.toBe(r.content_sha256);
    const own = (await as(owner, { url: `/api/registrations/${id}` })).json().data;
    expect(own.content_sha256).toBe(r.content_sha256);
    expect(sha256(jcs({ data: own.data, documents }))).toBe(own.content_sha256);
    // Not merely a hash of the JSON as sent: key order does not matter.
    expect(sha256(JSON.stringify(r.data))).not.toBe(r.content_sha256);
  });
});

describe('POST /api/reviews/{id}/comments', () => {
  it('adds a comment on a field or on the whole registration and starts the review', async () => {
    const id = await submitted();
    const res = await comment(counterpart, id, {
      discipline: 'architect',
      field: 'project_area',
      text: ' Please give the site area in square metres. ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({
      discipline: 'architect',
      field: 'project_area',
      text: 'Please give the site area in square metres.',
      author: { name: 'U Review' },
      round: 1,
    });
    expect(Object.keys(c).sort()).toEqual([
      'answer',
      'answered_at',
      'author',
      'clause',
      'created_at',
      'discipline',
      'document_id',
      'field',
      'id',
      'page',
      'resolved_at',
      'round',
      'status',
      'text',
      'x',
      'y',
    ]);
    expect(c).toMatchObject({ document_id: null, page: null, clause: null, status: 'open' });
    const whole = await comment(counterpart, id, { discipline: 'structure', text: 'Looks complete.' });
    expect(whole.statusCode).toBe(201);
    expect(whole.json().data.field).toBeNull();
    const r = (await review(counterpart, id)).json().data;
    expect(r.status).toBe('Under Review');
    expect(r.comments).toHaveLength(2);
    // The submitter sees the same comments.
    const own = (await as(owner, { url: `/api/registrations/${id}` })).json().data;
    expect(own.comments.map((x: { text: string }) => x.text)).toEqual([
      'Please give the site area in square metres.',
      'Looks complete.',
    ]);
  });

  it('refuses: 404 when not named, 422 for empty or too long text, an unknown field, or a discipline not naming the caller', async () => {
    const id = await submitted();
    expect((await comment(burmese, id, { discipline: 'architect', text: 'x' })).statusCode).toBe(404);
    const empty = await comment(counterpart, id, { discipline: 'architect', text: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text).toBeTruthy();
    const long = await comment(counterpart, id, { discipline: 'architect', text: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.text).toBeTruthy();
    expect((await comment(counterpart, id, { discipline: 'architect', text: 'x'.repeat(5000) })).statusCode).toBe(201);
    const field = await comment(counterpart, id, { discipline: 'architect', field: 'not_a_field', text: 'x' });
    expect(field.statusCode).toBe(422);
    expect(field.json().errors.field).toBeTruthy();
    const other = await comment(counterpart, id, { discipline: 'electrical', text: 'x' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.discipline).toBeTruthy();
    const unnamed = await comment(counterpart, id, { discipline: 'acmv', text: 'x' });
    expect(unnamed.statusCode).toBe(422);
    const unknown = await comment(counterpart, id, { discipline: 'plumbing', text: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.discipline).toBeTruthy();
  });
});

describe('request changes, rounds and changes', () => {
  it('returns it to the submitter with the comments by mail; the resubmission is round 2 with exactly what changed', async () => {
    const id = await submitted();
    const res = await requestChanges(counterpart, id, {
      discipline: 'architect',
      comments: [
        { field: 'project_area', text: 'The project area does not match the drawings.' },
        { text: 'Add the fire plan.' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('Returned for changes');
    const mail = await lastMailTo(t.database, owner.email);
    expect(mail!.subject).toContain('changes requested');
    expect(mail!.textBody).toContain('The project area does not match the drawings.');
    expect(mail!.textBody).toContain('Add the fire plan.');

    // The submitter sees each comment with the field it is about.
    const own = (await as(owner, { url: `/api/registrations/${id}` })).json().data;
    expect(own.comments.find((c: { field: string }) => c.field === 'project_area').text).toContain('drawings');

    // Only while Submitted or Under Review.
    const again = await requestChanges(counterpart, id, { discipline: 'architect', comments: [{ text: 'x' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('status');

    const before = (await mailsTo(t.database, counterpart.email)).length;
    const data = naming({ project_area: '4,800 sq m', owner_address: '' });
    const resub = await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
    expect(resub.statusCode, resub.body).toBe(200);
    const r = (await review(counterpart, id)).json().data;
    expect(r.round).toBe(2);
    expect(r.changes).toEqual([
      { field: 'owner_address', before: 'No. 5, Inya Road, Yangon', after: null },
      { field: 'project_area', before: '4,500 sq m', after: '4,800 sq m' },
    ]);
    // Counterparts are told of the resubmission (one mail per person, however many disciplines).
    const mails = await mailsTo(t.database, counterpart.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toContain('resubmitted');
  });

  it('refuses: 404 when not named, 422 without comments or for another discipline, 409 once decided', async () => {
    const id = await submitted();
    expect((await requestChanges(burmese, id, { discipline: 'architect', comments: [{ text: 'x' }] })).statusCode).toBe(
      404,
    );
    const none = await requestChanges(counterpart, id, { discipline: 'architect', comments: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.comments).toBeTruthy();
    const other = await requestChanges(counterpart, id, { discipline: 'electrical', comments: [{ text: 'x' }] });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.discipline).toBeTruthy();
    expect((await decide(id, 'Rejected')).statusCode).toBe(422); // a rejection needs a note
    const rejected = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Rejected', note: 'Incomplete.' },
    });
    expect(rejected.statusCode).toBe(200);
    const late = await requestChanges(counterpart, id, { discipline: 'architect', comments: [{ text: 'x' }] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'status' });
  });
});

describe('POST /api/reviews/{id}/countersign', () => {
  it('records name, licence, time and the content hash, and mails the submitter', async () => {
    const id = await submitted();
    const at = new Date(Date.now() + 600_000);
    t.clock.now = at;
    const res = await countersign(counterpart, id, 'architect');
    t.clock.now = new Date();
    expect(res.statusCode, res.body).toBe(201);
    const r = (await review(counterpart, id)).json().data;
    expect(res.json().data).toEqual({
      discipline: 'architect',
      name: 'U Review',
      license: 'NA-101',
      signed_at: at.toISOString(),
      content_sha256: r.content_sha256,
      current: true,
    });
    expect(r.countersignatures).toHaveLength(1);
    expect(r.status).toBe('Under Review');
    const mail = await lastMailTo(t.database, owner.email);
    expect(mail!.subject).toContain('countersigned');
    // The countersignature is in the audit log, with the hash it was given on.
    expect((await auditOf(t.database, 'registration', id)).filter((e) => e.action === 'countersign')).toEqual([
      {
        action: 'countersign',
        actorId: counterpart.id,
        before: null,
        after: expect.objectContaining({
          discipline: 'architect',
          license: 'NA-101',
          content_sha256: r.content_sha256,
        }),
      },
    ]);
  });

  it('refuses: 404 when not named, 403 for a discipline naming someone else, 422 for an unknown discipline', async () => {
    const id = await submitted();
    expect((await countersign(burmese, id, 'architect')).statusCode).toBe(404);
    const other = await countersign(counterpart, id, 'electrical');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBeTruthy();
    expect((await countersign(counterpart, id, 'acmv')).statusCode).toBe(403);
    expect((await countersign(counterpart, id, 'plumbing')).statusCode).toBe(422);
  });

  it('refuses a conflict of interest with 409 reason conflict_of_interest (another party, or the owner)', async () => {
    const asDirector = await submitted(naming({ director_email: counterpart.email }));
    const res = await countersign(counterpart, asDirector, 'architect');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'conflict_of_interest' });
    expect(res.json().message).toContain('conflict');
    // The review screen knows in advance.
    expect((await review(counterpart, asDirector)).json().data.conflict_of_interest).toBe(true);

    const asSignatory = await submitted(naming({ architect_email: counterpart.email.toUpperCase() }));
    expect((await countersign(counterpart, asSignatory, 'structure')).json().reason).toBe('conflict_of_interest');

    const selfOwned = await submitted(naming(), counterpart);
    const own = await countersign(counterpart, selfOwned, 'architect');
    expect(own.statusCode).toBe(409);
    expect(own.json().reason).toBe('conflict_of_interest');
  });

  it('is bound to the version reviewed: another hash is a 409 reason stale, none a 422 (issue 24, hole 6)', async () => {
    const id = await submitted();
    const seen = (await review(counterpart, id)).json().data.content_sha256 as string;
    // While the counterpart reads, the registration goes back for changes and returns changed.
    expect(
      (await requestChanges(second, id, { discipline: 'electrical', comments: [{ text: 'Fix.' }] })).statusCode,
    ).toBe(200);
    const changed = naming({ project_name: 'Changed Tower' });
    expect(
      (await as(owner, { method: 'PUT', url: `/api/registrations/${id}/draft`, payload: { data: changed } }))
        .statusCode,
    ).toBe(200);
    const again = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      payload: { data: changed },
    });
    expect(again.statusCode, again.body).toBe(200);
    const now = await currentHash(id);
    expect(now).not.toBe(seen);

    const stale = await countersign(counterpart, id, 'architect', seen);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale', content_sha256: now });
    expect(stale.json().message).toContain('changed');
    const none = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/countersign`,
      payload: { discipline: 'architect' },
    });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['content_sha256']);
    expect((await review(counterpart, id)).json().data.countersignatures).toEqual([]);
    expect((await countersign(counterpart, id, 'architect', now)).statusCode).toBe(201);
  });

  it('refuses with 409 reason status unless Submitted or Under Review', async () => {
    const id = await submitted();
    expect(
      (await requestChanges(second, id, { discipline: 'electrical', comments: [{ text: 'Fix.' }] })).statusCode,
    ).toBe(200);
    const res = await countersign(counterpart, id, 'architect');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'status' });
  });
});

describe('the committee decision and publication', () => {
  it('refuses approval until every named discipline has a current countersignature, then publishes the project', async () => {
    const id = await submitted(naming({ project_name: 'Publish Me Tower' }));
    expect((await decide(id, 'Approved')).statusCode).toBe(409); // still Submitted: wrong status
    expect((await countersign(counterpart, id, 'architect')).statusCode).toBe(201);

    const missing = await decide(id, 'Approved');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().missing.sort()).toEqual(['electrical', 'structure']);
    // The disciplines by name in the reader's language, not as keys (second Burmese review, L17).
    expect(missing.json().message).toContain('Structural Engineer');
    expect(missing.json().message).not.toContain('structure');

    // The admin screen sees each discipline's counterpart and state.
    const adminView = (await as(admin, { url: `/api/registrations/${id}` })).json().data;
    expect(adminView.counterparts).toEqual([
      expect.objectContaining({
        discipline: 'architect',
        email: counterpart.email,
        has_account: true,
        countersignature: expect.objectContaining({ current: true }),
      }),
      expect.objectContaining({ discipline: 'structure', has_account: true, countersignature: null }),
      expect.objectContaining({
        discipline: 'electrical',
        email: second.email,
        has_account: true,
        countersignature: null,
      }),
    ]);

    const listBefore = (await t.app.inject({ url: '/api/project-list' })).json().data as { rn_number: number }[];
    const maxRn = Math.max(0, ...listBefore.map((p) => p.rn_number));

    expect((await countersign(counterpart, id, 'structure')).statusCode).toBe(201);
    expect((await countersign(second, id, 'electrical')).statusCode).toBe(201);
    const ok = await decide(id, 'Approved');
    expect(ok.statusCode, ok.body).toBe(200);
    const record = ok.json().data;
    expect(record.status).toBe('Approved');
    expect(record.project_id).toEqual(expect.any(Number));

    // At once on the public list (the prepared answer is refreshed by the approval itself).
    const list = (await t.app.inject({ url: '/api/project-list' })).json().data as { id: number; rn_number: number }[];
    const entry = list.find((p) => p.id === record.project_id);
    expect(entry).toMatchObject({
      rn_number: maxRn + 1,
      project_name: 'Publish Me Tower',
      developer: 'Golden Land Development Co., Ltd.',
      status: 'Active',
      storey: 18,
      basement: 2,
      // Form One asks no height: none is published (it was 18 × 3 m, issue 28 item 6).
      building_height: null,
      location: 'Kamayut Township',
      // The location names no district: none is published (the state is not repeated as one, issue 28 item 6).
      region: '',
      state: 'Yangon',
    });
    expect(list[0]!.id).toBe(record.project_id);
    const one = await t.app.inject({ url: `/api/project-list/${record.project_id}` });
    expect(one.json().data.project_name).toBe('Publish Me Tower');
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.project_id).toBe(record.project_id);

    // The submitter was told of each countersignature and of the decision.
    expect((await lastMailTo(t.database, owner.email))!.subject).toContain('Approved');
    // A decided registration can no longer be countersigned.
    expect((await countersign(counterpart, id, 'architect')).json().reason).toBe('status');
  });

  it('shows a countersignature given on content that has since changed as no longer current', async () => {
    const id = await submitted();
    expect((await countersign(counterpart, id, 'architect')).statusCode).toBe(201);
    expect(
      (await requestChanges(second, id, { discipline: 'electrical', comments: [{ text: 'Fix.' }] })).statusCode,
    ).toBe(200);
    const data = naming({ project_area: '5,000 sq m' });
    expect(
      (await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } })).statusCode,
    ).toBe(200);
    const r = (await review(counterpart, id)).json().data;
    expect(r.countersignatures[0]).toMatchObject({ discipline: 'architect', current: false });
    expect(r.countersignatures[0].content_sha256).not.toBe(r.content_sha256);
    // The list shows it waiting again.
    const list = (await as(counterpart, { url: '/api/reviews' })).json().data;
    expect(list.find((i: { registration: { id: number } }) => i.registration.id === id).state).toBe('awaiting');
  });
});

describe('GET /api/verify/{reference}', () => {
  it('shows status, dates, content hash and countersignatures without contact data; 404 otherwise', async () => {
    const id = await submitted();
    expect((await countersign(counterpart, id, 'architect')).statusCode).toBe(201);
    const ref = (await review(counterpart, id)).json().data.reference_number as string;
    const res = await t.app.inject({ url: `/api/verify/${ref}` });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(Object.keys(v).sort()).toEqual([
      'content_sha256',
      'countersignatures',
      'decided_at',
      'documents',
      'project_id',
      'project_name',
      'reference_number',
      'status',
      'submitted_at',
    ]);
    // The public project page it links to comes with approval (issue 28, item 8).
    expect(v).toMatchObject({
      reference_number: ref,
      status: 'Under Review',
      decided_at: null,
      documents: [],
      project_id: null,
    });
    expect(v.countersignatures[0]).toMatchObject({ discipline: 'architect', name: 'U Review', current: true });
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('09-421');
    expect((await t.app.inject({ url: '/api/verify/HPBC-1999-000001' })).statusCode).toBe(404);
  });

  it('answers what was submitted, not the draft of one returned; without licences once returned (issue 24, hole 7)', async () => {
    const id = await submitted(naming({ project_name: 'Sent Tower' }));
    expect((await countersign(counterpart, id, 'architect')).statusCode).toBe(201);
    const ref = (await review(counterpart, id)).json().data.reference_number as string;
    const sent = (await t.app.inject({ url: `/api/verify/${ref}` })).json();
    expect(sent.countersignatures[0].license).toBe('NA-101');
    expect(
      (await requestChanges(second, id, { discipline: 'electrical', comments: [{ text: 'Fix.' }] })).statusCode,
    ).toBe(200);
    const draftData = naming({ project_name: 'Unsent Draft Name' });
    const saved = await as(owner, {
      method: 'PUT',
      url: `/api/registrations/${id}/draft`,
      payload: { data: draftData },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.app.inject({ url: `/api/verify/${ref}` });
    const v = res.json();
    expect(v).toMatchObject({
      status: 'Returned for changes',
      project_name: 'Sent Tower',
      content_sha256: sent.content_sha256,
    });
    expect(res.body).not.toContain('Unsent Draft Name');
    expect(res.body).not.toContain(await currentHash(id));
    expect(v.countersignatures).toEqual([
      expect.objectContaining({ discipline: 'architect', license: '', current: true }),
    ]);
    expect(res.body).not.toContain('NA-101');
  });

  it('is limited per address: 30 a minute, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await t.app.inject({ url: `/api/verify/HPBC-2026-${String(900000 + i)}`, remoteAddress: '10.99.7.7' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await t.app.inject({ url: '/api/verify/HPBC-2026-900000', remoteAddress: '10.99.7.8' })).statusCode).toBe(
      404,
    );
  });
});

describe('mail to counterparts and status chips', () => {
  it('mails a named counterpart in their language, invites an address with no account, and shows chips', async () => {
    const stranger = uniqueEmail('stranger');
    const id = await submitted(
      naming({ national_acmv_email: burmese.email, national_water_sanitation_email: stranger }),
    );
    const toBurmese = await lastMailTo(t.database, burmese.email);
    expect(toBurmese!.subject).toContain('စိစစ်ရန်');
    expect(toBurmese!.textBody).toContain(`/user/national/reviews/${id}`);
    const invite = await lastMailTo(t.database, stranger);
    expect(invite!.subject).toContain('national counterpart');
    expect(invite!.textBody).toContain('/register');

    const chips = (await as(burmese, { url: '/api/user/status', headers: { 'accept-language': 'my' } })).json().status;
    expect(chips.reviews_waiting.color).toBe('yellow');
    expect(chips.reviews_waiting.label).toMatch(/[၀-၉]/);

    expect((await requestChanges(burmese, id, { discipline: 'acmv', comments: [{ text: 'Fix.' }] })).statusCode).toBe(
      200,
    );
    const ownChips = (await as(owner, { url: '/api/user/status' })).json().status;
    expect(ownChips.changes_requested.label).toContain('returned for changes');
    expect((await as(noRole, { url: '/api/user/status' })).json().status.reviews_waiting).toBeUndefined();

    // Resubmitted: the counterpart with an account hears of it again, the address without one is not invited twice.
    const data = naming({
      national_acmv_email: burmese.email,
      national_water_sanitation_email: stranger,
      project_area: '9 sq m',
    });
    expect(
      (await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } })).statusCode,
    ).toBe(200);
    expect((await lastMailTo(t.database, burmese.email))!.subject).toContain('ပြင်ဆင်ပြီး');
    expect(await mailsTo(t.database, stranger)).toHaveLength(1);
  });
});
