import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage, STATUS_COLORS } from '@hpbc/shared';
import { accessTokens, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { PASSWORD, createUser, lastMailTo, linkIn, mailsTo, uniqueEmail, uniqueIp } from '../../../test/accounts';

let t: TestApp;
const answers: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const body of answers) expect(body).not.toMatch(/\$argon2|password_hash|passwordHash|token_hash/);
  await t.close();
});

async function call(
  token: string | undefined,
  opts: InjectOptions & { lang?: string },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await t.app.inject({ remoteAddress: uniqueIp(), ...opts, headers });
  answers.push(res.body);
  return res;
}

async function login(email: string, password = PASSWORD): Promise<string> {
  const res = await call(undefined, { method: 'POST', url: '/api/user/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

const profile = (over: Record<string, unknown> = {}) => ({
  name: 'Su Su',
  email: uniqueEmail('profile'),
  phone: '09-123 456 789',
  address: 'No. 1, Pyay Road, Yangon',
  ...over,
});

describe('GET /api/user and /api/user/profile', () => {
  it.each(['/api/user', '/api/user/profile'])('%s answers {user, roles}', async (url) => {
    const u = await createUser(t.database, { roles: ['national-counterpart'], admin: true });
    const res = await call(u.token, { url });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['roles', 'user']);
    expect(body.user).toMatchObject({ id: u.id, email: u.email, is_admin: true, status: 'active' });
    expect(body.user.email_verified_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.roles).toEqual([
      { id: expect.any(Number), name: 'National Counterpart', slug: 'national-counterpart' },
    ]);
  });

  it.each(['/api/user', '/api/user/profile', '/api/user/status'])(
    '%s answers 401 without a valid token',
    async (url) => {
      for (const token of [undefined, 'garbage', 'A'.repeat(43)]) {
        const res = await call(token, { url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.' });
      }
    },
  );

  it('answers an unverified account too', async () => {
    const u = await createUser(t.database, { verified: false });
    const res = await call(u.token, { url: '/api/user/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email_verified_at).toBeNull();
  });
});

describe('GET /api/user/status', () => {
  it('answers chips with allowed colours', async () => {
    const basic = await createUser(t.database, { verified: false });
    const res = await call(basic.token, { url: '/api/user/status' });
    expect(res.statusCode).toBe(200);
    const { status } = res.json();
    expect(status).toEqual({
      account: { label: 'Account active', color: 'green' },
      email: { label: 'Email not verified', color: 'yellow' },
      roles: { label: 'Basic account', color: 'gray' },
    });
    const admin = await createUser(t.database, { admin: true, roles: ['project', 'eiet'] });
    const chips = (await call(admin.token, { url: '/api/user/status' })).json().status;
    expect(chips.email).toEqual({ label: 'Email verified', color: 'blue' });
    expect(chips.roles).toEqual({ label: '2 roles', color: 'blue' });
    expect(chips.admin).toEqual({ label: 'Administrator', color: 'green' });
    for (const chip of Object.values(chips) as { color: string }[]) expect(STATUS_COLORS).toContain(chip.color);
  });

  it('labels chips in Burmese when asked', async () => {
    const u = await createUser(t.database, { roles: ['project', 'eiet'] });
    const { status } = (await call(u.token, { url: '/api/user/status', lang: 'my' })).json();
    expect(status.roles.label).toBe('အခန်းကဏ္ဍ ၂ ခု');
    expect(status.email.label).toBe('အီးမေးလ် အတည်ပြုပြီး');
  });
});

describe('POST and PUT /api/user/profile', () => {
  it.each(['POST', 'PUT'] as const)('%s saves name, phone and address and answers {user, message}', async (method) => {
    const u = await createUser(t.database);
    const res = await call(u.token, { method, url: '/api/user/profile', payload: profile({ email: u.email }) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ user: expect.any(Object), message: 'Your profile has been updated successfully.' });
    expect(body.user).toMatchObject({
      name: 'Su Su',
      email: u.email,
      phone: '09-123 456 789',
      address: 'No. 1, Pyay Road, Yangon',
    });
    expect(body.user.email_verified_at).not.toBeNull();
    const cleared = await call(u.token, {
      method,
      url: '/api/user/profile',
      payload: { name: 'Su Su', email: u.email, phone: '', address: null },
    });
    expect(cleared.json().user).toMatchObject({ phone: null, address: null });
  });

  it('a new e-mail clears verification and sends a link to the new address', async () => {
    const u = await createUser(t.database);
    const email = uniqueEmail('changed');
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/user/profile',
      payload: profile({ email, current_password: PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, email_verified_at: null });
    expect(res.json().verification_sent).toBe(true);
    const mail = await lastMailTo(t.database, email);
    const link = linkIn(mail!.textBody, '/email/verify/');
    // The account now needs verification for everything but profile, status, logout and current user.
    const blocked = await call(u.token, {
      method: 'PUT',
      url: '/api/user/password',
      payload: {
        current_password: PASSWORD,
        password: 'New passphrase 77',
        password_confirmation: 'New passphrase 77',
      },
    });
    expect(blocked.statusCode).toBe(403);
    expect((await call(u.token, { url: '/api/user/profile' })).statusCode).toBe(200);
    const verified = await call(undefined, { url: `/api/user${link.pathname}${link.search}` });
    expect(verified.statusCode).toBe(200);
    expect((await call(u.token, { url: '/api/user' })).json().user.email_verified_at).not.toBeNull();
  });

  it('keeps the e-mail verified when only its capitals change', async () => {
    const u = await createUser(t.database);
    const res = await call(u.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: profile({ email: u.email.toUpperCase() }),
    });
    expect(res.json().user.email_verified_at).not.toBeNull();
    expect(await mailsTo(t.database, u.email)).toHaveLength(0);
  });

  it('answers 422 per field', async () => {
    const other = await createUser(t.database);
    const u = await createUser(t.database);
    const res = await call(u.token, {
      method: 'POST',
      url: '/api/user/profile',
      payload: { name: '', email: 'bad', phone: 'call me', address: 'x'.repeat(1001) },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['address', 'email', 'name', 'phone']);
    const taken = await call(u.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: profile({ email: other.email, current_password: PASSWORD }),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const pw = await call(u.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: profile({
        email: u.email,
        password: 'Good passphrase 1',
        password_confirmation: 'nope',
        current_password: PASSWORD,
      }),
    });
    expect(pw.json().errors).toEqual({ password: ['The password confirmation does not match.'] });
    const common = await call(u.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: profile({
        email: u.email,
        password: 'iloveyou',
        password_confirmation: 'iloveyou',
        current_password: PASSWORD,
      }),
    });
    expect(common.json().errors.password).toEqual([renderMessage('password_common|password')]);
  });

  it('answers 401 before looking at the body', async () => {
    const res = await call(undefined, { method: 'POST', url: '/api/user/profile', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('a new password signs out other sessions, keeps this one, and sends a notice', async () => {
    const u = await createUser(t.database);
    const here = await login(u.email);
    const NEW = 'Profile passphrase 5';
    const res = await call(here, {
      method: 'POST',
      url: '/api/user/profile',
      payload: profile({ email: u.email, password: NEW, password_confirmation: NEW, current_password: PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    expect((await call(u.token, { url: '/api/user' })).statusCode).toBe(401);
    expect((await call(here, { url: '/api/user' })).statusCode).toBe(200);
    expect((await lastMailTo(t.database, u.email))!.subject).toBe('HPBC - Your password was changed');
    await login(u.email, NEW);
  });

  it('a blank password leaves the password alone', async () => {
    const u = await createUser(t.database);
    await call(u.token, {
      method: 'POST',
      url: '/api/user/profile',
      payload: profile({ email: u.email, password: '', password_confirmation: '' }),
    });
    await login(u.email);
  });

  it('stores the mail language from the request or an explicit locale', async () => {
    const u = await createUser(t.database);
    await call(u.token, { method: 'PUT', url: '/api/user/profile', payload: profile({ email: u.email }), lang: 'my' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.locale).toBe('my');
    await call(u.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: profile({ email: u.email, locale: 'en' }),
      lang: 'my',
    });
    const [again] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(again!.locale).toBe('en');
  });
});

describe('PUT /api/user/password', () => {
  const change = (over: Record<string, unknown> = {}) => ({
    current_password: PASSWORD,
    password: 'Changed passphrase 3',
    password_confirmation: 'Changed passphrase 3',
    ...over,
  });

  it('changes the password, revokes other tokens, keeps this one and sends a notice', async () => {
    const u = await createUser(t.database, { locale: 'my' });
    const here = await login(u.email);
    const res = await call(here, { method: 'PUT', url: '/api/user/password', payload: change() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await call(u.token, { url: '/api/user' })).statusCode).toBe(401);
    expect((await call(here, { url: '/api/user' })).statusCode).toBe(200);
    const mail = await lastMailTo(t.database, u.email);
    expect(mail!.subject).toBe('HPBC - သင်၏ စကားဝှက် ပြောင်းလဲပြီးပါပြီ');
    expect(mail!.htmlBody).toContain('lang="my"');
    await login(u.email, 'Changed passphrase 3');
    const rows = await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, u.id));
    expect(rows.length).toBe(2);
  });

  it('answers 422 for a wrong current password, a weak or unconfirmed new one', async () => {
    const u = await createUser(t.database);
    const wrong = await call(u.token, {
      method: 'PUT',
      url: '/api/user/password',
      payload: change({ current_password: 'not it at all' }),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const weak = await call(u.token, {
      method: 'PUT',
      url: '/api/user/password',
      payload: change({ password: 'football', password_confirmation: 'football' }),
    });
    expect(weak.json().errors).toEqual({
      password: [renderMessage('password_common|password')],
    });
    const missing = await call(u.token, { method: 'PUT', url: '/api/user/password', payload: {} });
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'current_password',
      'password',
      'password_confirmation',
    ]);
    const unconfirmed = await call(u.token, {
      method: 'PUT',
      url: '/api/user/password',
      payload: change({ password_confirmation: 'x' }),
    });
    expect(unconfirmed.json().errors).toEqual({ password: ['The password confirmation does not match.'] });
  });

  it('answers 401 without a token and 403 for an unverified account', async () => {
    expect((await call(undefined, { method: 'PUT', url: '/api/user/password', payload: change() })).statusCode).toBe(
      401,
    );
    const u = await createUser(t.database, { verified: false });
    const res = await call(u.token, { method: 'PUT', url: '/api/user/password', payload: change() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('is rate limited with Retry-After', async () => {
    const u = await createUser(t.database);
    const ip = uniqueIp();
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      res = await call(u.token, { method: 'PUT', url: '/api/user/password', payload: {}, remoteAddress: ip });
    }
    expect(res!.statusCode).toBe(429);
    expect(res!.headers['retry-after']).toBeDefined();
  });
});
