import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KIND_NAMES, isFixedKind } from '@hpbc/shared/notices';
import { buildTestAppWithCommittee, type TestApp } from '../../../test/build-test-app';
import { createUser, requestsAs, type TestUser } from '../../../test/accounts';
import type { SmtpCatcher } from '../../../test/smtp-catcher';
import { decideRegistration, submitRegistration, submittedRegistration } from '../../../test/workflow';

let t: TestApp;
let smtp: SmtpCatcher;
let admin: TestUser;

beforeAll(async () => ({ t, smtp, admin } = await buildTestAppWithCommittee()));
afterAll(() => t.close());

const as = requestsAs(() => t.app);

const submittedBy = (user: TestUser) => submittedRegistration(t.app, user);
const returnForChanges = (id: number) =>
  decideRegistration(t.app, admin, id, 'Returned for changes', 'Add the soil report.');
const noticesOf = async (user: TestUser, query = '') => {
  const res = await as(user, { url: `/api/notices${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; kind: string; title: string; body: string; link: string | null; read_at: string | null }[];
    meta: { total: number; unread: number };
  };
};

describe('every mailed event is also a notice for the same person', () => {
  it('leaves a notice beside the submission receipt and the committee’s decision, linked to the record', async () => {
    const owner = await createUser(t.database, { name: 'Daw Notice' });
    const id = await submittedBy(owner);
    await returnForChanges(id);
    await t.app.mail.drain();
    const mails = smtp.to(owner.email);
    const list = await noticesOf(owner);
    expect(list.meta).toMatchObject({ total: mails.length, unread: mails.length });
    expect(list.data.map((n) => n.title).sort()).toEqual(mails.map((m) => m.subject).sort());
    expect(list.data.map((n) => n.kind).sort()).toEqual(['registration_decision', 'submission_receipt']);
    expect(list.data.every((n) => n.link === `/user/projects/${id}` && n.read_at === null)).toBe(true);
    expect((await as(owner, { url: '/api/notices/unread-count' })).json()).toEqual({ data: { unread: 2 } });
    // The committee's staff notice of the submission went to STAFF_EMAILS, not to this person.
    expect((await noticesOf(admin)).data.some((n) => n.link === `/user/projects/${id}`)).toBe(false);
  });

  it('keeps no link that carries a secret (a password-reset link is a notice without its link)', async () => {
    const u = await createUser(t.database, { name: 'U Reset' });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: u.email } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [n] = (await noticesOf(u)).data;
    expect(n).toMatchObject({ kind: 'account_security', link: null });
    await t.app.mail.drain();
    expect(smtp.last(u.email)?.text).toMatch(/token=/);
    expect(JSON.stringify(await noticesOf(u))).not.toMatch(/token/);
  });
});

describe('reading and marking', () => {
  it('marks one read, then all, and counts down', async () => {
    const owner = await createUser(t.database);
    await returnForChanges(await submittedBy(owner));
    const [first, second] = (await noticesOf(owner)).data;
    const one = await as(owner, { method: 'POST', url: `/api/notices/${first!.id}/read` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.read_at).not.toBeNull();
    // Again: no change of the moment it was read.
    const again = await as(owner, { method: 'POST', url: `/api/notices/${first!.id}/read` });
    expect(again.json().data.read_at).toBe(one.json().data.read_at);
    expect((await noticesOf(owner, '?unread=1')).data.map((n) => n.id)).toEqual([second!.id]);
    const all = await as(owner, { method: 'POST', url: '/api/notices/read-all' });
    expect(all.json()).toEqual({ data: { unread: 0 } });
    expect((await noticesOf(owner)).meta.unread).toBe(0);
  });

  it('refuses another person’s notice with a 404, and leaves it unread', async () => {
    const owner = await createUser(t.database);
    const other = await createUser(t.database);
    await submittedBy(owner);
    const [mine] = (await noticesOf(owner)).data;
    const res = await as(other, { method: 'POST', url: `/api/notices/${mine!.id}/read` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Notice not found.');
    expect((await as(other, { method: 'POST', url: '/api/notices/read-all' })).statusCode).toBe(200);
    expect((await noticesOf(owner)).data[0]!.read_at).toBeNull();
    expect((await noticesOf(other)).data).toEqual([]);
    expect((await as(other, { method: 'POST', url: '/api/notices/abc/read' })).statusCode).toBe(404);
  });

  it('asks for a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/notices'],
      ['GET', '/api/notices/unread-count'],
      ['POST', '/api/notices/1/read'],
      ['POST', '/api/notices/read-all'],
      ['GET', '/api/user/mail-preferences'],
      ['PUT', '/api/user/mail-preferences'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'PUT' ? { mail: {} } : undefined })).statusCode,
      ).toBe(401);
    }
  });
});

describe('mail preferences', () => {
  it('lists every kind, the fixed ones always mailed', async () => {
    const u = await createUser(t.database);
    const res = await as(u, { url: '/api/user/mail-preferences' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(MAIL_KIND_NAMES.map((kind) => ({ kind, mail: true, fixed: isFixedKind(kind) })));
  });

  it('a kind turned off is not mailed (the notice still comes); turned on again, it is', async () => {
    const owner = await createUser(t.database, { name: 'Daw Quiet' });
    const off = await as(owner, {
      method: 'PUT',
      url: '/api/user/mail-preferences',
      payload: { mail: { submission_receipt: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.find((p: { kind: string }) => p.kind === 'submission_receipt')).toEqual({
      kind: 'submission_receipt',
      mail: false,
      fixed: false,
    });
    const id = await submittedBy(owner);
    await returnForChanges(id); // a decision: fixed, mailed whatever the choice
    await t.app.mail.drain();
    const subjects = smtp.to(owner.email).map((m) => m.subject);
    expect(subjects).toHaveLength(1);
    expect((await noticesOf(owner)).data.map((n) => n.kind).sort()).toEqual([
      'registration_decision',
      'submission_receipt',
    ]);
    expect(subjects[0]).toBe((await noticesOf(owner)).data.find((n) => n.kind === 'registration_decision')!.title);

    await as(owner, {
      method: 'PUT',
      url: '/api/user/mail-preferences',
      payload: { mail: { submission_receipt: true } },
    });
    await submitRegistration(t.app, owner, id);
    await t.app.mail.drain();
    expect(smtp.to(owner.email)).toHaveLength(2);
  });

  it('refuses to turn a fixed kind off (422 naming it) and an unknown kind, and changes nothing', async () => {
    const u = await createUser(t.database);
    const res = await as(u, {
      method: 'PUT',
      url: '/api/user/mail-preferences',
      payload: { mail: { registration_decision: false, reminder: false } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'mail.registration_decision': ['This kind of notice is always sent by e-mail and cannot be turned off.'],
    });
    const unknown = await as(u, {
      method: 'PUT',
      url: '/api/user/mail-preferences',
      payload: { mail: { gossip: false } },
    });
    expect(unknown.statusCode).toBe(422);
    const prefs = (await as(u, { url: '/api/user/mail-preferences' })).json().data as { kind: string; mail: boolean }[];
    expect(prefs.every((p) => p.mail)).toBe(true);
  });

  it('a fixed kind is mailed even if a row says otherwise (the outbox decides by the declaration)', async () => {
    const owner = await createUser(t.database);
    await t.database.query('INSERT INTO mail_opt_outs (user_id, kind) VALUES ($1, $2)', [
      owner.id,
      'registration_decision',
    ]);
    await returnForChanges(await submittedBy(owner));
    await t.app.mail.drain();
    expect(
      smtp
        .to(owner.email)
        .map((m) => m.subject)
        .some((s) => /Returned/i.test(s)),
    ).toBe(true);
  });
});
