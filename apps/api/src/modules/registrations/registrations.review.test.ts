import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, lastMailTo, mailsTo, requestsAs, type TestUser } from '../../../test/accounts';
import { submittedRegistration } from '../../../test/workflow';

let t: TestApp;
let owner: TestUser;
let burmeseOwner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.database, { name: 'Daw Khin Owner' });
  burmeseOwner = await createUser(t.database, { name: 'U Kyaw', locale: 'my' });
  admin = await createUser(t.database, { name: 'Admin', admin: true });
});
afterAll(() => t.close());

const as = requestsAs(() => t.app);

const submitted = (user: TestUser = owner) => submittedRegistration(t.app, user);

const change = (id: number | string, payload: object, user: TestUser = admin) =>
  as(user, { method: 'PATCH', url: `/api/admin/registrations/${id}/status`, payload });

describe('PATCH /api/admin/registrations/{id}/status', () => {
  it('moves Submitted → Under Review → Approved, records history and mails the submitter each time', async () => {
    const id = await submitted();
    const before = (await mailsTo(t.database, owner.email)).length;

    const review = await change(id, { status: 'Under Review' });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data).toMatchObject({ id, status: 'Under Review' });

    const approve = await change(id, { status: 'Approved', note: 'All documents in order.' });
    expect(approve.statusCode, approve.body).toBe(200);
    const record = approve.json().data;
    expect(record.status).toBe('Approved');
    expect(record.history.map((h: { status: string }) => h.status)).toEqual(['Submitted', 'Under Review', 'Approved']);
    expect(record.history[2].note).toBe('All documents in order.');
    // Administrators see who made each change; the submitter sees the committee's decisions only.
    expect(record.history.map((h: { changed_by?: string }) => h.changed_by)).toEqual([
      'Daw Khin Owner',
      'Admin',
      'Admin',
    ]);
    const ownView = (await as(owner, { url: `/api/registrations/${id}` })).json().data;
    expect(ownView.history.every((h: object) => !('changed_by' in h))).toBe(true);

    const mails = await mailsTo(t.database, owner.email);
    expect(mails.length).toBe(before + 2);
    const last = await lastMailTo(t.database, owner.email);
    expect(last!.subject).toContain(record.reference_number);
    expect(last!.subject).toContain('Approved');
    expect(last!.textBody).toContain('New status: Approved');
    expect(last!.textBody).toContain('All documents in order.');
    expect(last!.htmlBody).toContain('Shwe Pyi Tower');

    // The submitter sees the decision in their own list.
    const mine = await as(owner, { url: '/api/registrations' });
    expect(mine.json().data.find((r: { id: number }) => r.id === id).status).toBe('Approved');
  });

  it('rejects with a note, from Submitted and from Under Review', async () => {
    for (const [from, to] of [
      ['Submitted', 'Rejected'],
      ['Under Review', 'Rejected'],
    ] as const) {
      const id = await submitted();
      if (from === 'Under Review') expect((await change(id, { status: from })).statusCode).toBe(200);
      const res = await change(id, { status: to, note: 'Plinth area does not match the drawings.' });
      expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
      expect(res.json().data.status).toBe(to);
    }
  });

  it('writes the mail in the submitter’s language', async () => {
    const id = await submitted(burmeseOwner);
    const res = await change(id, { status: 'Rejected', note: 'အင်ဂျင်နီယာ လိုင်စင် ထည့်ပါ။' });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(t.database, burmeseOwner.email);
    expect(mail!.textBody).toContain('ပယ်ချပြီး');
    expect(mail!.textBody).toContain('အင်ဂျင်နီယာ လိုင်စင် ထည့်ပါ။');
    expect(mail!.htmlBody).toContain('lang="my"');
  });

  it('refuses disallowed transitions with 409 and changes nothing', async () => {
    const id = await submitted();
    const skip = await change(id, { status: 'Approved' });
    expect(skip.statusCode).toBe(409);
    await change(id, { status: 'Under Review' });
    expect((await change(id, { status: 'Under Review' })).statusCode).toBe(409);
    await change(id, { status: 'Rejected', note: 'Incomplete.' });
    for (const status of ['Approved', 'Under Review']) {
      expect((await change(id, { status })).statusCode).toBe(409);
    }
    expect((await change(id, { status: 'Rejected', note: 'Again.' })).statusCode).toBe(409);
    const record = (await as(admin, { url: `/api/registrations/${id}` })).json().data;
    expect(record.status).toBe('Rejected');
    expect(record.history).toHaveLength(3);
  });

  it('answers 422 per field', async () => {
    const id = await submitted();
    const noNote = await change(id, { status: 'Rejected' });
    expect(noNote.statusCode).toBe(422);
    expect(Object.keys(noNote.json().errors)).toEqual(['note']);
    const bad = await change(id, { status: 'Done', note: 'x'.repeat(2001) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['note', 'status']);
    const empty = await as(admin, { method: 'PATCH', url: `/api/admin/registrations/${id}/status` });
    expect(empty.statusCode).toBe(422);
    expect((await as(admin, { url: `/api/registrations/${id}` })).json().data.status).toBe('Submitted');
  });

  it('answers 404 for unknown ids, bad ids and drafts', async () => {
    expect((await change(999999, { status: 'Under Review' })).statusCode).toBe(404);
    expect((await change('abc', { status: 'Under Review' })).statusCode).toBe(404);
    const draft = await as(owner, { method: 'POST', url: '/api/registrations', payload: {} });
    expect((await change(draft.json().data.id, { status: 'Under Review' })).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const id = await submitted();
    expect((await change(id, { status: 'Under Review' }, owner)).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/registrations/${id}/status`,
      payload: { status: 'Under Review' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await as(admin, { url: `/api/registrations/${id}` })).json().data.status).toBe('Submitted');
  });
});

describe('Returned for changes', () => {
  it('needs a note, lets the owner change and resubmit it under the same reference, and tells them', async () => {
    const id = await submitted();
    const reference = (await as(owner, { url: `/api/registrations/${id}` })).json().data.reference_number;
    expect((await change(id, { status: 'Returned for changes' })).statusCode).toBe(422);
    const back = await change(id, { status: 'Returned for changes', note: 'Add the soil investigation engineer.' });
    expect(back.statusCode, back.body).toBe(200);
    const returnedMail = await lastMailTo(t.database, owner.email);
    expect(returnedMail!.textBody).toContain('New status: Returned for changes');
    expect(returnedMail!.textBody).toContain('Add the soil investigation engineer.');

    // The committee cannot move it on while it is with the submitter.
    for (const status of ['Under Review', 'Approved']) expect((await change(id, { status })).statusCode).toBe(409);
    // It is not a draft: it cannot be deleted, and the draft count does not include it.
    expect((await as(owner, { method: 'DELETE', url: `/api/registrations/${id}` })).statusCode).toBe(409);

    // Only its owner may change it: others (administrators too) are told it does not exist.
    const stranger = await createUser(t.database);
    for (const who of [stranger, admin]) {
      const res = await as(who, { method: 'PUT', url: `/api/registrations/${id}/draft`, payload: { current_step: 2 } });
      expect(res.statusCode).toBe(404);
    }
    const changed = { ...completeFormOne(), project_name: 'Shwe Pyi Tower (revised)' };
    const save = await as(owner, {
      method: 'PUT',
      url: `/api/registrations/${id}/draft`,
      payload: { data: changed, current_step: 3 },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().data.status).toBe('Returned for changes');

    // Sent back with a broken field: 422, and what was typed is kept.
    const broken = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      payload: { data: { ...changed, director_email: 'not-an-address' } },
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.director_email).toBeDefined();
    expect((await as(owner, { url: `/api/registrations/${id}` })).json().data.status).toBe('Returned for changes');

    const before = (await mailsTo(t.database, owner.email)).length;
    const again = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      payload: { data: changed },
    });
    expect(again.statusCode, again.body).toBe(200);
    const record = again.json().data;
    expect(record).toMatchObject({ status: 'Submitted', reference_number: reference });
    expect(record.data.project_name).toBe('Shwe Pyi Tower (revised)');
    expect(record.history.map((h: { status: string }) => h.status)).toEqual([
      'Submitted',
      'Returned for changes',
      'Submitted',
    ]);
    expect((await mailsTo(t.database, owner.email)).length).toBe(before + 1);
    // A repeated submit changes nothing and sends nothing.
    const twice = await as(owner, {
      method: 'POST',
      url: `/api/registrations/${id}/submit`,
      payload: { data: changed },
    });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.history).toHaveLength(3);
    expect((await mailsTo(t.database, owner.email)).length).toBe(before + 1);
    // And the committee can take it up again.
    expect((await change(id, { status: 'Under Review' })).statusCode).toBe(200);
  });
});
