import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { inspections, notices, registrations } from '../../db/schema/index';
import { buildTestAppWithCommittee, type TestApp } from '../../../test/build-test-app';
import { createUser, linkIn, requestsAs, type TestUser } from '../../../test/accounts';
import type { SmtpCatcher } from '../../../test/smtp-catcher';
import { eietTeam, insertProject } from '../../../test/public-records';

/**
 * Construction stages (issue 30; docs/api.md "Construction"): the owner of an approved
 * registration reports each stage once; the EIET company its Form One names is mailed (read
 * from a real SMTP server) and told in-app with a link to schedule from the notice; the
 * public project page shows stages and inspections done without names or remarks.
 */
let t: TestApp;
let smtp: SmtpCatcher;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let inspector: TestUser;
let inspectorMy: TestUser;
let eiet: number;
const clock = { now: new Date('2026-11-24T03:00:00.000Z') };

const as = requestsAs(() => t.app);
const report = (user: TestUser, id: number | string, payload: unknown, lang = 'en') =>
  as(user, {
    method: 'POST',
    url: `/api/registrations/${id}/stage-notices`,
    payload: payload as Record<string, unknown>,
    headers: { 'accept-language': lang },
  });

/**
 * A registration of `owner` submitted through the API, then put in `status` (approval itself
 * is tested elsewhere). A fresh owner each time keeps under the per-account submit limit;
 * `owner` is the newest.
 */
async function registration(status: string = STATUS.approved): Promise<{ id: number; reference: string }> {
  owner = await createUser(t.database, { name: 'Daw Owner' });
  const created = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data: {} } });
  const id = created.json().data.id as number;
  const res = await as(owner, {
    method: 'POST',
    url: `/api/registrations/${id}/submit`,
    payload: { data: { ...completeFormOne(), project_name: `Stage Tower ${id}`, eiet_company_id: String(eiet) } },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.database.db.update(registrations).set({ status }).where(eq(registrations.id, id));
  return { id, reference: res.json().data.reference_number as string };
}

beforeAll(async () => {
  ({ t, smtp, admin } = await buildTestAppWithCommittee({ deps: { now: () => clock.now } }));
  stranger = await createUser(t.database, { name: 'U Stranger' });
  ({ eiet, inspector, inspectorMy } = await eietTeam(t, admin));
});
afterAll(() => t.close());

describe('POST /api/registrations/{id}/stage-notices', () => {
  it('201: the owner reports a stage; the company is mailed and told in-app with a link that schedules from the notice', async () => {
    const { id, reference } = await registration();
    const res = await report(owner, id, { stage: 'foundation', date: '2026-12-01', note: '  Piles driven.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      registration_id: id,
      stage: 'foundation',
      date: '2026-12-01',
      note: 'Piles driven.',
    });

    await t.app.mail.drain();
    // (The submission told the company it was named: the stage's mail is the one that says so.)
    const stageMail = (to: string) =>
      smtp.to(to).filter((m) => m.subject.includes(reference) && m.subject.includes('stage'));
    const office = stageMail('office@golden.example')[0]!;
    expect(office.subject).toContain('Foundation stage reported');
    const ko = stageMail(inspector.email)[0]!;
    expect(ko.text).toContain('Dear Inspector Ko,');
    expect(ko.text).toContain('2026-12-01');
    expect(ko.text).toContain('Piles driven.');
    const link = linkIn(ko.text, '/user/company/inspections');
    expect(link.searchParams.get('schedule')).toBe(String(id));
    expect(link.searchParams.get('stage')).toBe('foundation');
    // In the member's language: Burmese subject and digits.
    const ma = smtp.to(inspectorMy.email).find((m) => m.subject.includes('အဆင့်') && m.subject.includes(reference))!;
    expect(ma.subject).toContain('အုတ်မြစ် အဆင့်ကို အစီရင်ခံထားပါသည်');
    expect(ma.text).toContain('၂၀၂၆-၁၂-၀၁');

    // The in-app notice keeps the link (a path inside the portal).
    const [notice] = await t.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, inspector.id), eq(notices.kind, 'construction_stage')));
    expect(notice).toMatchObject({ kind: 'construction_stage' });
    expect(notice!.link).toBe(`/user/company/inspections?schedule=${id}&stage=foundation`);

    // The answers carry it: the owner's, the administrator's, the company's.
    const mine = await as(owner, { url: `/api/registrations/${id}` });
    expect(mine.json().data.stage_notices).toEqual([res.json().data]);
    const committee = await as(admin, { url: `/api/registrations/${id}` });
    expect(committee.json().data.stage_notices).toHaveLength(1);
    const company = await as(inspector, { url: '/api/company/registrations' });
    const row = (company.json().data as { id: number; stage_notices: unknown[] }[]).find((r) => r.id === id)!;
    expect(row.stage_notices).toEqual([res.json().data]);
  });

  it('lists the stages in their order whatever order they were reported in', async () => {
    const { id } = await registration();
    expect((await report(owner, id, { stage: 'structure', date: '2027-03-01' })).statusCode).toBe(201);
    expect((await report(owner, id, { stage: 'commencement', date: '2026-10-01' })).statusCode).toBe(201);
    const stages = (await as(owner, { url: `/api/registrations/${id}` })).json().data.stage_notices;
    expect(stages.map((s: { stage: string }) => s.stage)).toEqual(['commencement', 'structure']);
    expect(stages[0].note).toBeNull();
  });

  it('404 for another owner, an administrator, a company member and an unknown or malformed id; 401 without a token', async () => {
    const { id } = await registration();
    const body = { stage: 'commencement', date: '2026-12-01' };
    for (const user of [stranger, admin, inspector]) {
      const res = await report(user, id, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toMatch(/registration/i);
    }
    expect((await report(owner, 99999999, body)).statusCode).toBe(404);
    expect((await report(owner, 'abc', body)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/registrations/${id}/stage-notices`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing was recorded by the refusals.
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.stage_notices).toEqual([]);
  });

  it('403 for an account whose address is not verified', async () => {
    const unverified = await createUser(t.database, { verified: false });
    const res = await report(unverified, 1, { stage: 'commencement', date: '2026-12-01' });
    expect(res.statusCode).toBe(403);
  });

  it('409 unless approved (submitted, under review, returned, rejected), before any 422', async () => {
    for (const status of [STATUS.submitted, STATUS.underReview, STATUS.returned, STATUS.rejected]) {
      const { id } = await registration(status);
      const res = await report(owner, id, { stage: 'nonsense' });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe('Construction stages can be reported once the registration is approved.');
    }
    const { id } = await registration(STATUS.submitted);
    const my = await report(owner, id, { stage: 'commencement', date: '2026-12-01' }, 'my');
    expect(my.json().message).toContain('အတည်ပြုပြီးမှသာ');
  });

  it('409 for a stage reported already, also when ten reports of it race; one notice, one mail per address', async () => {
    const { id, reference } = await registration();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        report(owner, id, { stage: 'structure', date: `2027-01-${String(i + 10)}`, note: `try ${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe('The “Structure” stage has been reported already.');
    const again = await report(owner, id, { stage: 'structure', date: '2027-02-01' }, 'my');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('ဖွဲ့စည်းတည်ဆောက်ပုံ');
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.stage_notices).toHaveLength(1);
    await t.app.mail.drain();
    const stageMails = smtp
      .to(inspector.email)
      .filter((m) => m.subject.includes(reference) && m.subject.includes('stage'));
    expect(stageMails).toHaveLength(1);
  });

  it('422 naming the field for a bad stage, date or note; nothing recorded', async () => {
    const { id } = await registration();
    const cases: [unknown, string][] = [
      [{ stage: 'roof', date: '2026-12-01' }, 'stage'],
      [{ date: '2026-12-01' }, 'stage'],
      [{ stage: 'foundation' }, 'date'],
      [{ stage: 'foundation', date: '2026-02-30' }, 'date'],
      [{ stage: 'foundation', date: '1 December 2026' }, 'date'],
      [{ stage: 'foundation', date: 20261201 }, 'date'],
      [{ stage: 'foundation', date: '2026-12-01', note: 'x'.repeat(2001) }, 'note'],
      [{ stage: 'foundation', date: '2026-12-01', note: 42 }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await report(owner, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    const res = await report(owner, id, { stage: 'roof', date: 'soon' });
    expect(res.json().errors).toEqual({
      stage: ['The selected stage is invalid.'],
      date: ['The date is not a valid date.'],
    });
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.stage_notices).toEqual([]);
  });
});

describe('the public project page', () => {
  it('shows the reference, current stage and inspections done (date, kind, outcome) with no names, notes or remarks', async () => {
    const { id, reference } = await registration();
    const projectId = await insertProject(t.database, 9000 + id, { projectName: 'Public Stage Tower' });
    await t.database.db.update(registrations).set({ projectId }).where(eq(registrations.id, id));

    // Before any stage: the construction is there, with no stage yet.
    const before = (await t.app.inject({ url: `/api/project-list/${projectId}` })).json().data;
    expect(before.construction).toEqual({ reference, current_stage: null, stages: [], inspections: [] });

    await report(owner, id, { stage: 'commencement', date: '2026-10-01', note: 'Secret note by Daw Owner' });
    await report(owner, id, { stage: 'foundation', date: '2026-12-01', note: 'Another secret' });
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(inspections).values([
      {
        registrationId: id,
        eietCompanyId: eiet,
        kind: 'foundation',
        scheduledFor: at('2026-12-02T20:00:00Z'), // 02:30 on 3 December in Myanmar
        status: 'done',
        outcome: 'failed',
        remarks: 'Remark naming Inspector Ko',
        notes: 'Private note',
      },
      {
        registrationId: id,
        eietCompanyId: eiet,
        kind: 'foundation',
        scheduledFor: at('2026-12-10T03:00:00Z'),
        status: 'done',
        outcome: 'passed',
        remarks: 'Fixed',
      },
      { registrationId: id, eietCompanyId: eiet, kind: 'structure', scheduledFor: at('2027-02-01T03:00:00Z') },
      {
        registrationId: id,
        eietCompanyId: eiet,
        kind: 'structure',
        scheduledFor: at('2027-01-01T03:00:00Z'),
        status: 'cancelled',
        reason: 'Rain',
      },
    ]);

    const res = await t.app.inject({ url: `/api/project-list/${projectId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.project_name).toBe('Public Stage Tower');
    expect(body.construction).toEqual({
      reference,
      current_stage: 'foundation',
      stages: [
        { stage: 'commencement', date: '2026-10-01' },
        { stage: 'foundation', date: '2026-12-01' },
      ],
      inspections: [
        { date: '2026-12-03', kind: 'foundation', outcome: 'failed' },
        { date: '2026-12-10', kind: 'foundation', outcome: 'passed' },
      ],
    });
    // /verify and the registration PDF lead to this page (issue 28, item 8).
    expect((await t.app.inject({ url: `/api/verify/${reference}` })).json().project_id).toBe(projectId);
    const pdf = await as(owner, { url: `/api/registrations/${id}/pdf?lang=en` });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-stages-pdf-'));
    try {
      writeFileSync(path.join(dir, 'r.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(/RN \(registration number\)\s+\d+/.test(text)).toBe(true);
      expect(text.includes(`/project-detail/${projectId}`)).toBe(true);
      expect(text.includes(`/verify/${reference}`)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Nothing about people or their words reaches the public answer.
    for (const secret of [
      'Daw Owner',
      'Inspector',
      'Golden',
      'secret',
      'Remark',
      'Private',
      'Rain',
      'Fixed',
      owner.email,
    ]) {
      expect(res.body.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it('a project no registration published has no construction', async () => {
    const projectId = await insertProject(t.database, 8999, { projectName: 'Imported Tower' });
    const body = (await t.app.inject({ url: `/api/project-list/${projectId}` })).json().data;
    expect(body.construction).toBeNull();
  });
});
