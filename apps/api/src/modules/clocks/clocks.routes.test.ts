import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditOf, createUser, mailsTo, type TestUser } from '../../../test/accounts';
import { submitRegistration, submittedRegistration } from '../../../test/workflow';
import { accessTokens } from '../../db/schema/index';
import { newToken } from '../../lib/tokens';
import type { ModuleDeps } from '../../module-deps';
import { clockJob } from './clocks.job';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

/** 10:00 in Yangon on a date. */
const yangon = (date: string, time = '10:00') => new Date(`${date}T${time}:00+06:30`);

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = yangon('2026-04-09');
  owner = await createUser(t.database, { name: 'Daw Khin Owner', now: t.clock.now });
  stranger = await createUser(t.database, { name: 'U Stranger', now: t.clock.now });
  admin = await createUser(t.database, { name: 'Admin Clock', admin: true, now: t.clock.now });
});
afterAll(() => t.close());

/** A request as `user`, with a token minted at the moved clock (tokens last a day). */
async function as(user: TestUser, opts: InjectOptions) {
  const { token, hash } = newToken();
  await t.database.db.insert(accessTokens).values({
    userId: user.id,
    tokenHash: hash,
    createdAt: t.clock.now,
    expiresAt: new Date(t.clock.now.getTime() + 3600_000),
  });
  return t.app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
}

const submitted = (user: TestUser = owner) => submittedRegistration(as, user);

const clockOf = async (id: number, user: TestUser = admin) => {
  const res = await as(user, { url: `/api/registrations/${id}/clock` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const setTarget = (step: string, working_days: number, remind_days_before = 1) =>
  as(admin, { method: 'PUT', url: `/api/admin/clock-targets/${step}`, payload: { working_days, remind_days_before } });

function runners(): ReturnType<typeof clockJob>[] {
  const deps = { config: t.config, database: t.database, now: () => t.clock.now, mail: t.app.mail } as ModuleDeps;
  return [clockJob(deps), clockJob(deps)];
}

describe('targets across weekends and holidays', () => {
  it("counts the committee's decision in working days, skipping Thingyan and the weekends", async () => {
    expect((await setTarget('committee_decision', 2)).statusCode).toBe(200);
    t.clock.now = yangon('2026-04-09'); // Thursday, before Thingyan (13–17 April) and two weekends
    const id = await submitted();
    // No counterpart is named (the fixture), so the registration waits on the committee.
    expect(await clockOf(id)).toMatchObject({
      waiting_on: 'committee',
      clock: { step: 'committee_decision', target: 2, elapsed: 0, days_left: 2, due_on: '2026-04-20', overdue: false },
    });
    t.clock.now = yangon('2026-04-17', '16:00'); // Friday of Thingyan: only Friday 10 April has passed
    expect((await clockOf(id)).clock).toMatchObject({ elapsed: 1, days_left: 1, due_on: '2026-04-20' });
    t.clock.now = yangon('2026-04-21'); // Tuesday: one working day late
    expect((await clockOf(id)).clock).toMatchObject({ elapsed: 3, days_left: -1, overdue: true, due_on: '2026-04-20' });
  });

  it('a holiday the administrator adds moves the due date', async () => {
    t.clock.now = yangon('2026-06-01'); // Monday
    const id = await submitted();
    expect((await clockOf(id)).clock.due_on).toBe('2026-06-03');
    const put = await as(admin, {
      method: 'PUT',
      url: '/api/admin/holidays/2026-06-02',
      payload: { name_en: 'Office closed', name_my: 'ရုံးပိတ်ရက်' },
    });
    expect(put.statusCode, put.body).toBe(201);
    expect((await clockOf(id)).clock.due_on).toBe('2026-06-04');
    const list = await as(admin, { url: '/api/admin/holidays?year=2026' });
    expect(list.json().data).toContainEqual({ date: '2026-06-02', name_en: 'Office closed', name_my: 'ရုံးပိတ်ရက်' });
    expect(list.json().data).toContainEqual({
      date: '2026-04-17',
      name_en: 'Myanmar New Year',
      name_my: 'မြန်မာနှစ်သစ်ကူးနေ့',
    });
    expect((await as(admin, { method: 'DELETE', url: '/api/admin/holidays/2026-06-02' })).statusCode).toBe(204);
    expect((await clockOf(id)).clock.due_on).toBe('2026-06-03');
  });
});

describe('pauses', () => {
  it("stops the review's clock while the registration waits for its submitter", async () => {
    expect((await setTarget('committee_decision', 10)).statusCode).toBe(200);
    expect((await setTarget('submitter_answer', 5)).statusCode).toBe(200);
    t.clock.now = yangon('2026-11-02'); // Monday
    const id = await submitted();
    t.clock.now = yangon('2026-11-04'); // two working days on the committee's clock
    const back = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Returned for changes', note: 'Please add the soil report.' },
    });
    expect(back.statusCode, back.body).toBe(200);
    t.clock.now = yangon('2026-11-10'); // Tuesday; Monday 9 November is Deepavali
    expect(await clockOf(id, owner)).toMatchObject({
      waiting_on: 'submitter',
      clock: { step: 'submitter_answer', target: 5, elapsed: 3, days_left: 2, due_on: '2026-11-12' },
    });
    await submitRegistration(as, owner, id);
    t.clock.now = yangon('2026-11-12');
    // 2 days before the return, 2 since the answer; the submitter's days are not counted.
    expect((await clockOf(id)).clock).toMatchObject({ step: 'committee_decision', elapsed: 4, days_left: 6 });
  });
});

describe('extensions', () => {
  it('the submitter asks for more time with a reason; the committee grants it once', async () => {
    t.clock.now = yangon('2026-08-03');
    const id = await submitted();
    // Not waiting on the submitter: refused.
    const early = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/extensions`,
      payload: { working_days: 5, reason: 'x' },
    });
    expect(early.statusCode).toBe(409);
    await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Returned for changes', note: 'Fix it.' },
    });
    const bad = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/extensions`,
      payload: { working_days: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['reason', 'working_days']);
    expect(
      (
        await as(stranger, {
          method: 'POST',
          url: `/api/registrations/${id}/extensions`,
          payload: { working_days: 5, reason: 'r' },
        })
      ).statusCode,
    ).toBe(404);
    const asked = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/extensions`,
      payload: { working_days: 5, reason: 'The soil survey team comes next month.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ext = asked.json().data;
    expect(ext).toMatchObject({ status: 'requested', working_days: 5, requested_by: 'Daw Khin Owner' });
    expect(
      (await as(owner, { method: 'PATCH', url: `/api/admin/extensions/${ext.id}`, payload: { status: 'granted' } }))
        .statusCode,
    ).toBe(403);
    const granted = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/extensions/${ext.id}`,
      payload: { status: 'granted' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(
      (await as(admin, { method: 'PATCH', url: `/api/admin/extensions/${ext.id}`, payload: { status: 'refused' } }))
        .statusCode,
    ).toBe(409);
    const c = await clockOf(id, owner);
    expect(c.clock).toMatchObject({ step: 'submitter_answer', target: 10, extended_by: 5 });
    expect(c.extensions).toEqual([
      expect.objectContaining({ reason: 'The soil survey team comes next month.', status: 'granted' }),
    ]);
    const audit = await auditOf(t.database, 'registration', id);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['extension_requested', 'extension_granted']));
  });
});

describe('who sees what', () => {
  it('refuses strangers and non-administrators, and filters the list of clocks', async () => {
    t.clock.now = yangon('2026-09-07');
    const id = await submitted();
    expect((await as(stranger, { url: `/api/registrations/${id}/clock` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/registrations/${id}/clock` })).statusCode).toBe(401);
    const mine = await as(owner, { url: `/api/clocks?ids=${id}` });
    expect(mine.json().data.map((c: { registration_id: number }) => c.registration_id)).toEqual([id]);
    expect((await as(stranger, { url: `/api/clocks?ids=${id}` })).json().data).toEqual([]);
    expect((await as(owner, { url: '/api/clocks?ids=x' })).statusCode).toBe(422);
    for (const url of ['/api/admin/holidays', '/api/admin/clock-targets']) {
      expect((await as(owner, { url })).statusCode).toBe(403);
    }
    expect(
      (await as(owner, { method: 'PUT', url: '/api/admin/clock-targets/submitter_answer', payload: {} })).statusCode,
    ).toBe(403);
    const badTarget = await setTarget('committee_decision', 0);
    expect(badTarget.statusCode).toBe(422);
    expect(badTarget.json().errors.working_days[0]).toContain('working days');
    const badDay = await as(admin, {
      method: 'PUT',
      url: '/api/admin/holidays/2026-02-30',
      payload: { name_en: 'x', name_my: 'y' },
    });
    expect(badDay.statusCode).toBe(422);
  });
});

describe('reminders and escalation', () => {
  it('reminds before the target and escalates when overdue, each once with two runners', async () => {
    expect((await setTarget('committee_decision', 3, 1)).statusCode).toBe(200);
    t.clock.now = yangon('2026-10-05'); // Monday
    const id = await submitted();
    const adminMails = async () =>
      (await mailsTo(t.database, admin.email))
        .filter((m) => m.textBody.includes(`/admin/registrations/${id}`))
        .sort((x, y) => x.id - y.id);
    const [a, b] = runners();
    await Promise.all([a!.runOnce(), b!.runOnce()]);
    expect(await adminMails()).toHaveLength(0); // three days left: too early

    t.clock.now = yangon('2026-10-07'); // one working day left: the reminder
    await Promise.all([a!.runOnce(), b!.runOnce()]);
    await Promise.all([a!.runOnce(), b!.runOnce()]);
    let mails = await adminMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('1 working day left');

    t.clock.now = yangon('2026-10-12'); // due Thursday 8: two working days late
    await Promise.all([a!.runOnce(), b!.runOnce()]);
    t.clock.now = yangon('2026-10-13');
    await Promise.all([a!.runOnce(), b!.runOnce()]);
    mails = await adminMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('2 working days overdue');
    expect(mails[1]!.textBody).toContain('Nothing is decided automatically.');
    // Never an automatic decision.
    expect((await clockOf(id)).clock.overdue).toBe(true);
    const record = await as(admin, { url: `/api/registrations/${id}` });
    expect(record.json().data.status).toBe('Submitted');
  });

  it('reminds the submitter of a change request in their language', async () => {
    expect((await setTarget('submitter_answer', 2, 2)).statusCode).toBe(200);
    const burmese = await createUser(t.database, { name: 'ဦးကျော်', locale: 'my', now: t.clock.now });
    t.clock.now = yangon('2026-10-19');
    const id = await submitted(burmese);
    await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Returned for changes', note: 'ပြင်ပါ' },
    });
    const [a, b] = runners();
    await Promise.all([a!.runOnce(), b!.runOnce()]);
    const mails = (await mailsTo(t.database, burmese.email)).filter((m) => m.subject.includes('ကျန်ပါသည်'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('အလုပ်ရက် ၂ ရက်');
  });
});

describe('hostile input to the clocks routes', () => {
  it('never answers 5xx', async () => {
    const paths = [
      ['GET', '/api/clocks?ids=999999999,1'],
      ['GET', '/api/clocks?ids=%00'],
      ['GET', '/api/registrations/999999999/clock'],
      ['POST', '/api/registrations/999999999/extensions'],
      ['PATCH', '/api/admin/extensions/999999999'],
      ['PATCH', '/api/admin/extensions/abc'],
      ['GET', '/api/admin/holidays?year=99999'],
      ['PUT', '/api/admin/holidays/0000-01-01'],
      ['PUT', '/api/admin/holidays/9999-99-99'],
      ['PUT', '/api/admin/holidays/2026-02-29'],
      ['DELETE', '/api/admin/holidays/1899-12-31'],
      ['PUT', '/api/admin/clock-targets/nope'],
      ['PUT', '/api/admin/clock-targets/committee_decision'],
    ] as const;
    const bodies = [undefined, {}, { working_days: '1e400', reason: 'x'.repeat(5000), name_en: [], name_my: {} }];
    for (const [method, url] of paths) {
      for (const payload of bodies) {
        const res = await as(admin, {
          method,
          url,
          ...(payload && method !== 'GET' && method !== 'DELETE' ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });
});
