import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { FormOneData } from '@hpbc/shared/form-one';
import type { ChangeReport } from '@hpbc/shared/change-reports';
import { eq } from 'drizzle-orm';
import { inspections, passkeys, projects, registrations } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditOf, createUser, mailsTo, requestsAs, type TestUser } from '../../../test/accounts';
import { attachDocument, testPdf } from '../../../test/documents';
import { qrOfPage } from '../../../test/qr';
import { insertEietCompany } from '../../../test/public-records';

// Issue 30, design changes during construction: POST /api/registrations/{id}/change-reports
// (the fixed call) and the counterparts' and committee's calls around it.

const databaseUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let architect: TestUser;
let structure: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { databaseUrl } });
  architect = await createUser(t.database, { name: 'U Architect', roles: ['national-counterpart'] });
  structure = await createUser(t.database, { name: 'Daw Structure', roles: ['national-counterpart'] });
  stranger = await createUser(t.database, { name: 'Stranger', roles: ['national-counterpart'] });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
});
afterAll(() => t.close());

const as = requestsAs(() => t.app);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const naming = (cpA = architect, cpS = structure): FormOneData =>
  completeFormOne({
    national_architect_name: 'U Architect',
    national_architect_license: 'NA-101',
    national_architect_email: cpA.email,
    national_structure_name: 'Daw Structure',
    national_structure_license: 'NS-202',
    national_structure_email: cpS.email,
  });

interface Project {
  id: number;
  owner: TestUser;
  reference: string;
  a101: number;
  s101: number;
}

/** A registration naming both counterparts, with a sheet each, submitted (and approved unless `approve` is false). */
async function project(opts: { approve?: boolean } = {}): Promise<Project> {
  const owner = await createUser(t.database, { name: 'Daw Owner' });
  const data = naming();
  const created = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } });
  const id = created.json().data.id as number;
  const a101 = await attachDocument(t.app, owner.token, id, { discipline: 'architect', number: 'A-101' });
  const s101 = await attachDocument(t.app, owner.token, id, {
    discipline: 'structure',
    kind: 'calculation',
    number: 'S-101',
    title: 'Structural calculation',
  });
  const sub = await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
  expect(sub.statusCode, sub.body).toBe(200);
  const reference = sub.json().data.reference_number as string;
  if (opts.approve !== false) {
    const hash = (await as(owner, { url: `/api/registrations/${id}` })).json().data.content_sha256;
    for (const [cp, discipline] of [
      [architect, 'architect'],
      [structure, 'structure'],
    ] as const) {
      const signed = await as(cp, {
        method: 'POST',
        url: `/api/reviews/${id}/countersign`,
        payload: { discipline, content_sha256: hash },
      });
      expect(signed.statusCode, signed.body).toBe(201);
    }
    const approved = await as(admin, {
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return { id, owner, reference, a101: a101.id as number, s101: s101.id as number };
}

/** A new revision of a sheet, uploaded after approval: `proposed`. */
async function revise(p: Project, discipline: 'architect' | 'structure', number: string, bytes?: Buffer) {
  return attachDocument(
    t.app,
    p.owner.token,
    p.id,
    { discipline, number, kind: discipline === 'architect' ? 'floor_plan' : 'calculation' },
    bytes,
  );
}

const file = (p: Project, payload: object, user = p.owner) =>
  as(user, { method: 'POST', url: `/api/registrations/${p.id}/change-reports`, payload });
const act = (user: TestUser, id: number, what: 'acknowledge' | 'comments' | 'countersign', payload: object) =>
  as(user, { method: 'POST', url: `/api/change-reports/${id}/${what}`, payload });
const decide = (user: TestUser, id: number, payload: object) =>
  as(user, { method: 'PATCH', url: `/api/admin/change-reports/${id}`, payload });
const reportsOf = async (user: TestUser, url: string): Promise<ChangeReport[]> =>
  (await as(user, { url })).json().data.change_reports;
const documentsOf = async (p: Project) =>
  (await as(p.owner, { url: `/api/registrations/${p.id}/documents` })).json().data as {
    id: number;
    number: string;
    revision: string;
    status: string;
    approved_sha256: string | null;
  }[];

describe('revisions uploaded after approval', () => {
  it('are proposed: the approved set and the content hash stay as they were', async () => {
    const p = await project();
    const before = (await as(p.owner, { url: `/api/registrations/${p.id}` })).json().data;
    const doc = await revise(p, 'architect', 'A-101');
    expect(doc).toMatchObject({ revision: 'B', status: 'proposed', replaces_id: p.a101 });
    const after = (await as(p.owner, { url: `/api/registrations/${p.id}` })).json().data;
    expect(after.content_sha256).toBe(before.content_sha256);
    expect(after.change_reports).toEqual([]);
    expect((await documentsOf(p)).find((d) => d.id === p.a101)?.status).toBe('current');
    // One not yet in a report can be removed.
    const removed = await as(p.owner, { method: 'DELETE', url: `/api/documents/${doc.id}` });
    expect(removed.statusCode).toBe(204);
  });
});

describe('POST /api/registrations/{id}/change-reports: refusals', () => {
  it('404 for another owner or no such registration; 409 unless approved; 422 for kind, description and documents', async () => {
    const p = await project();
    const doc = await revise(p, 'architect', 'A-101');
    const other = await createUser(t.database);
    const ok = { kind: 'minor', description: 'Door moved', document_ids: [doc.id] };
    expect((await file(p, ok, other)).statusCode).toBe(404);
    expect(
      (await as(p.owner, { method: 'POST', url: '/api/registrations/999999/change-reports', payload: ok })).statusCode,
    ).toBe(404);
    expect((await file(p, ok, admin)).statusCode).toBe(404);

    const submitted = await project({ approve: false });
    const notApproved = await file(submitted, { ...ok, document_ids: [submitted.a101] });
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toMatchObject({ reason: 'status', status: 'Submitted' });

    const badKind = await file(p, { ...ok, kind: 'huge' });
    expect(badKind.statusCode).toBe(422);
    // Named as a change's kind, not a drawing's "kind of sheet".
    expect(badKind.json().errors.kind).toEqual(['The selected kind of change is invalid.']);
    const noText = await file(p, { ...ok, description: '  ' });
    expect(noText.statusCode).toBe(422);
    expect(noText.json().errors.description).toBeDefined();
    const none = await file(p, { ...ok, document_ids: [] });
    expect(none.json().errors.document_ids).toBeDefined();
    // Unknown, a current sheet (not a revision), another registration's revision.
    const theirs = await revise(submitted, 'architect', 'A-102').catch(() => null);
    expect(theirs, 'a submitted registration takes no sheets').toBeNull();
    const elsewhere = await project();
    const foreign = await revise(elsewhere, 'architect', 'A-101');
    const unknown = await file(p, { ...ok, document_ids: [doc.id, 999999, p.a101, foreign.id] });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['document_ids.1', 'document_ids.2', 'document_ids.3']);
    expect(unknown.json().errors['document_ids.1'][0]).toMatch(/revised sheet/);
    // Nothing was kept: the revision can still be filed, once.
    expect((await file(p, ok)).statusCode).toBe(201);
    const twice = await file(p, ok);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['document_ids.0']).toBeDefined();
  });
});

describe('a minor change report', () => {
  it('is acknowledged by the counterparts of its disciplines; then its revision is current and stamped', async () => {
    const p = await project();
    const doc = await revise(p, 'architect', 'A-101', await testPdf('A-101 rev B door moved'));
    const filed = await file(p, { kind: 'minor', description: 'A door moved by 300 mm.', document_ids: [doc.id] });
    expect(filed.statusCode, filed.body).toBe(201);
    const report = filed.json().data as ChangeReport;
    expect(report).toMatchObject({
      kind: 'minor',
      status: 'open',
      disciplines: ['architect'],
      documents: [{ id: doc.id, number: 'A-101', revision: 'B', replaces_id: p.a101 }],
      signoffs: [],
    });
    // The architect was asked; the structural counterpart (not concerned) was not.
    expect((await mailsTo(t.database, architect.email)).some((m) => /minor design change/.test(m.subject))).toBe(true);

    // Each refusal: another counterpart, a discipline not concerned, another's discipline, countersigning a minor one.
    expect((await act(stranger, report.id, 'acknowledge', { discipline: 'architect' })).statusCode).toBe(404);
    expect((await act(architect, 999999, 'acknowledge', { discipline: 'architect' })).statusCode).toBe(404);
    const notConcerned = await act(structure, report.id, 'acknowledge', { discipline: 'structure' });
    expect(notConcerned.statusCode).toBe(422);
    expect(notConcerned.json().errors.discipline).toBeDefined();
    expect((await act(structure, report.id, 'acknowledge', { discipline: 'architect' })).statusCode).toBe(403);
    const signMinor = await act(architect, report.id, 'countersign', {
      discipline: 'architect',
      content_sha256: report.content_sha256,
    });
    expect(signMinor.statusCode).toBe(409);
    expect(signMinor.json().reason).toBe('kind');
    expect((await decide(admin, report.id, { status: 'approved' })).json().reason).toBe('kind');
    expect((await act(p.owner, report.id, 'acknowledge', { discipline: 'architect' })).statusCode).toBe(403);

    const ack = await act(architect, report.id, 'acknowledge', { discipline: 'architect' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().data).toMatchObject({
      status: 'acknowledged',
      signoffs: [{ discipline: 'architect', kind: 'acknowledged', name: 'U Architect', current: true }],
    });
    expect((await act(architect, report.id, 'acknowledge', { discipline: 'architect' })).json().reason).toBe('status');

    const docs = await documentsOf(p);
    expect(docs.find((d) => d.id === p.a101)?.status).toBe('superseded');
    const b = docs.find((d) => d.id === doc.id)!;
    expect(b).toMatchObject({ status: 'current', revision: 'B' });
    expect(b.approved_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The owner was told; every answer (owner, counterpart, admin) carries the report.
    expect((await mailsTo(t.database, p.owner.email)).some((m) => /design change acknowledged/.test(m.subject))).toBe(
      true,
    );
    for (const [user, url] of [
      [p.owner, `/api/registrations/${p.id}`],
      [structure, `/api/reviews/${p.id}`],
      [admin, `/api/registrations/${p.id}`],
    ] as const) {
      expect((await reportsOf(user, url)).map((r) => r.status)).toEqual(['acknowledged']);
    }
    expect((await auditOf(t.database, 'registration', p.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['change_report_filed', 'change_report_acknowledged']),
    );
  });
});

describe('a major change report', () => {
  it('is commented, countersigned on its new hash (stale refused) and approved: the approved set has revision B, stamped', async () => {
    const p = await project();
    const original = (await as(p.owner, { url: `/api/registrations/${p.id}` })).json().data.content_sha256;
    const pdfB = await testPdf('S-101 rev B transfer beam');
    const doc = await revise(p, 'structure', 'S-101', pdfB);
    const filed = await file(p, {
      kind: 'major',
      description: 'A transfer beam replaces two columns on level 3.',
      document_ids: [doc.id],
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const report = filed.json().data as ChangeReport;
    // A major change is a review round of every named counterpart.
    expect(report.disciplines.sort()).toEqual(['architect', 'structure']);
    expect(report.content_sha256).not.toBe(original);
    for (const cp of [architect, structure]) {
      expect((await mailsTo(t.database, cp.email)).some((m) => /major design change report/.test(m.subject))).toBe(
        true,
      );
    }

    const comment = await act(structure, report.id, 'comments', {
      discipline: 'structure',
      text: 'Show the beam depth.',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json().data.comments).toMatchObject([{ discipline: 'structure', text: 'Show the beam depth.' }]);
    expect((await act(structure, report.id, 'comments', { discipline: 'structure', text: '' })).statusCode).toBe(422);
    expect((await act(structure, report.id, 'acknowledge', { discipline: 'structure' })).json().reason).toBe('kind');

    // The committee cannot approve before every countersignature.
    const early = await decide(admin, report.id, { status: 'approved' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ reason: 'missing', missing: ['architect', 'structure'] });

    // The hash the counterpart reviews is in GET /api/reviews/{id}.
    const seen = (await reportsOf(architect, `/api/reviews/${p.id}`))[0]!;
    expect(seen.content_sha256).toBe(report.content_sha256);
    const stale = await act(architect, report.id, 'countersign', { discipline: 'architect', content_sha256: original });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale', content_sha256: report.content_sha256 });
    expect(
      (await act(architect, report.id, 'countersign', { discipline: 'structure', content_sha256: seen.content_sha256 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await act(p.owner, report.id, 'countersign', { discipline: 'structure', content_sha256: seen.content_sha256 }))
        .statusCode,
    ).toBe(403);
    for (const [cp, discipline] of [
      [architect, 'architect'],
      [structure, 'structure'],
    ] as const) {
      const signed = await act(cp, report.id, 'countersign', { discipline, content_sha256: seen.content_sha256 });
      expect(signed.statusCode, signed.body).toBe(200);
    }
    expect((await decide(architect, report.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await decide(admin, report.id, { status: 'maybe' })).statusCode).toBe(422);
    expect((await decide(admin, 999999, { status: 'approved' })).statusCode).toBe(404);

    const approved = await decide(admin, report.id, { status: 'approved', note: 'Beam checked.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decision_note: 'Beam checked.' });
    expect(approved.json().data.signoffs.every((s: { current: boolean }) => s.current)).toBe(true);
    expect((await decide(admin, report.id, { status: 'rejected' })).json().reason).toBe('status');

    // The registration's content is the countersigned one, its countersignatures current again.
    const reg = (await as(p.owner, { url: `/api/registrations/${p.id}` })).json().data;
    expect(reg.content_sha256).toBe(report.content_sha256);
    expect(reg.countersignatures.every((s: { current: boolean }) => s.current)).toBe(true);

    // The approved set: S-101 revision B, stamped with the QR code of /verify/{reference}.
    const docs = await documentsOf(p);
    expect(docs.find((d) => d.id === p.s101)?.status).toBe('superseded');
    expect(docs.find((d) => d.id === doc.id)).toMatchObject({ status: 'current', revision: 'B' });
    const copy = await as(p.owner, { url: `/api/documents/${doc.id}/approved` });
    expect(copy.statusCode).toBe(200);
    expect(qrOfPage(copy.rawPayload, 1)).toBe(`${t.config.appUrl}/verify/${p.reference}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-change-'));
    writeFileSync(path.join(dir, 'b.pdf'), copy.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'b.pdf'), '-'], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain(`Reference: ${p.reference}`);
    expect(text).toContain('S-101 rev B transfer beam');
    const verify = (await t.app.inject({ url: `/api/verify/${p.reference}` })).json();
    // /verify shows the content as it now is, countersigned.
    expect(verify.content_sha256).toBe(report.content_sha256);
    expect(verify.countersignatures.every((s: { current: boolean }) => s.current)).toBe(true);
    expect(verify.documents.find((d: { number: string }) => d.number === 'S-101')).toMatchObject({
      revision: 'B',
      sha256: sha(pdfB),
      approved_sha256: sha(copy.rawPayload),
    });
    expect((await mailsTo(t.database, p.owner.email)).some((m) => /design change approved/.test(m.subject))).toBe(true);
  });

  it('rejected: its revisions are withdrawn and the approved set stays', async () => {
    const p = await project();
    const doc = await revise(p, 'architect', 'A-101');
    const report = (await file(p, { kind: 'major', description: 'Extra floor.', document_ids: [doc.id] })).json()
      .data as ChangeReport;
    const rejected = await decide(admin, report.id, { status: 'rejected', note: 'Not within the permit.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const docs = await documentsOf(p);
    expect(docs.find((d) => d.id === doc.id)?.status).toBe('withdrawn');
    expect(docs.find((d) => d.id === p.a101)?.status).toBe('current');
    expect((await act(architect, report.id, 'comments', { discipline: 'architect', text: 'Late' })).statusCode).toBe(
      409,
    );
  });

  it('a report approved first makes another open one stale', async () => {
    const p = await project();
    const one = await revise(p, 'architect', 'A-101');
    const two = await revise(p, 'structure', 'S-101');
    const first = (await file(p, { kind: 'minor', description: 'Door.', document_ids: [one.id] })).json()
      .data as ChangeReport;
    const second = (await file(p, { kind: 'major', description: 'Beam.', document_ids: [two.id] })).json()
      .data as ChangeReport;
    const before = second.content_sha256;
    expect((await act(architect, first.id, 'acknowledge', { discipline: 'architect' })).statusCode).toBe(200);
    const stale = await act(structure, second.id, 'countersign', { discipline: 'structure', content_sha256: before });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().reason).toBe('stale');
    expect(stale.json().content_sha256).not.toBe(before);
  });
});

describe('legal acts need a second factor', () => {
  it('countersigning and deciding: two_factor_required without one, step_up_required without a fresh proof', async () => {
    // Accounts outside the tests' exempt domain (test/build-test-app.ts).
    const cp = await createUser(t.database, { email: `cp.${process.pid}@legal.test`, roles: ['national-counterpart'] });
    const boss = await createUser(t.database, { email: `boss.${process.pid}@legal.test`, admin: true });
    const p = await project();
    // Approved with the exempt counterparts; then the registration names `cp` for architecture.
    await t.database.db
      .update(registrations)
      .set({ data: naming(cp) })
      .where(eq(registrations.id, p.id));
    const doc = await revise(p, 'architect', 'A-101');
    const report = (await file(p, { kind: 'major', description: 'Stair.', document_ids: [doc.id] })).json()
      .data as ChangeReport;
    const sign = () =>
      act(cp, report.id, 'countersign', { discipline: 'architect', content_sha256: report.content_sha256 });
    const decideAs = () => decide(boss, report.id, { status: 'rejected' });
    for (const refused of [await sign(), await decideAs()]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('two_factor_required');
    }
    for (const user of [cp, boss]) {
      await t.database.db
        .insert(passkeys)
        .values({ userId: user.id, credentialId: `cred-${user.id}`, publicKey: 'AQID', name: 'Key' });
    }
    for (const refused of [await sign(), await decideAs()]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('step_up_required');
    }
    expect((await reportsOf(p.owner, `/api/registrations/${p.id}`))[0]).toMatchObject({ status: 'open', signoffs: [] });
  });
});

describe('GET /api/registrations/{id}/completion-certificate.pdf', () => {
  it('once the completion inspection passed and no change report is open: a PDF with a QR code of /verify; the project is completed', async () => {
    const p = await project();
    const get = (user: TestUser) => as(user, { url: `/api/registrations/${p.id}/completion-certificate.pdf` });
    const before = await get(p.owner);
    expect(before.statusCode).toBe(409);
    expect(before.json().reason).toBe('inspection');
    const company = await insertEietCompany(t.database, { eietName: 'Shwe Inspect' });
    await t.database.db.insert(inspections).values({
      registrationId: p.id,
      eietCompanyId: company,
      kind: 'completion',
      scheduledFor: t.clock.now,
      status: 'done',
      outcome: 'passed',
      remarks: 'Built as approved.',
    });
    // An open change report holds it back.
    const doc = await revise(p, 'architect', 'A-101');
    const report = (await file(p, { kind: 'minor', description: 'Door.', document_ids: [doc.id] })).json()
      .data as ChangeReport;
    const open = await get(p.owner);
    expect(open.statusCode).toBe(409);
    expect(open.json().reason).toBe('change_report');
    expect((await act(architect, report.id, 'acknowledge', { discipline: 'architect' })).statusCode).toBe(200);

    expect((await get(await createUser(t.database))).statusCode).toBe(404);
    const res = await get(p.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`completion-${p.reference}`);
    expect(qrOfPage(res.rawPayload, 1)).toBe(`${t.config.appUrl}/verify/${p.reference}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-completion-'));
    writeFileSync(path.join(dir, 'c.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [path.join(dir, 'c.pdf')], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain('Completion certificate');
    expect(text.replace(/\s+/g, ' ')).toContain('ဆောက်လုပ်ရေး ပြီးစီးကြောင်း လက်မှတ်');
    expect(text).toContain(p.reference);
    expect(info).toMatch(/Pages:\s+1/);
    const reg = (await as(p.owner, { url: `/api/registrations/${p.id}` })).json().data;
    const [shown] = await t.database.db.select().from(projects).where(eq(projects.id, reg.project_id));
    expect(shown!.status).toBe('Completed');
  });
});
