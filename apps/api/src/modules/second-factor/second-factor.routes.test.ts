import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { inspections, registrations, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { PASSWORD, auditOf, createUser, lastMailTo, linkIn, requestsAs, type TestUser } from '../../../test/accounts';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { attachDocument } from '../../../test/documents';
import { insertEietCompany } from '../../../test/public-records';
import { makePdf, multipartBody } from '../service-requests/service-requests.test-helpers';

// Issue 26 (passkeys, step-up for legal acts) and issue 24 hole 2 (second factors set up
// with the password alone). The accounts here are at @legal.test, which the test
// configuration does not exempt; @example.test accounts (createUser's default) are exempt.

let t: TestApp;
let n = 0;
const email = (p: string) => `${p}.${process.pid}.${++n}@legal.test`;
const as = requestsAs(() => t.app);
const post = (user: TestUser | null, url: string, payload: object) =>
  user ? as(user, { method: 'POST', url, payload }) : t.app.inject({ method: 'POST', url, payload });
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
const nextStep = () => {
  t.clock.now = new Date(t.clock.now.getTime() + 30_000);
};

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The password, then the mailed link's token. */
async function securityLink(user: TestUser): Promise<string> {
  const res = await post(user, '/api/user/security/link', { password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await lastMailTo(t.database, user.email);
  return linkIn(mail!.textBody, '/user/two-factor').searchParams.get('security')!;
}

async function addPasskey(user: TestUser, key = new SoftAuthenticator()) {
  const token = await securityLink(user);
  const options = await post(user, '/api/user/passkeys/options', { token });
  expect(options.statusCode, options.body).toBe(200);
  const added = await post(user, '/api/user/passkeys', {
    token,
    name: 'Work laptop',
    response: key.register(options.json().data),
  });
  expect(added.statusCode, added.body).toBe(201);
  return key;
}

async function addTotp(user: TestUser): Promise<string> {
  const security = await securityLink(user);
  const setup = await post(user, '/api/user/two-factor/setup', { security });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().secret as string;
  const done = await post(user, '/api/user/two-factor/confirm', { security, code: codeAt(secret, t.clock.now) });
  expect(done.statusCode, done.body).toBe(200);
  nextStep();
  return secret;
}

async function registrationNaming(counterpart: TestUser): Promise<{ id: number; hash: string }> {
  const owner = await createUser(t.database, { name: 'Owner' });
  const data = completeFormOne({
    national_architect_email: counterpart.email,
    national_architect_license: 'NA-1',
    national_structure_email: counterpart.email,
    national_structure_license: 'NS-2',
  });
  const created = await as(owner, { method: 'POST', url: '/api/registrations', payload: { data } });
  const id = created.json().data.id as number;
  // Submitting needs a drawing for each discipline that names a counterpart (issue 25).
  for (const discipline of ['architect', 'structure']) await attachDocument(t.app, owner.token, id, { discipline });
  const sub = await as(owner, { method: 'POST', url: `/api/registrations/${id}/submit`, payload: { data } });
  expect(sub.statusCode, sub.body).toBe(200);
  const review = await as(counterpart, { url: `/api/reviews/${id}` });
  expect(review.statusCode, review.body).toBe(200);
  return { id, hash: review.json().data.content_sha256 as string };
}

/** Countersigns the content the counterpart's screen shows (its current hash, issue 24 hole 6). */
async function countersign(user: TestUser, id: number, discipline: string) {
  const review = await as(user, { url: `/api/reviews/${id}` });
  const content_sha256 = review.json().data?.content_sha256 as string;
  return as(user, { method: 'POST', url: `/api/reviews/${id}/countersign`, payload: { discipline, content_sha256 } });
}

async function stepUpWithPasskey(user: TestUser, key: SoftAuthenticator, act: object) {
  const options = await post(user, '/api/user/step-up/options', { act });
  expect(options.statusCode, options.body).toBe(200);
  const response = key.assert(options.json().data);
  const res = await post(user, '/api/user/step-up', { response });
  return { res, response };
}

describe('a second factor is set up with the password and a mailed link (issue 24 hole 2)', () => {
  it('refuses a passkey or an app without the mailed link, and a wrong password', async () => {
    const user = await createUser(t.database, { email: email('nolink'), roles: ['national-counterpart'] });
    const wrong = await post(user, '/api/user/security/link', { password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['password']);
    expect(await lastMailTo(t.database, user.email)).toBeUndefined();

    const fake = 'x'.repeat(43);
    expect((await post(user, '/api/user/passkeys/options', { token: fake })).statusCode).toBe(422);
    const setup = await post(user, '/api/user/two-factor/setup', {});
    expect(setup.statusCode).toBe(422);
    expect(Object.keys(setup.json().errors)).toEqual(['token']);
  });

  it('after the grace sign-in, the enrolment ticket alone cannot set up an app: the mailed link is needed', async () => {
    const admin = await createUser(t.database, { email: email('admin'), admin: true });
    const login = () => post(null, '/api/user/login', { email: admin.email, password: PASSWORD });
    expect((await login()).json().two_factor_grace).toBe(true);
    const step = (await login()).json();
    expect(step.two_factor).toBe('enrol');
    // The thief's path of audit 3: the ticket alone.
    const alone = await post(null, '/api/user/login/two-factor/setup', { challenge: step.challenge });
    expect(alone.statusCode).toBe(422);
    expect(Object.keys(alone.json().errors)).toEqual(['token']);
    // The owner's path: the link mailed to the account's address.
    const mail = await lastMailTo(t.database, admin.email);
    const security = linkIn(mail!.textBody, '/login').searchParams.get('security')!;
    const setup = await post(null, '/api/user/login/two-factor/setup', { challenge: step.challenge, security });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const done = await post(null, '/api/user/login/two-factor/confirm', {
      challenge: step.challenge,
      security,
      code: codeAt(setup.json().secret, t.clock.now),
    });
    expect(done.statusCode, done.body).toBe(200);
    // Mailed and audited (issue 24 hole 5, issue 28 item 2).
    expect((await lastMailTo(t.database, admin.email))!.textBody).toContain(
      'Two-step sign-in with an authenticator app was turned on',
    );
    expect((await auditOf(t.database, 'user', admin.id)).map((a) => a.action)).toContain('totp_enabled');
  });

  it('audits and mails new recovery codes and a recovery code used', async () => {
    const admin = await createUser(t.database, { email: email('codes'), admin: true });
    const secret = await addTotp(admin);
    const renewed = await post(admin, '/api/user/two-factor/recovery-codes', { code: codeAt(secret, t.clock.now) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await lastMailTo(t.database, admin.email))!.textBody).toContain('New recovery codes were made');
    const step = (await post(null, '/api/user/login', { email: admin.email, password: PASSWORD })).json();
    const used = await post(null, '/api/user/login/two-factor', {
      challenge: step.challenge,
      recovery_code: renewed.json().recovery_codes[0],
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await lastMailTo(t.database, admin.email))!.textBody).toContain('Recovery codes left: 9');
    const actions = (await auditOf(t.database, 'user', admin.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['totp_enabled', 'recovery_codes_renewed', 'recovery_code_used']));
  });
});

describe('passkeys', () => {
  it('adds, lists, renames and removes a passkey; each change is mailed and audited, a link works once', async () => {
    const user = await createUser(t.database, { email: email('keys'), roles: ['national-counterpart'] });
    await addPasskey(user);
    expect((await lastMailTo(t.database, user.email))!.textBody).toContain('A passkey ("Work laptop") was added');
    const overview = await as(user, { url: '/api/user/security' });
    expect(overview.json().data).toMatchObject({
      passkeys: [{ name: 'Work laptop', last_used_at: null }],
      totp: { enabled: false },
      required: true,
      step_up: true,
    });
    const id = overview.json().data.passkeys[0].id as number;
    const renamed = await as(user, { method: 'PATCH', url: `/api/user/passkeys/${id}`, payload: { name: 'Phone' } });
    expect(renamed.json().data.name).toBe('Phone');
    // Someone else's passkey is not found.
    const other = await createUser(t.database, { email: email('other') });
    expect(
      (await as(other, { method: 'PATCH', url: `/api/user/passkeys/${id}`, payload: { name: 'Mine' } })).statusCode,
    ).toBe(404);

    const token = await securityLink(user);
    const removed = await as(user, { method: 'DELETE', url: `/api/user/passkeys/${id}`, payload: { token } });
    expect(removed.statusCode, removed.body).toBe(204);
    const again = await as(user, { method: 'DELETE', url: `/api/user/passkeys/${id}`, payload: { token } });
    expect(again.statusCode).toBe(422);
    expect((await lastMailTo(t.database, user.email))!.textBody).toContain('The passkey "Phone" was removed');
    const actions = (await auditOf(t.database, 'user', user.id)).map((a) => a.action);
    expect(actions).toEqual(['passkey_added', 'passkey_removed']);
  });

  it('signs in with a passkey alone (discoverable), once per challenge', async () => {
    const user = await createUser(t.database, { email: email('signin'), roles: ['national-counterpart'] });
    const key = await addPasskey(user);
    const options = await post(null, '/api/user/login/passkey/options', {});
    expect(options.json().data.allowCredentials).toEqual([]);
    const response = key.assert(options.json().data);
    const res = await post(null, '/api/user/login/passkey', { response });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { email: user.email } });
    // The same assertion again: the challenge is spent.
    const replay = await post(null, '/api/user/login/passkey', { response });
    expect(replay.statusCode).toBe(422);
    // An assertion from another origin is refused.
    const other = await post(null, '/api/user/login/passkey/options', {});
    const phished = key.assert(other.json().data, { origin: 'https://hpbc.example.evil' });
    expect((await post(null, '/api/user/login/passkey', { response: phished })).statusCode).toBe(422);
  });

  it('is the second step after the password', async () => {
    const user = await createUser(t.database, { email: email('second'), roles: ['national-counterpart'] });
    const key = await addPasskey(user);
    const step = (await post(null, '/api/user/login', { email: user.email, password: PASSWORD })).json();
    expect(step).toMatchObject({ two_factor: 'code', challenge: expect.any(String) });
    const options = await post(null, '/api/user/login/two-factor/passkey/options', { challenge: step.challenge });
    expect(options.json().data.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const done = await post(null, '/api/user/login/two-factor/passkey', {
      challenge: step.challenge,
      response: key.assert(options.json().data),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe(user.email);
  });
});

describe('legal acts need a fresh second-factor proof', () => {
  it('countersigning: two_factor_required without a factor, step_up_required without a proof', async () => {
    const cp = await createUser(t.database, { email: email('cp'), name: 'U Sign', roles: ['national-counterpart'] });
    const { id } = await registrationNaming(cp);
    const none = await countersign(cp, id, 'architect');
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ reason: 'two_factor_required', message: expect.stringMatching(/passkey/) });
    await addPasskey(cp);
    const stale = await countersign(cp, id, 'architect');
    expect(stale.statusCode).toBe(403);
    expect(stale.json().reason).toBe('step_up_required');
  });

  it('a passkey proof signs the act its challenge names, once; another act and a replay are refused', async () => {
    const cp = await createUser(t.database, { email: email('cp'), name: 'U Sign', roles: ['national-counterpart'] });
    const key = await addPasskey(cp);
    const { id, hash } = await registrationNaming(cp);
    const act = { kind: 'countersign', registration_id: id, discipline: 'architect', content_sha256: hash };
    const { res, response } = await stepUpWithPasskey(cp, key, act);
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json().expires_at).getTime() - t.clock.now.getTime()).toBe(5 * 60 * 1000);
    // The challenge carries the act: its last 32 bytes are SHA-256 of the act.
    // An assertion for the architect's countersignature does not sign the structure's.
    const other = await countersign(cp, id, 'structure');
    expect(other.statusCode).toBe(403);
    expect(other.json().reason).toBe('step_up_required');
    // Replayed: the challenge is spent.
    const replay = await post(cp, '/api/user/step-up', { response });
    expect(replay.statusCode).toBe(422);
    const signed = await countersign(cp, id, 'architect');
    expect(signed.statusCode, signed.body).toBe(201);
    // The proof was spent by the act.
    const twice = await countersign(cp, id, 'architect');
    expect(twice.json().reason).toBe('step_up_required');

    // The public verification shows how and when it was signed.
    const [row] = await t.database.db
      .select({ ref: registrations.referenceNumber })
      .from(registrations)
      .where(eq(registrations.id, id));
    const verify = await t.app.inject({ url: `/api/verify/${row!.ref}` });
    expect(verify.statusCode, verify.body).toBe(200);
    const signature = verify.json().countersignatures.find((s: { discipline: string }) => s.discipline === 'architect');
    expect(signature.signed_with).toEqual({ method: 'passkey', passkey_name: 'Work laptop', at: expect.any(String) });
  });

  it('a passkey assertion made for another challenge of the same account is refused', async () => {
    const cp = await createUser(t.database, { email: email('cp'), roles: ['national-counterpart'] });
    const key = await addPasskey(cp);
    const { id, hash } = await registrationNaming(cp);
    // A challenge for signing in, presented as a step-up.
    const login = await post(null, '/api/user/login/passkey/options', {});
    const res = await post(cp, '/api/user/step-up', { response: key.assert(login.json().data) });
    expect(res.statusCode).toBe(422);
    expect((await countersign(cp, id, 'architect')).json().reason, `no proof for ${hash.slice(0, 8)} was made`).toBe(
      'step_up_required',
    );
  });

  it('a code proof lasts 5 minutes (moved clock) and signs one act', async () => {
    const cp = await createUser(t.database, { email: email('code'), roles: ['national-counterpart'] });
    const secret = await addTotp(cp);
    const { id } = await registrationNaming(cp);
    const proof = await post(cp, '/api/user/step-up', { code: codeAt(secret, t.clock.now) });
    expect(proof.statusCode, proof.body).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 5 * 60 * 1000 + 1000);
    const late = await countersign(cp, id, 'architect');
    expect(late.statusCode).toBe(403);
    expect(late.json().reason).toBe('step_up_required');
    // A wrong code is no proof.
    const wrong = await post(cp, '/api/user/step-up', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const fresh = await post(cp, '/api/user/step-up', { code: codeAt(secret, t.clock.now) });
    expect(fresh.statusCode).toBe(200);
    expect((await countersign(cp, id, 'architect')).statusCode).toBe(201);
    expect((await countersign(cp, id, 'structure')).json().reason).toBe('step_up_required');
  });

  it("the committee's approval or rejection, not a move back to review", async () => {
    const admin = await createUser(t.database, { email: email('committee'), admin: true });
    const cp = await createUser(t.database, { email: email('cp'), roles: ['national-counterpart'] });
    const { id } = await registrationNaming(cp);
    const decide = (status: string) =>
      as(admin, {
        method: 'PATCH',
        url: `/api/admin/registrations/${id}/status`,
        payload: { status, note: 'The site is in a flood zone.' },
      });
    expect((await decide('Rejected')).json().reason).toBe('two_factor_required');
    const key = await addPasskey(admin);
    expect((await decide('Rejected')).json().reason).toBe('step_up_required');
    // A proof for approving does not reject.
    const { res } = await stepUpWithPasskey(admin, key, { kind: 'decision', registration_id: id, status: 'Approved' });
    expect(res.statusCode).toBe(200);
    expect((await decide('Rejected')).json().reason).toBe('step_up_required');
    await stepUpWithPasskey(admin, key, { kind: 'decision', registration_id: id, status: 'Rejected' });
    const done = await decide('Rejected');
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.database.db
      .select({ ref: registrations.referenceNumber })
      .from(registrations)
      .where(eq(registrations.id, id));
    const verify = (await t.app.inject({ url: `/api/verify/${row!.ref}` })).json();
    expect(verify.decision).toEqual({
      status: 'Rejected',
      signed_with: { method: 'passkey', passkey_name: 'Work laptop', at: expect.any(String) },
    });
  });

  it('an inspection result, with its outcome in the challenge', async () => {
    const company = await insertEietCompany(t.database, { eietName: 'Step Team' });
    const inspector = await createUser(t.database, { email: email('insp'), roles: ['eiet'] });
    await t.database.db.update(users).set({ eietCompanyId: company }).where(eq(users.id, inspector.id));
    const owner = await createUser(t.database, { name: 'Owner' });
    const [reg] = await t.database.db
      .insert(registrations)
      .values({ userId: owner.id, status: 'Under Review', currentStep: 7, data: completeFormOne() })
      .returning();
    const [insp] = await t.database.db
      .insert(inspections)
      .values({
        registrationId: reg!.id,
        eietCompanyId: company,
        kind: 'structure',
        scheduledFor: new Date(t.clock.now.getTime() - 24 * 3600 * 1000),
      })
      .returning();
    const pdf = await makePdf();
    const record = async (outcome: string) => {
      const { payload, contentType } = await multipartBody({ outcome, remarks: 'As drawn.' }, [
        { name: 'report', filename: 'r.pdf', type: 'application/pdf', bytes: pdf },
      ]);
      return as(inspector, {
        method: 'POST',
        url: `/api/inspections/${insp!.id}/result`,
        headers: { 'content-type': contentType },
        payload,
      });
    };
    expect((await record('passed')).json().reason).toBe('two_factor_required');
    const key = await addPasskey(inspector);
    expect((await record('passed')).json().reason).toBe('step_up_required');
    await stepUpWithPasskey(inspector, key, { kind: 'inspection_result', inspection_id: insp!.id, outcome: 'failed' });
    // Signed "failed": it cannot record "passed".
    expect((await record('passed')).json().reason).toBe('step_up_required');
    const done = await record('failed');
    expect(done.statusCode, done.body).toBe(200);
  });

  it('exempt accounts (TWO_FACTOR_EXEMPT_EMAILS) without a factor act as before; with one, they step up', async () => {
    const cp = await createUser(t.database, { roles: ['national-counterpart'] }); // @example.test: exempt here
    const { id } = await registrationNaming(cp);
    expect((await countersign(cp, id, 'architect')).statusCode).toBe(201);
    await addPasskey(cp);
    expect((await countersign(cp, id, 'structure')).json().reason).toBe('step_up_required');
  });
});
