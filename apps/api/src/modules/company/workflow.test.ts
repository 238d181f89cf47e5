import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { FormOneData } from '@hpbc/shared/form-one';
import { buildTestAppWithCommittee, type TestApp } from '../../../test/build-test-app';
import { createUser, linkIn, requestsAs, type TestUser } from '../../../test/accounts';
import type { SmtpCatcher } from '../../../test/smtp-catcher';
import { eietTeam } from '../../../test/public-records';
import { decideRegistration } from '../../../test/workflow';
import { attachDocument } from '../../../test/documents';
import { namedCounterparts } from '@hpbc/shared/counterpart-review';
import { postServiceRequest, requestFields } from '../service-requests/service-requests.test-helpers';

/**
 * Issue 28, items 2 and 4: what each workflow mail carries, and who is told, read from a
 * real SMTP server after the outbox sent it.
 */
let t: TestApp;
let smtp: SmtpCatcher;
let admin: TestUser;
let counterpart: TestUser;
let inspector: TestUser;
let inspectorMy: TestUser;
let eiet: number;
const clock = { now: new Date('2026-11-24T03:00:00.000Z') };

const as = requestsAs(() => t.app);
async function sent(): Promise<void> {
  await t.app.mail.drain();
}
/** The newest mail to `to` whose subject contains `about` (SMTP delivery order is not the outbox order). */
const mailAbout = (to: string, about: string) => smtp.to(to).findLast((m) => m.subject.includes(about))!;

beforeAll(async () => {
  ({ t, smtp, admin } = await buildTestAppWithCommittee({ deps: { now: () => clock.now } }));
  counterpart = await createUser(t.database, { name: 'U Review', roles: ['national-counterpart'] });
  ({ eiet, inspector, inspectorMy } = await eietTeam(t, admin));
});
afterAll(() => t.close());

/** The content hash the counterpart's review screen shows (what a countersignature binds, issue 24 hole 6). */
async function shownHash(counterpart: TestUser, id: number): Promise<string> {
  return (await as(counterpart, { url: `/api/reviews/${id}` })).json().data.content_sha256 as string;
}

/** The counterpart comments on a field of the architect's part; fails the test unless it is taken. */
async function comment(id: number, field: string, text: string) {
  const res = await as(counterpart, {
    method: 'POST',
    url: `/api/reviews/${id}/comments`,
    payload: { discipline: 'architect', field, text },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function submit(owner: TestUser, id: number, data: FormOneData) {
  // Submitting needs a current drawing for each discipline that names a counterpart (issue 25).
  const current = await as(owner, { url: `/api/registrations/${id}/documents` });
  const has = new Set(
    (current.json().data as { discipline: string; status: string }[])
      .filter((d) => d.status === 'current')
      .map((d) => d.discipline),
  );
  for (const { discipline } of namedCounterparts(data)) {
    if (!has.has(discipline)) await attachDocument(t.app, owner.token, id, { discipline });
  }
  const res = await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('registration mails carry what matters', () => {
  it('change requests list every field comment of the round; resubmission names the changed fields; approval gives the RN and links', async () => {
    const owner = await createUser(t.database, { name: 'Daw Khin Owner' });
    const data = completeFormOne({
      national_architect_email: counterpart.email,
      national_architect_license: 'NA-101',
      eiet_company_id: String(eiet),
    });
    const created = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } });
    const id = created.json().data.id as number;
    await submit(owner, id, data);
    await sent();

    // Item 4: the EIET company the form names is told, at its register address and each linked account.
    const reference = (await as(owner, { url: `/api/registrations/${id}` })).json().data.reference_number as string;
    const office = smtp.to('office@golden.example').find((m) => m.subject.includes(reference))!;
    expect(office.subject).toContain('names Golden Inspection Team as its EIET company');
    expect(linkIn(office.text, '/user/company/inspections')).toBeTruthy();
    expect(smtp.to(inspector.email).find((m) => m.subject.includes(reference))!.text).toContain('Dear Inspector Ko,');
    const my = smtp.to(inspectorMy.email).find((m) => m.subject.includes(reference))!;
    expect(my.subject).toContain('EIET ကုမ္ပဏီအဖြစ် ဖော်ပြထားသည်');

    // A comment first, then a change request with another: the mail lists both.
    await comment(id, 'project_name', 'Use the name on the permit.');
    const rc = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/request-changes`,
      payload: {
        discipline: 'architect',
        comments: [{ field: 'project_area', text: 'Give the area in square feet.' }],
      },
    });
    expect(rc.statusCode, rc.body).toBe(200);
    await sent();
    const changes = mailAbout(owner.email, 'changes requested');
    expect(changes.text).toContain('Use the name on the permit.');
    expect(changes.text).toContain('Give the area in square feet.');
    expect(changes.html).toContain('Use the name on the permit.');

    // Resubmitted with a new area: the counterpart's mail names the changed field.
    await submit(owner, id, { ...data, project_area: '12,000 sq ft' });
    await sent();
    const again = smtp.to(counterpart.email).find((m) => m.subject.includes('resubmitted with changes'))!;
    expect(again.text).toMatch(/Changed fields: .*Project area/);
    // The same company was named before: it is not told again.
    expect(smtp.to('office@golden.example').filter((m) => m.subject.includes(reference))).toHaveLength(1);

    // The committee returns it: every comment of this round, field by field (not the last round's).
    await comment(id, 'project_area', 'Round the area to whole feet.');
    await decideRegistration(t.app, admin, id, 'Returned for changes', 'See the comment.');
    await sent();
    const returned = mailAbout(owner.email, 'Returned for changes');
    expect(returned.text).toContain('See the comment.');
    expect(returned.text).toMatch(/Project area: Round the area to whole feet\./);
    expect(returned.text).not.toContain('Use the name on the permit.');

    const round3 = { ...data, project_area: '12,500 sq ft' };
    await submit(owner, id, round3);
    await comment(id, 'project_area', 'Area matches the drawings now.');
    const sign = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/countersign`,
      payload: { discipline: 'architect', content_sha256: await shownHash(counterpart, id) },
    });
    expect(sign.statusCode, sign.body).toBe(201);
    const ok = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Approved' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await sent();
    const approved = mailAbout(owner.email, 'Approved');
    const projectId = ok.json().data.project_id as number;
    const [project] = await t.database.query<{ rn_number: number }>('SELECT rn_number FROM projects WHERE id = $1', [
      projectId,
    ]);
    expect(approved.text).toContain(`RN number: ${project!.rn_number}`);
    expect(linkIn(approved.text, `/project-detail/${projectId}`)).toBeTruthy();
    expect(linkIn(approved.text, `/verify/${reference}`)).toBeTruthy();
  });
});

describe('company mails', () => {
  let requestId: number;

  it('a new service request reaches the accounts linked to the company, with a link to the inbox', async () => {
    const res = await postServiceRequest(t, { ...requestFields, project_name: 'Thiri Tower', eiet_id: eiet });
    expect(res.statusCode, res.body).toBe(201);
    await sent();
    // The register's address as before, and each account in its own language.
    expect(smtp.to('office@golden.example').some((m) => m.subject.includes('Thiri Tower'))).toBe(true);
    const ko = smtp.to(inspector.email).find((m) => m.subject.includes('new service request'))!;
    const link = linkIn(ko.text, '/user/company/requests/');
    requestId = Number(link.pathname.split('/').pop());
    expect(requestId).toBeGreaterThan(0);
    expect(smtp.to(inspectorMy.email).some((m) => m.subject.includes('တောင်းဆိုချက်အသစ်'))).toBe(true);
  });

  it('every status mail carries the private tracking link, which still opens the request', async () => {
    const receipt = mailAbout('requester@shwe.example', 'received');
    const first = linkIn(receipt.text, '/service-requests/track/');
    const accept = await as(inspector, {
      method: 'PATCH',
      url: `/api/company/service-requests/${requestId}`,
      payload: { status: 'accepted', note: 'We will call you.' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    await sent();
    const status = mailAbout('requester@shwe.example', 'accepted');
    const link = linkIn(status.text, '/service-requests/track/');
    expect(link.pathname).toBe(first.pathname);
    const tracked = await t.app.inject({ url: `/api/service-requests/track/${link.pathname.split('/').pop()}` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().data.status).toBe('accepted');
  });

  it('"inspection moved" names the old and the new date', async () => {
    const owner = await createUser(t.database, { name: 'Daw Moe' });
    const data = completeFormOne({ eiet_company_id: String(eiet) });
    const created = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } });
    const id = created.json().data.id as number;
    await submit(owner, id, data);
    const planned = await as(inspector, {
      method: 'POST',
      url: `/api/registrations/${id}/inspections`,
      payload: { kind: 'foundation', scheduled_for: '2026-12-01T03:30:00.000Z' },
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const moved = await as(inspector, {
      method: 'PATCH',
      url: `/api/inspections/${planned.json().data.id}`,
      payload: { scheduled_for: '2026-12-03T03:30:00.000Z', reason: 'Rain.' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sent();
    const mail = mailAbout(owner.email, 'inspection moved');
    expect(mail.text).toMatch(/New date and time: December 3, 2026/);
    expect(mail.text).toMatch(/Was planned for: December 1, 2026/);
  });
});

describe('rules where they belong (item 6)', () => {
  it("a comment's discipline is the one of the field commented on", async () => {
    const owner = await createUser(t.database, { name: 'Daw Rule' });
    const data = completeFormOne({
      national_architect_email: counterpart.email,
      national_structure_email: counterpart.email,
    });
    const created = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } });
    const id = created.json().data.id as number;
    await submit(owner, id, data);
    const comment = (payload: object, lang = 'en') =>
      as(counterpart, {
        method: 'POST',
        url: `/api/reviews/${id}/comments`,
        payload,
        headers: { 'accept-language': lang },
      });

    // The structural engineer's licence is commented on as structure, not architecture.
    const wrong = await comment({ discipline: 'architect', field: 'structure_license', text: 'Expired.' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      field: ['This field belongs to the Structural Engineer discipline; comment on it under that discipline.'],
    });
    const burmese = await comment({ discipline: 'architect', field: 'national_structure_email', text: 'x' }, 'my');
    expect(burmese.json().errors.field[0]).toContain('ဘာသာရပ်');
    expect((await comment({ discipline: 'structure', field: 'structure_license', text: 'Expired.' })).statusCode).toBe(
      201,
    );
    // A field of the whole project may be commented on under any of the caller's disciplines.
    expect((await comment({ discipline: 'architect', field: 'project_area', text: 'Check.' })).statusCode).toBe(201);

    const mixed = await as(counterpart, {
      method: 'POST',
      url: `/api/reviews/${id}/request-changes`,
      payload: {
        discipline: 'architect',
        comments: [
          { field: 'architect_license', text: 'Renew it.' },
          { field: 'structure_name', text: 'Spelling.' },
        ],
      },
    });
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().errors)).toEqual(['comments.1.field']);
    // Nothing changed: still under review, no comment from the refused request.
    const review = (await as(counterpart, { url: `/api/reviews/${id}` })).json().data;
    expect(review.status).toBe('Under Review');
    expect(review.comments.map((c: { text: string }) => c.text)).not.toContain('Renew it.');
  });
});

describe('final acts (item 7): a counterpart withdraws a countersignature until the committee decides', () => {
  it('withdraws, which blocks approval again; refusals by guard, name, discipline and decision', async () => {
    const owner = await createUser(t.database, { name: 'Daw Final' });
    const other = await createUser(t.database, { name: 'U Other', roles: ['national-counterpart'] });
    const basic = await createUser(t.database, { name: 'Basic' });
    const data = completeFormOne({ national_architect_email: counterpart.email, national_architect_license: 'NA-9' });
    const created = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } });
    const id = created.json().data.id as number;
    await submit(owner, id, data);
    const sign = async () =>
      as(counterpart, {
        method: 'POST',
        url: `/api/reviews/${id}/countersign`,
        payload: { discipline: 'architect', content_sha256: await shownHash(counterpart, id) },
      });
    const withdraw = (user: TestUser | null, discipline = 'architect') =>
      user
        ? as(user, { method: 'DELETE', url: `/api/reviews/${id}/countersignatures/${discipline}` })
        : t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}/countersignatures/${discipline}` });
    const approve = () =>
      as(admin, { method: 'PATCH', url: `/api/admin/registrations/${id}/status`, payload: { status: 'Approved' } });

    expect((await sign()).statusCode).toBe(201);
    expect((await withdraw(null)).statusCode).toBe(401);
    expect((await withdraw(basic)).statusCode).toBe(403);
    expect((await withdraw(other)).statusCode).toBe(404);
    expect((await withdraw(counterpart, 'electrical')).statusCode).toBe(403);
    const bad = await withdraw(counterpart, 'plumbing');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['discipline']);

    const res = await withdraw(counterpart);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.countersignatures).toEqual([]);
    expect((await withdraw(counterpart)).statusCode).toBe(404);
    const blocked = await approve();
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().missing).toEqual(['architect']);
    const [audit] = await t.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE record_type = 'registration' AND record_id = $1 AND action = 'withdraw_countersignature'",
      [String(id)],
    );
    expect(audit).toBeTruthy();

    // Signed again and approved: the committee has decided, so it can no longer be withdrawn.
    expect((await sign()).statusCode).toBe(201);
    expect((await approve()).statusCode).toBe(200);
    const late = await withdraw(counterpart);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'status', status: 'Approved' });
  });
});
