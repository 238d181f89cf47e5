import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_BYTES } from '@hpbc/shared';
import type { FormOneData } from '@hpbc/shared/form-one';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { serviceRequests } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditOf, createUser, lastMailTo, linkIn, mailsTo, requestsAs, type TestUser } from '../../../test/accounts';
import {
  makePdf,
  multipartBody,
  postServiceRequest,
  requestFields,
} from '../service-requests/service-requests.test-helpers';
import { insertEietCompany, insertPileCompany } from '../../../test/public-records';
import { submittedRegistration } from '../../../test/workflow';

let t: TestApp;
let eietA: number;
let eietB: number;
let pile: number;
let admin: TestUser;
let memberA: TestUser; // works for EIET company A
let memberB: TestUser; // works for EIET company B
let pileMember: TestUser;
let loner: TestUser; // no company
let submitter: TestUser;
let pdf: Buffer;
let clock = new Date('2026-11-24T03:00:00.000Z');
let ip = 0;

const as = requestsAs(() => t.app);
const inDays = (days: number) => new Date(clock.getTime() + days * 24 * 3600 * 1000).toISOString();

async function link(user: TestUser, company: { kind: 'eiet' | 'pile'; id: number } | null) {
  const res = await as(admin, { method: 'PATCH', url: `/api/admin/users/${user.id}`, payload: { company } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A visitor's request, as the public form sends it; returns the tracking link's token. */
async function sendRequest(opts: { kind?: 'eiet' | 'pile'; companyId?: number; email: string; language?: string }) {
  const kind = opts.kind ?? 'eiet';
  const res = await postServiceRequest(
    t,
    {
      ...requestFields,
      project_name: `Tower for ${opts.email}`,
      company_email: opts.email,
      ...(kind === 'eiet' ? { eiet_id: opts.companyId ?? eietA } : { pile_company_id: opts.companyId ?? pile }),
    },
    {
      kind,
      cover: pdf,
      headers: opts.language ? { 'accept-language': opts.language } : {},
      remoteAddress: `10.9.0.${++ip}`,
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  const mail = await lastMailTo(t.database, opts.email);
  const url = linkIn(mail!.textBody, '/service-requests/track/');
  const [row] = await t.database.db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(eq(serviceRequests.companyEmail, opts.email));
  return { token: url.pathname.split('/').pop()!, id: row!.id, mail: mail! };
}

/** A registration of `owner`, submitted with Form One's complete answers and `data` over them. */
const submitted = (owner: TestUser, data: FormOneData) => submittedRegistration(t.app, owner, completeFormOne(data));

async function result(user: TestUser, id: number, fields: Record<string, string>, file?: Buffer, name = 'report.pdf') {
  const { payload, contentType } = await multipartBody(
    fields,
    file ? [{ name: 'report', filename: name, type: 'application/pdf', bytes: file }] : [],
  );
  return as(user, {
    method: 'POST',
    url: `/api/inspections/${id}/result`,
    headers: { 'content-type': contentType },
    payload,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ deps: { now: () => clock } });
  eietA = await insertEietCompany(t.database);
  eietB = await insertEietCompany(t.database, {
    eietName: 'Silver Inspection Team',
    emailAddress: 'office@silver.example',
  });
  pile = await insertPileCompany(t.database, { emailAddress: 'p@deep.example' });
  admin = await createUser(t.database, { admin: true, name: 'Admin' });
  memberA = await createUser(t.database, { name: 'Inspector A', roles: ['eiet'] });
  memberB = await createUser(t.database, { name: 'Inspector B', roles: ['eiet'] });
  pileMember = await createUser(t.database, { name: 'Piler' });
  loner = await createUser(t.database, { name: 'No Company' });
  submitter = await createUser(t.database, { name: 'Daw Submitter', locale: 'my' });
  pdf = await makePdf('Cover letter');
  await link(memberA, { kind: 'eiet', id: eietA });
  await link(memberB, { kind: 'eiet', id: eietB });
  await link(pileMember, { kind: 'pile', id: pile });
});
afterAll(() => t.close());

describe('company accounts', () => {
  it('an administrator links and unlinks an account; every user answer carries the company', async () => {
    const extra = await createUser(t.database, { name: 'Second member' });
    const linked = await link(extra, { kind: 'eiet', id: eietA });
    expect(linked.user.company).toEqual({ kind: 'eiet', id: eietA, name: 'Golden Inspection Team' });
    expect((await as(extra, { url: '/api/user' })).json().user.company).toEqual({
      kind: 'eiet',
      id: eietA,
      name: 'Golden Inspection Team',
    });
    const list = await as(admin, { url: `/api/admin/users?search=${encodeURIComponent('Second member')}` });
    expect(list.json().data[0].company).toMatchObject({ kind: 'eiet', id: eietA });
    // A company can have several accounts: A's first member still works for it.
    expect((await as(memberA, { url: '/api/user' })).json().user.company.id).toBe(eietA);

    expect((await link(extra, null)).user.company).toBeNull();
    expect((await as(extra, { url: '/api/user' })).json().user.company).toBeNull();
  });

  it('refuses an unknown company with a 422 on company, and non-administrators with a 403', async () => {
    const res = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${loner.id}`,
      payload: { company: { kind: 'eiet', id: 999999 } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.company).toEqual(['The selected company is invalid.']);
    const bad = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${loner.id}`,
      payload: { company: { kind: 'bank', id: 1 } },
    });
    expect(bad.statusCode).toBe(422);
    const notAdmin = await as(memberA, {
      method: 'PATCH',
      url: `/api/admin/users/${memberA.id}`,
      payload: { company: { kind: 'eiet', id: eietB } },
    });
    expect(notAdmin.statusCode).toBe(403);
  });
});

describe('the service-request inbox', () => {
  let first: Awaited<ReturnType<typeof sendRequest>>;
  let second: Awaited<ReturnType<typeof sendRequest>>;
  let forB: Awaited<ReturnType<typeof sendRequest>>;
  let forPile: Awaited<ReturnType<typeof sendRequest>>;

  beforeAll(async () => {
    first = await sendRequest({ email: 'first@requester.example', language: 'my' });
    clock = new Date(clock.getTime() + 60_000);
    second = await sendRequest({ email: 'second@requester.example' });
    forB = await sendRequest({ email: 'b@requester.example', companyId: eietB });
    forPile = await sendRequest({ kind: 'pile', email: 'pile@requester.example' });
  });

  it('401 without a token, 403 for an account with no company', async () => {
    expect((await t.app.inject({ url: '/api/company/service-requests' })).statusCode).toBe(401);
    const res = await as(loner, { url: '/api/company/service-requests' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/not linked to a company/);
    expect(
      (
        await as(loner, {
          method: 'PATCH',
          url: `/api/company/service-requests/${first.id}`,
          payload: { status: 'accepted' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("lists only the caller's company's requests, newest first, with paging meta and a status filter", async () => {
    const res = await as(memberA, { url: '/api/company/service-requests' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(body.meta).toEqual({ total: 2, page: 1, per_page: 25 });
    expect(body.data[0]).toMatchObject({ status: 'new', company_email: 'second@requester.example' });
    expect(body.data[0]).not.toHaveProperty('cover_letter_path');
    expect(body.data[0].history).toEqual([expect.objectContaining({ status: 'new', note: null })]);
    const pileList = (await as(pileMember, { url: '/api/company/service-requests' })).json();
    expect(pileList.data.map((r: { id: number }) => r.id)).toEqual([forPile.id]);
    expect((await as(memberA, { url: '/api/company/service-requests?status=accepted' })).json().data).toEqual([]);
    expect((await as(memberA, { url: '/api/company/service-requests?status=bogus' })).statusCode).toBe(422);
    expect((await as(memberA, { url: '/api/company/service-requests?page=2' })).json()).toMatchObject({
      data: [],
      meta: { total: 2, page: 2 },
    });
  });

  it("404 for another company's request, for every call", async () => {
    expect((await as(memberA, { url: `/api/company/service-requests/${forB.id}` })).statusCode).toBe(404);
    const patch = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${forB.id}`,
      payload: { status: 'accepted' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().message).toBe('Service request not found.');
    expect((await as(memberA, { url: `/api/company/service-requests/${forB.id}/cover-letter` })).statusCode).toBe(404);
    expect((await as(memberA, { url: `/api/company/service-requests/${forPile.id}` })).statusCode).toBe(404);
  });

  it('opens the cover letter, byte for byte', async () => {
    const res = await as(memberA, { url: `/api/company/service-requests/${first.id}/cover-letter` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it('accepts, then completes; each change mailed in the language of the request; 409 for other moves', async () => {
    expect(first.mail.subject).toMatch(/လက်ခံရရှိပါပြီ/);
    const jump = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${first.id}`,
      payload: { status: 'completed' },
    });
    expect(jump.statusCode).toBe(409);

    const accepted = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${first.id}`,
      payload: { status: 'accepted', note: 'We will call you on Monday.' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ id: first.id, status: 'accepted' });
    const mail = await lastMailTo(t.database, 'first@requester.example');
    expect(mail!.subject).toMatch(/လက်ခံပြီး/);
    expect(mail!.textBody).toContain('We will call you on Monday.');

    const again = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${first.id}`,
      payload: { status: 'declined', note: 'Too late' },
    });
    expect(again.statusCode).toBe(409);

    const done = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${first.id}`,
      payload: { status: 'completed' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.history.map((h: { status: string }) => h.status)).toEqual(['new', 'accepted', 'completed']);
    expect(await mailsTo(t.database, 'first@requester.example')).toHaveLength(3);
    // Each answer is in the audit log, by the member who gave it.
    expect((await auditOf(t.database, 'service_request', first.id)).map((e) => [e.actorId, e.before, e.after])).toEqual(
      [
        [
          memberA.id,
          expect.objectContaining({ status: 'new' }),
          expect.objectContaining({ status: 'accepted', note: 'We will call you on Monday.' }),
        ],
        [memberA.id, expect.objectContaining({ status: 'accepted' }), expect.objectContaining({ status: 'completed' })],
      ],
    );
    const accepting = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${first.id}`,
      payload: { status: 'accepted' },
    });
    expect(accepting.statusCode).toBe(409);
  });

  it('a decline needs a reason (422 on note), which the requester is sent', async () => {
    const missing = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${second.id}`,
      payload: { status: 'declined', note: '  ' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.note).toEqual(['The note field is required.']);
    const unknown = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${second.id}`,
      payload: { status: 'new' },
    });
    expect(unknown.statusCode).toBe(422);

    const declined = await as(memberA, {
      method: 'PATCH',
      url: `/api/company/service-requests/${second.id}`,
      payload: { status: 'declined', note: 'Our teams are fully booked until March.' },
    });
    expect(declined.statusCode).toBe(200);
    const mail = await lastMailTo(t.database, 'second@requester.example');
    expect(mail!.subject).toMatch(/declined/);
    expect(mail!.textBody).toContain('fully booked until March');
  });

  it('the private tracking link shows the status and history, with no account; unknown tokens are 404', async () => {
    const res = await t.app.inject({ url: `/api/service-requests/track/${first.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'completed',
      company_name: 'Golden Inspection Team',
      project_name: 'Tower for first@requester.example',
    });
    expect(res.json().data.history.map((h: { status: string }) => h.status)).toEqual(['new', 'accepted', 'completed']);
    expect(res.json().data).not.toHaveProperty('company_email');
    // Only the hash is stored: the token itself is nowhere in the row.
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, first.id));
    expect(JSON.stringify(row)).not.toContain(first.token);
    expect(row!.trackingTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.app.inject({ url: `/api/service-requests/track/${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/service-requests/track/short' })).statusCode).toBe(404);
  });

  it('status chips count the new requests', async () => {
    const chips = (await as(pileMember, { url: '/api/user/status' })).json().status;
    expect(chips.new_requests).toEqual({ label: '1 new request', color: 'yellow' });
    expect(chips).not.toHaveProperty('inspections_this_week');
    expect((await as(loner, { url: '/api/user/status' })).json().status).not.toHaveProperty('new_requests');
  });
});

describe('Form One picks the EIET company', () => {
  it('keeps eiet_company_id in data; an unknown company is a 422 on submit', async () => {
    const created = await as(submitter, { method: 'POST', url: '/api/registrations', payload: { data: {} } });
    const id = created.json().data.id;
    const bad = await as(submitter, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      payload: { data: { ...completeFormOne(), eiet_company_id: 999999 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['eiet_company_id']);
    const good = await as(submitter, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      payload: { data: { ...completeFormOne(), eiet_company_id: eietA } },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.data.eiet_company_id).toBe(String(eietA));
    expect(good.json().data.data.eiet_company).toBe('Myanmar Inspection Services');
  });
});

describe('inspections', () => {
  let regA: number;
  let regB: number;
  let scheduled: number;

  beforeAll(async () => {
    regA = await submitted(submitter, { project_name: 'Chose A', eiet_company_id: String(eietA) });
    regB = await submitted(submitter, { project_name: 'Chose B', eiet_company_id: String(eietB) });
    // A draft that chose A is not the company's business yet.
    await as(submitter, {
      method: 'POST',
      url: '/api/registrations',
      payload: { data: { eiet_company_id: String(eietA) } },
    });
  });

  it('lists the submitted registrations that chose the company; 403 without an EIET company', async () => {
    const res = await as(memberA, { url: '/api/company/registrations' });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((r: { project_name: string }) => r.project_name);
    expect(names).toContain('Chose A');
    expect(names).not.toContain('Chose B');
    expect((await as(loner, { url: '/api/company/registrations' })).statusCode).toBe(403);
    expect((await as(pileMember, { url: '/api/company/registrations' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/company/registrations' })).statusCode).toBe(401);
  });

  it('schedules one; the submitter is mailed in their language; refusals: 404, 403, 422 past date and unknown kind', async () => {
    const other = await as(memberA, {
      method: 'POST',
      url: `/api/registrations/${regB}/inspections`,
      payload: { kind: 'foundation', scheduled_for: inDays(3) },
    });
    expect(other.statusCode).toBe(404);
    expect(
      (
        await as(loner, {
          method: 'POST',
          url: `/api/registrations/${regA}/inspections`,
          payload: { kind: 'foundation', scheduled_for: inDays(3) },
        })
      ).statusCode,
    ).toBe(403);
    const past = await as(memberA, {
      method: 'POST',
      url: `/api/registrations/${regA}/inspections`,
      payload: { kind: 'foundation', scheduled_for: inDays(-1) },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.scheduled_for).toEqual(['The date and time must be in the future.']);
    const kind = await as(memberA, {
      method: 'POST',
      url: `/api/registrations/${regA}/inspections`,
      payload: { kind: 'roof', scheduled_for: inDays(3) },
    });
    expect(kind.statusCode).toBe(422);
    expect(Object.keys(kind.json().errors)).toEqual(['kind']);

    const before = (await mailsTo(t.database, submitter.email)).length;
    const res = await as(memberA, {
      method: 'POST',
      url: `/api/registrations/${regA}/inspections`,
      payload: { kind: 'foundation', scheduled_for: inDays(2), notes: 'Bring the soil report.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      registration_id: regA,
      kind: 'foundation',
      scheduled_for: inDays(2),
      status: 'scheduled',
      outcome: null,
      remarks: null,
      notes: 'Bring the soil report.',
      company: { id: eietA, name: 'Golden Inspection Team' },
    });
    scheduled = res.json().data.id;
    const mails = await mailsTo(t.database, submitter.email);
    expect(mails).toHaveLength(before + 1);
    expect((await lastMailTo(t.database, submitter.email))!.subject).toMatch(/စစ်ဆေးခြင်း စီစဉ်ထားပါသည်/);
  });

  it('reschedules and counts it on the dashboard and in the chips', async () => {
    expect(
      (
        await as(memberB, {
          method: 'PATCH',
          url: `/api/inspections/${scheduled}`,
          payload: { scheduled_for: inDays(4) },
        })
      ).statusCode,
    ).toBe(404);
    const past = await as(memberA, {
      method: 'PATCH',
      url: `/api/inspections/${scheduled}`,
      payload: { scheduled_for: inDays(-2) },
    });
    expect(past.statusCode).toBe(422);
    const res = await as(memberA, {
      method: 'PATCH',
      url: `/api/inspections/${scheduled}`,
      payload: { scheduled_for: inDays(3), reason: 'Rain forecast.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ scheduled_for: inDays(3), reason: 'Rain forecast.' });
    expect((await lastMailTo(t.database, submitter.email))!.textBody).toContain('Rain forecast.');
    const overview = (await as(memberA, { url: '/api/company/overview' })).json().data;
    expect(overview.upcoming_inspections).toBe(1);
    expect((await as(memberA, { url: '/api/user/status' })).json().status.inspections_this_week.color).toMatch(
      /blue|gray/,
    );
  });

  it('cancels with a reason (422 without); a cancelled inspection cannot change or get a result (409)', async () => {
    const extra = (
      await as(memberA, {
        method: 'POST',
        url: `/api/registrations/${regA}/inspections`,
        payload: { kind: 'structure', scheduled_for: inDays(5) },
      })
    ).json().data.id;
    const noReason = await as(memberA, {
      method: 'PATCH',
      url: `/api/inspections/${extra}`,
      payload: { status: 'cancelled' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    const cancelled = await as(memberA, {
      method: 'PATCH',
      url: `/api/inspections/${extra}`,
      payload: { status: 'cancelled', reason: 'The site is closed.' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(
      (await as(memberA, { method: 'PATCH', url: `/api/inspections/${extra}`, payload: { scheduled_for: inDays(6) } }))
        .statusCode,
    ).toBe(409);
    expect((await result(memberA, extra, { outcome: 'passed' })).statusCode).toBe(409);
  });

  it('refuses a result before the inspection date: a 422 on outcome naming the date, in both languages', async () => {
    const [row] = await t.database.query<{ scheduled_for: Date }>(
      'SELECT scheduled_for FROM inspections WHERE id = $1',
      [scheduled],
    );
    expect(new Date(row!.scheduled_for).getTime()).toBeGreaterThan(clock.getTime());
    const early = await result(memberA, scheduled, { outcome: 'passed' });
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json().errors)).toEqual(['outcome']);
    expect(early.json().errors.outcome[0]).toMatch(
      /^The result cannot be recorded before the inspection date \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}, Myanmar time\)\.$/,
    );
    const { payload, contentType } = await multipartBody({ outcome: 'passed' });
    const my = await as(memberA, {
      method: 'POST',
      url: `/api/inspections/${scheduled}/result`,
      headers: { 'content-type': contentType, 'accept-language': 'my' },
      payload,
    });
    expect(my.statusCode).toBe(422);
    expect(my.json().errors.outcome[0]).toContain('မတိုင်မီ ရလဒ် ကို မှတ်တမ်းတင်၍ မရပါ');
    // Nothing was recorded.
    const [still] = await t.database.query<{ status: string }>('SELECT status FROM inspections WHERE id = $1', [
      scheduled,
    ]);
    expect(still!.status).toBe('scheduled');
  });

  it('records a result with a report: not a PDF or too large is a 422; afterwards changes are 409', async () => {
    // The inspection's day has come (an hour ago); the result can be recorded now.
    await t.database.query('UPDATE inspections SET scheduled_for = $1 WHERE id = $2', [
      new Date(clock.getTime() - 3600_000),
      scheduled,
    ]);
    const notPdf = await result(memberA, scheduled, { outcome: 'failed' }, Buffer.from('plain text, not a PDF'));
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.report).toEqual(['Please select a PDF file.']);
    const tooLarge = await result(
      memberA,
      scheduled,
      { outcome: 'failed' },
      await makePdf('big', REPORT_MAX_BYTES + 10),
    );
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors.report).toEqual(['File size must be less than 10MB.']);
    const badOutcome = await result(memberA, scheduled, { outcome: 'maybe' });
    expect(badOutcome.statusCode).toBe(422);
    expect((await result(memberB, scheduled, { outcome: 'passed' })).statusCode).toBe(404);

    const report = await makePdf('Inspection report: cracks in the east pile cap.');
    const res = await result(
      memberA,
      scheduled,
      { outcome: 'failed', remarks: 'Cracks in the east pile cap.' },
      report,
      'east-cap.pdf',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'done',
      outcome: 'failed',
      remarks: 'Cracks in the east pile cap.',
      report: { name: 'east-cap.pdf', size: report.length, url: `/api/inspections/${scheduled}/report` },
    });
    expect((await lastMailTo(t.database, submitter.email))!.textBody).toContain('Cracks in the east pile cap.');

    expect(
      (
        await as(memberA, {
          method: 'PATCH',
          url: `/api/inspections/${scheduled}`,
          payload: { scheduled_for: inDays(9) },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await as(memberA, {
          method: 'PATCH',
          url: `/api/inspections/${scheduled}`,
          payload: { status: 'cancelled', reason: 'x' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await result(memberA, scheduled, { outcome: 'passed' })).statusCode).toBe(409);
    // Scheduling, the earlier reschedule and the result are in the audit log, before and after.
    const entries = await auditOf(t.database, 'inspection', scheduled);
    expect(entries.map((e) => e.action)).toEqual(['create', 'reschedule', 'result']);
    expect(entries[2]).toMatchObject({
      actorId: memberA.id,
      before: { status: 'scheduled', outcome: null },
      after: { status: 'done', outcome: 'failed', report: 'east-cap.pdf' },
    });

    // The submitter sees the inspections on the registration and opens the report.
    const reg = (await as(submitter, { url: `/api/registrations/${regA}` })).json().data;
    expect(reg.inspections.map((i: { kind: string; status: string }) => `${i.kind}:${i.status}`)).toEqual([
      'foundation:done',
      'structure:cancelled',
    ]);
    const download = await as(submitter, { url: `/api/inspections/${scheduled}/report` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(report)).toBe(true);
    expect((await as(loner, { url: `/api/inspections/${scheduled}/report` })).statusCode).toBe(404);
    expect((await as(memberB, { url: `/api/inspections/${scheduled}/report` })).statusCode).toBe(404);
    expect((await as(memberA, { url: `/api/inspections/${scheduled}/report` })).statusCode).toBe(200);
  });
});

describe('the calendar feed', () => {
  it('is a private address per account; the feed parses as iCalendar and lists the upcoming inspections', async () => {
    expect((await as(loner, { method: 'POST', url: '/api/company/calendar' })).statusCode).toBe(403);
    const reg = await submitted(submitter, {
      project_name: 'Calendar Tower',
      project_location: 'No. 12, Pyay Road, Kamayut, Yangon',
      eiet_company_id: String(eietA),
    });
    const when = inDays(6);
    const made = await as(memberA, {
      method: 'POST',
      url: `/api/registrations/${reg}/inspections`,
      payload: { kind: 'fire_safety', scheduled_for: when },
    });
    expect(made.statusCode).toBe(201);

    const res = await as(memberA, { method: 'POST', url: '/api/company/calendar' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await t.app.inject({ url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(feed.body));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const summaries = events.map((e) => e.summary);
    expect(summaries).toContain('Fire safety inspection: Calendar Tower');
    const event = events.find((e) => e.summary.includes('Calendar Tower'))!;
    expect(event.startDate.toJSDate().toISOString()).toBe(when);
    // Issue 28, item 8: the site's address, and a link to the page where inspections are.
    expect(event.location).toBe('No. 12, Pyay Road, Kamayut, Yangon');
    expect(event.component.getFirstPropertyValue('url')).toBe(`${t.config.appUrl}/user/company/inspections`);
    // The UID names the installation, not its address (issue 29): moving the portal keeps every event.
    expect(event.uid).toMatch(new RegExp(`^inspection-${made.json().data.id}@[0-9a-f]{16}\\.hpbc$`));
    expect(event.uid).not.toContain(new URL(t.config.appUrl).host);
    // RFC 5545 3.1: CRLF after every line, the last one too.
    expect(feed.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // Done and cancelled inspections are not in the feed.
    expect(summaries.some((s) => s.includes('Structure'))).toBe(false);

    // A new address replaces the old one.
    await as(memberA, { method: 'POST', url: '/api/company/calendar' });
    expect((await t.app.inject({ url: url.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/calendar/nope.ics' })).statusCode).toBe(404);
  });

  it('a rescheduled inspection keeps its UID, counts up SEQUENCE and says when it changed (LAST-MODIFIED)', async () => {
    const reg = await submitted(submitter, {
      project_name: 'Sequence Tower',
      eiet_company_id: String(eietA),
    });
    const made = await as(memberA, {
      method: 'POST',
      url: `/api/registrations/${reg}/inspections`,
      payload: { kind: 'structure', scheduled_for: inDays(8) },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id as number;
    const address = new URL((await as(memberA, { method: 'POST', url: '/api/company/calendar' })).json().data.url)
      .pathname;
    const eventNow = async () => {
      const feed = await t.app.inject({ url: address });
      const cal = new ICAL.Component(ICAL.parse(feed.body));
      const vevent = cal
        .getAllSubcomponents('vevent')
        .find((v) => new ICAL.Event(v).summary.includes('Sequence Tower'))!;
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        start: event.startDate.toJSDate().toISOString(),
        lastModified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString(),
      };
    };
    const first = await eventNow();
    expect(first.sequence).toBe(0);
    expect(first.lastModified).toBe(clock.toISOString());

    for (const [n, days] of [
      [1, 9],
      [2, 10],
    ] as const) {
      clock = new Date(clock.getTime() + 60_000);
      const moved = await as(memberA, {
        method: 'PATCH',
        url: `/api/inspections/${id}`,
        payload: { scheduled_for: inDays(days) },
      });
      expect(moved.statusCode).toBe(200);
      const after = await eventNow();
      expect(after.uid).toBe(first.uid);
      expect(after.sequence).toBe(n);
      expect(after.start).toBe(inDays(days));
      expect(after.lastModified).toBe(clock.toISOString());
    }
  });
});
