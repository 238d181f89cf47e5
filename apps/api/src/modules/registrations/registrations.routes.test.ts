import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { registrationStatusHistory, registrations } from '../../db/schema/index';
import { rolesOfUser } from '../../plugins/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, mailsTo, requestsAs, type TestUser } from '../../../test/accounts';
import { extractPdfPages } from '../library/pdf-text';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
// Set by the submit tests; the PDF tests download that registration.
let submitter: TestUser;
let submittedId: number;

beforeAll(async () => {
  t = await buildTestApp({ config: { staffEmails: ['desk@committee.test', 'chair@committee.test'] } });
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
  other = await createUser(t.database, { name: 'U Other' });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
});
afterAll(() => t.close());

const as = requestsAs(() => t.app);

async function newDraft(user: TestUser, body: unknown = {}): Promise<number> {
  const res = await as(user, { method: 'POST', url: '/api/registrations', payload: body as object });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('drafts', () => {
  it('creates, saves and resumes a draft on any device', async () => {
    const res = await as(owner, {
      method: 'POST',
      url: '/api/registrations',
      payload: { data: { project_name: 'Tower A' }, current_step: 1 },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      status: 'Draft',
      reference_number: null,
      current_step: 1,
      project_name: 'Tower A',
    });

    const saved = await as(owner, {
      method: 'PUT',
      url: `/api/registrations/${created.id}/draft`,
      payload: { data: { project_name: 'Tower B', statement1: true, architect_name: 'Daw Mya' }, current_step: 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: created.id, current_step: 3, project_name: 'Tower B' });

    // Another device: the same token owner reads it back, whole.
    const again = await as(owner, { url: `/api/registrations/${created.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      current_step: 3,
      data: { project_name: 'Tower B', statement1: true, architect_name: 'Daw Mya' },
      history: [],
    });

    const list = await as(owner, { url: '/api/registrations' });
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(created.id);
  });

  it('keeps only known fields, and rejects wrong types and oversized values per field', async () => {
    const id = await newDraft(owner);
    const ok = await as(owner, {
      method: 'PUT',
      url: `/api/registrations/${id}/draft`,
      payload: { data: { project_name: 'X', is_admin: true, reference_number: 'HPBC-1' } },
    });
    expect(ok.statusCode).toBe(200);
    const stored = (await as(owner, { url: `/api/registrations/${id}` })).json().data;
    expect(stored.data).toEqual({ project_name: 'X' });
    expect(stored.reference_number).toBeNull();

    const bad = await as(owner, {
      method: 'PUT',
      url: `/api/registrations/${id}/draft`,
      payload: { data: { project_name: 'x'.repeat(256), statement1: 'yes' }, current_step: 9 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      project_name: ['Project name must not be longer than 255 characters'],
      statement1: ['Statement 1 is invalid'],
      current_step: ['Current step is invalid'],
    });
    // The stored draft is untouched by a refused save.
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.data).toEqual({ project_name: 'X' });
  });

  it('answers a body that is not JSON with 400, and a body too large with 413', async () => {
    const id = await newDraft(owner);
    const notJson = await as(owner, {
      method: 'PUT',
      url: `/api/registrations/${id}/draft`,
      headers: { 'content-type': 'application/json' },
      payload: '{"data":',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await as(owner, {
      method: 'PUT',
      url: `/api/registrations/${id}/draft`,
      payload: { data: { project_name: 'y' }, padding: 'z'.repeat(1_100_000) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('needs a signed-in, verified account', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/registrations', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/registrations' })).statusCode).toBe(401);
    const unverified = await createUser(t.database, { verified: false });
    expect((await as(unverified, { method: 'POST', url: '/api/registrations', payload: {} })).statusCode).toBe(403);
  });

  it('deletes a draft of its owner only', async () => {
    const id = await newDraft(owner);
    expect((await as(other, { method: 'DELETE', url: `/api/registrations/${id}` })).statusCode).toBe(404);
    expect((await as(owner, { method: 'DELETE', url: `/api/registrations/${id}` })).statusCode).toBe(204);
    expect((await as(owner, { url: `/api/registrations/${id}` })).statusCode).toBe(404);
  });

  it('bounds the number of open drafts per account', async () => {
    const busy = await createUser(t.database);
    await t.database.db
      .insert(registrations)
      .values(Array.from({ length: 20 }, () => ({ userId: busy.id, data: {}, status: 'Draft' })));
    const res = await as(busy, { method: 'POST', url: '/api/registrations', payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/unfinished registrations/);
    const my = await as(busy, {
      method: 'POST',
      url: '/api/registrations',
      payload: {},
      headers: { 'accept-language': 'my' },
    });
    expect(my.json().message).toBe('မပြီးသေးသော မှတ်ပုံတင်မှု ၂၀ ခု ရှိနေပါပြီ။ တစ်ခုကို အရင် ပြီးအောင်ဖြည့်ပါ သို့မဟုတ် ဖျက်ပါ။');
  });
});

describe('submit', () => {
  it('validates every rule again on the server: 422 per field, and keeps what was sent', async () => {
    const id = await newDraft(owner);
    const data = completeFormOne({
      project_name: '',
      director_email: 'not-an-email',
      statement2: false,
      building_type_1: '',
      plinth_area_1: '',
      sig_architect_license: '',
    });
    const res = await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Project name is required',
      errors: {
        project_name: ['Project name is required'],
        director_email: ['Project Director email must be a valid email address'],
        building_type_1: ['At least one building type is required'],
        plinth_area_1: ['Plinth area is required for building type 1'],
        statement2: ['Statement 2 must be checked'],
        sig_architect_license: ['Architect signature license is required'],
      },
    });
    const stored = (await as(owner, { url: `/api/registrations/${id}` })).json().data;
    expect(stored.status).toBe('Draft');
    expect(stored.data.director_email).toBe('not-an-email');
  });

  it('renders the 422 messages in Burmese when asked', async () => {
    const id = await newDraft(owner);
    const res = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      headers: { 'accept-language': 'my' },
      payload: { data: completeFormOne({ endorsement: false }) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ endorsement: ['ကုမ္ပဏီ၏ ထောက်ခံချက် ကို အမှန်ခြစ်ရန် လိုအပ်ပါသည်။'] });
  });

  it('validates the stored draft when no data is sent', async () => {
    const id = await newDraft(owner, { data: { project_name: 'Only a name' } });
    const res = await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('project_location');
    expect(res.json().errors).not.toHaveProperty('project_name');
  });

  it('stores a valid registration with a reference number, grants the project role and mails a confirmation', async () => {
    submitter = await createUser(t.database, { name: 'U Submitter' });
    expect((await rolesOfUser(t.database, submitter.id)).map((r) => r.slug)).toEqual([]);
    submittedId = await newDraft(submitter);
    t.clock.now = new Date('2026-03-02T08:00:00Z');
    const res = await as(submitter, {
      method: 'POST',
      url: `/api/registrations/${submittedId}/submit`,
      payload: { data: completeFormOne({ project_name: '  Shwe Pyi Tower  ' }) },
    });
    t.clock.now = new Date();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Form submitted successfully!');
    expect(body.created).toBe(true);
    const reference = `HPBC-2026-${String(submittedId).padStart(6, '0')}`;
    expect(body.data).toMatchObject({
      id: submittedId,
      status: 'Submitted',
      reference_number: reference,
      submitted_at: '2026-03-02T08:00:00.000Z',
      project_name: 'Shwe Pyi Tower',
      history: [{ status: 'Submitted', note: null, created_at: '2026-03-02T08:00:00.000Z' }],
    });
    expect(body.data.data.project_name).toBe('Shwe Pyi Tower');

    expect((await rolesOfUser(t.database, submitter.id)).map((r) => r.slug)).toEqual(['project']);

    const mails = await mailsTo(t.database, submitter.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(reference);
    expect(mails[0]!.textBody).toContain(reference);
    expect(mails[0]!.textBody).toContain('Shwe Pyi Tower');
    expect(mails[0]!.textBody).toContain(`/user/projects/${submittedId}`);

    // The committee's staff are told, one mail per address in STAFF_EMAILS, with a link to the admin page.
    for (const staff of ['desk@committee.test', 'chair@committee.test']) {
      const notices = (await mailsTo(t.database, staff)).filter((m) => m.subject.includes(reference));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.textBody).toContain('Shwe Pyi Tower');
      expect(notices[0]!.textBody).toContain(`/admin/registrations/${submittedId}`);
    }
  });

  it('is idempotent: a second submit answers with the same registration and sends no second mail', async () => {
    const res = await as(submitter, { method: 'POST', url: `/api/registrations/${submittedId}/submit`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toBe(false);
    expect(res.json().data.reference_number).toBe(`HPBC-2026-${String(submittedId).padStart(6, '0')}`);
    expect(await mailsTo(t.database, submitter.email)).toHaveLength(1);
    const staffNotices = (await mailsTo(t.database, 'desk@committee.test')).filter((m) =>
      m.subject.includes(`HPBC-2026-${String(submittedId).padStart(6, '0')}`),
    );
    expect(staffNotices).toHaveLength(1);
    const history = await t.database.db
      .select()
      .from(registrationStatusHistory)
      .where(eq(registrationStatusHistory.registrationId, submittedId));
    expect(history).toHaveLength(1);
  });

  it('submits once when two submits race', async () => {
    const racer = await createUser(t.database);
    const id = await newDraft(racer);
    const send = () =>
      as(racer, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data: completeFormOne() } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().created, b.json().created].sort()).toEqual([false, true]);
    expect(await mailsTo(t.database, racer.email)).toHaveLength(1);
  });

  it('freezes a submitted registration: no more draft saves or deletion', async () => {
    const save = await as(submitter, {
      method: 'PUT',
      url: `/api/registrations/${submittedId}/draft`,
      payload: { data: { project_name: 'Changed' } },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe('This registration has already been submitted.');
    const saveMy = await as(submitter, {
      method: 'PUT',
      url: `/api/registrations/${submittedId}/draft`,
      headers: { 'accept-language': 'my' },
      payload: { data: { project_name: 'Changed' } },
    });
    expect(saveMy.json().message).toBe('ဤမှတ်ပုံတင်မှုကို တင်သွင်းပြီး ဖြစ်ပါသည်။');
    expect((await as(submitter, { method: 'DELETE', url: `/api/registrations/${submittedId}` })).statusCode).toBe(409);
    const stored = (await as(submitter, { url: `/api/registrations/${submittedId}` })).json().data;
    expect(stored.data.project_name).toBe('Shwe Pyi Tower');
  });

  it('sends the confirmation in the language of the submit', async () => {
    const burmese = await createUser(t.database);
    const id = await newDraft(burmese);
    const res = await as(burmese, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      headers: { 'accept-language': 'my' },
      payload: { data: completeFormOne() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('ပုံစံကို အောင်မြင်စွာ တင်သွင်းပြီးပါပြီ။');
    const [mail] = await mailsTo(t.database, burmese.email);
    expect(mail!.subject).toContain('လက်ခံရရှိပြီး');
    expect(mail!.textBody).toContain('ရည်ညွှန်းအမှတ်');
  });

  it('lists the owner registrations newest first with their status', async () => {
    const res = await as(submitter, { url: '/api/registrations' });
    expect(res.statusCode).toBe(200);
    const second = await newDraft(submitter, { data: { project_name: 'Second' } });
    const list = (await as(submitter, { url: '/api/registrations' })).json().data;
    expect(list.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [second, 'Draft'],
      [submittedId, 'Submitted'],
    ]);
    expect(list[1]).not.toHaveProperty('data');
  });

  it('rate-limits submits per account', async () => {
    const eager = await createUser(t.database);
    const id = await newDraft(eager);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await as(eager, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: {} })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 422)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('who may read', () => {
  it('hides a registration from another user (404), for every action', async () => {
    const id = await newDraft(owner, { data: { project_name: 'Private' } });
    for (const req of [
      { url: `/api/registrations/${id}` },
      { method: 'PUT' as const, url: `/api/registrations/${id}/draft`, payload: { data: { project_name: 'Hacked' } } },
      { method: 'POST' as const, url: `/api/registrations/${id}/submit`, payload: { data: completeFormOne() } },
      { url: `/api/registrations/${id}/pdf` },
    ]) {
      const res = await as(other, req);
      expect(res.statusCode, req.url).toBe(404);
      expect(res.json()).toEqual({ message: 'Registration not found.' });
    }
    expect((await as(other, { url: '/api/registrations' })).json().data.map((r: { id: number }) => r.id)).not.toContain(
      id,
    );
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.data.project_name).toBe('Private');
  });

  it('answers 404 for ids that do not exist or are not ids', async () => {
    for (const url of [
      '/api/registrations/999999',
      '/api/registrations/abc',
      '/api/registrations/0',
      '/api/registrations/1e3',
    ]) {
      expect((await as(owner, { url })).statusCode, url).toBe(404);
    }
  });

  it('lets an administrator read any registration, but not write it', async () => {
    const id = await newDraft(owner, { data: { project_name: 'Seen by admin' } });
    const read = await as(admin, { url: `/api/registrations/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.data.project_name).toBe('Seen by admin');
    const write = await as(admin, { method: 'PUT', url: `/api/registrations/${id}/draft`, payload: { data: {} } });
    expect(write.statusCode).toBe(404);
  });

  it('gives administrators the list of submitted registrations, and nobody else', async () => {
    const res = await as(admin, { url: '/api/admin/registrations' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    expect(body.data.every((r: { status: string }) => r.status !== 'Draft')).toBe(true);
    expect(body.data[0].owner).toHaveProperty('email');
    expect((await as(owner, { url: '/api/admin/registrations' })).statusCode).toBe(403);
  });
});

describe('PDF', () => {
  it('downloads the submitted form with its reference number on every page', async () => {
    const res = await as(submitter, { url: `/api/registrations/${submittedId}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const reference = `HPBC-2026-${String(submittedId).padStart(6, '0')}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reference}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await extractPdfPages(new Uint8Array(res.rawPayload));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(reference);
    const text = pages.join('\n');
    expect(text).toContain('Shwe Pyi Tower');
    expect(text).toContain('(16) Mechanical (B.S)');
    expect(text).toContain('(20) Engineer In Charge (EIET)');

    // An administrator may download it too; the answer comes from the stored copy the second time.
    const byAdmin = await as(admin, { url: `/api/registrations/${submittedId}/pdf` });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('renders Burmese with an embedded Myanmar font', async () => {
    const res = await as(submitter, { url: `/api/registrations/${submittedId}/pdf?lang=my` });
    expect(res.statusCode).toBe(200);
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/FontFile2|\/FontFile3/);
    const pages = await extractPdfPages(new Uint8Array(res.rawPayload));
    const text = pages.join('\n');
    expect(text).toMatch(/[\u1000-\u109F]/);
    // Steps, section numbers and page numbers in Burmese digits (docs/decisions/025).
    expect(text).toContain('၁ / ၇');
    expect(text).toContain('၇ / ၇');
    expect(text).toContain('(၁၆)');
    expect(text).toContain(`၁ / ${String(pages.length).replace(/\d/g, (d) => '၀၁၂၃၄၅၆၇၈၉'[Number(d)]!)}`);
    expect(text).not.toMatch(/Page \d|Step \d/);
  });

  it('is refused for a draft', async () => {
    const id = await newDraft(owner);
    const res = await as(owner, { url: `/api/registrations/${id}/pdf` });
    expect(res.statusCode).toBe(409);
    const my = await as(owner, { url: `/api/registrations/${id}/pdf`, headers: { 'accept-language': 'my' } });
    expect(my.json().message).toBe('တင်သွင်းပြီးသော မှတ်ပုံတင်မှုကိုသာ PDF အဖြစ် ဒေါင်းလုဒ်ဆွဲနိုင်ပါသည်။');
  });
});
