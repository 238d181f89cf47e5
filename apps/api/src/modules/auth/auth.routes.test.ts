import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@hpbc/shared';
import { accessTokens, oneTimeTokens, users } from '../../db/schema/index';
import { TOKEN_LIFETIME_MS } from '../../lib/token-lifetime';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  ACCOUNT_KEYS,
  PASSWORD,
  createUser,
  injectAs,
  lastMailTo,
  linkIn,
  mailsTo,
  uniqueEmail,
  uniqueIp,
} from '../../../test/accounts';

let t: TestApp;
const COMMON_PASSWORD = renderMessage('password_common|password');
/** Every answer of this file, checked at the end for hashes and tokens. */
const answers: string[] = [];
/** Reset tokens: never in any answer. */
const secrets: string[] = [];
/** Bearer tokens: only in the login answer that issued them. */
const bearers: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  // No answer ever carries a password hash, a reset token or another user's token.
  const rows = await t.database.db.select({ h: users.passwordHash }).from(users);
  for (const body of answers) {
    expect(body).not.toMatch(/\$argon2/);
    expect(body).not.toMatch(/password_hash|passwordHash|token_hash/);
    for (const r of rows) expect(body).not.toContain(r.h);
    for (const s of secrets) expect(body).not.toContain(s);
  }
  for (const b of bearers) expect(answers.filter((body) => body.includes(b))).toHaveLength(1);
  await t.close();
});

async function send(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  opts: { ip?: string; token?: string; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await t.app.inject({
    method,
    url,
    headers,
    remoteAddress: opts.ip ?? uniqueIp(),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  answers.push(res.body);
  return res;
}

const registration = (email = uniqueEmail()) => ({
  name: 'Aung Aung',
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms: true,
});

async function registerUser(email = uniqueEmail(), lang?: string) {
  const res = await send('POST', '/api/user/register', registration(email), { lang });
  expect(res.statusCode).toBe(201);
  return { email, user: res.json().user as { id: number } };
}

async function verificationUrl(email: string): Promise<string> {
  const mail = await lastMailTo(t.database, email);
  const link = linkIn(mail!.textBody, '/email/verify/');
  return `/api/user${link.pathname}${link.search}`;
}

async function resetToken(email: string): Promise<string> {
  const mail = await lastMailTo(t.database, email);
  const link = linkIn(mail!.textBody, '/reset-password');
  expect(link.searchParams.get('email')).toBe(email);
  const token = link.searchParams.get('token')!;
  secrets.push(token);
  return token;
}

describe('POST /api/user/register', () => {
  it('creates the account, answers 201 and sends a verification mail', async () => {
    const email = uniqueEmail('new');
    const res = await send('POST', '/api/user/register', { ...registration(email), extra: 'ignored' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ verification_sent: true, user: expect.any(Object), message: expect.any(String) });
    expect(Object.keys(body.user).sort()).toEqual(ACCOUNT_KEYS);
    expect(body.user).toMatchObject({
      name: 'Aung Aung',
      email,
      email_verified_at: null,
      phone: null,
      address: null,
      is_admin: false,
      status: 'active',
    });
    expect(body).not.toHaveProperty('token');
    const mail = await lastMailTo(t.database, email);
    expect(mail!.subject).toBe('HPBC - Verify your email address');
    expect(mail!.textBody).toContain('High-rise and Public Building projects Committee');
    expect(mail!.htmlBody).toContain('Verify Email Address');
    const link = linkIn(mail!.textBody, '/email/verify/');
    expect(link.origin).toBe(t.config.appUrl);
    expect(link.pathname).toMatch(new RegExp(`^/email/verify/${body.user.id}/[0-9a-f]{40}$`));
    expect(link.searchParams.get('expires')).toMatch(/^\d+$/);
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores the address lower-cased and sends Burmese mail to a Burmese visitor', async () => {
    const email = uniqueEmail('my');
    await registerUser(email.toUpperCase(), 'my');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.locale).toBe('my');
    const mail = await lastMailTo(t.database, email);
    expect(mail!.subject).toContain('အီးမေးလ်လိပ်စာကို အတည်ပြုပါ');
    expect(mail!.textBody).toContain('အထပ်မြင့်နှင့် အများပြည်သူသုံး');
  });

  it('answers 422 listing every failed field, with the first message repeated', async () => {
    const res = await send('POST', '/api/user/register', {
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'password', 'terms']);
    expect(body.errors.name).toEqual(['The name field is required.']);
    expect(body.errors.email).toEqual(['The email must be a valid email address.']);
    expect(body.errors.password).toContain('The password must be at least 8 characters.');
    expect(body.errors.password).toContain('The password confirmation does not match.');
    expect(body.errors.terms).toEqual(['The terms must be accepted.']);
    expect(body.message).toBe(Object.values(body.errors as Record<string, string[]>)[0]![0]);
  });

  it('renders validation messages in Burmese when asked', async () => {
    const res = await send('POST', '/api/user/register', { ...registration(), name: '' }, { lang: 'my' });
    expect(res.json().errors.name).toEqual(['အမည် ကို ဖြည့်ရန် လိုအပ်ပါသည်။']);
  });

  it.each([
    ['name too long', { name: 'x'.repeat(256) }, 'name', 'The name may not be greater than 255 characters.'],
    ['terms refused', { terms: false }, 'terms', 'The terms must be accepted.'],
    [
      'password not confirmed',
      { password_confirmation: 'something else' },
      'password',
      'The password confirmation does not match.',
    ],
    [
      'password too long',
      { password: 'p'.repeat(257), password_confirmation: 'p'.repeat(257) },
      'password',
      'The password may not be greater than 256 characters.',
    ],
    ['common password', { password: 'password123', password_confirmation: 'password123' }, 'password', COMMON_PASSWORD],
    [
      'common password in capitals',
      { password: 'QWERTYUI', password_confirmation: 'QWERTYUI' },
      'password',
      COMMON_PASSWORD,
    ],
  ])('answers 422 for %s', async (_name, change, field, message) => {
    const res = await send('POST', '/api/user/register', { ...registration(), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses an address that is taken, whatever its capitals', async () => {
    const { email } = await registerUser();
    const res = await send('POST', '/api/user/register', registration(email.toUpperCase()));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('refuses the published demo password, and accepts a 256-character one, never truncated', async () => {
    const res = await send('POST', '/api/user/register', {
      ...registration(),
      password: 'DemoPass!2025',
      password_confirmation: 'DemoPass!2025',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([renderMessage('password_personal|password')]);
    const long = 'Lq7 ' + 'L'.repeat(251) + 'a';
    const email = uniqueEmail('long');
    await send('POST', '/api/user/register', { ...registration(email), password: long, password_confirmation: long });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
    const ip = uniqueIp();
    const cut = await send('POST', '/api/user/login', { email, password: 'L'.repeat(255) + 'b' }, { ip });
    expect(cut.statusCode).toBe(422);
    expect((await send('POST', '/api/user/login', { email, password: long }, { ip })).statusCode).toBe(200);
  });

  it('answers 400 to a body that is not JSON and 422 to an empty one', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect((await send('POST', '/api/user/register', {})).statusCode).toBe(422);
  });

  it('is limited per IP: 429 with Retry-After', async () => {
    const ip = uniqueIp();
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) res = await send('POST', '/api/user/register', { name: '' }, { ip });
    expect(res!.statusCode).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(0);
    expect(res!.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // In Burmese for a Burmese page, like every other message.
    const my = await send('POST', '/api/user/register', { name: '' }, { ip, lang: 'my' });
    expect(my.statusCode).toBe(429);
    expect(my.json().message).toMatch(/^ကြိုးစားမှု များလွန်းနေပါသည်။ [၀-၉]+ စက္ကန့် အကြာတွင် ထပ်ကြိုးစားပါ။$/);
  });
});

describe('POST /api/user/login', () => {
  it('answers {token, user, roles}; the token works and lives one day', async () => {
    const u = await createUser(t.database, { roles: ['project', 'eiet'] });
    const res = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD, type: 'user' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['roles', 'token', 'user']);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    bearers.push(body.token);
    expect(Object.keys(body.user).sort()).toEqual(ACCOUNT_KEYS);
    expect(body.roles).toEqual([
      { id: expect.any(Number), name: 'Project', slug: 'project' },
      { id: expect.any(Number), name: 'EIET', slug: 'eiet' },
    ]);
    const me = await send('GET', '/api/user', undefined, { token: body.token });
    expect(me.json().user.id).toBe(u.id);
    const rows = await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, u.id));
    const newest = rows.sort((a, b) => b.id - a.id)[0]!;
    expect(newest.expiresAt.getTime() - t.clock.now.getTime()).toBe(TOKEN_LIFETIME_MS.session);
    expect(newest.tokenHash).not.toBe(body.token);
  });

  it('with remember, the token lives 30 days', async () => {
    const u = await createUser(t.database);
    const res = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD, remember: true });
    bearers.push(res.json().token);
    const rows = await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, u.id));
    const newest = rows.sort((a, b) => b.id - a.id)[0]!;
    expect(newest.remember).toBe(true);
    expect(newest.expiresAt.getTime() - t.clock.now.getTime()).toBe(TOKEN_LIFETIME_MS.remember);
  });

  it('a token stops working when it expires', async () => {
    const u = await createUser(t.database);
    const { token } = (await send('POST', '/api/user/login', { email: u.email, password: PASSWORD })).json();
    bearers.push(token);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + TOKEN_LIFETIME_MS.session + 1000);
      expect((await send('GET', '/api/user', undefined, { token })).statusCode).toBe(401);
    } finally {
      t.clock.now = start;
    }
  });

  it('gives one 422 for a wrong password and an unknown address alike', async () => {
    const u = await createUser(t.database);
    const wrong = await send('POST', '/api/user/login', { email: u.email, password: 'Wrong password 1' });
    const unknown = await send('POST', '/api/user/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
    }
  });

  it('answers 422 for missing or malformed fields', async () => {
    const res = await send('POST', '/api/user/login', { email: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('answers 403 verification_required with the user for an unverified account', async () => {
    const u = await createUser(t.database, { verified: false });
    const res = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body).toEqual({
      verification_required: true,
      user: expect.any(Object),
      message: 'Email verification required',
    });
    expect(body.user).toMatchObject({ id: u.id, email_verified_at: null });
  });

  it('answers 403 status inactive for a deactivated account', async () => {
    const u = await createUser(t.database, { status: 'inactive' });
    const res = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'inactive', message: 'Account inactive' });
  });

  it('tells an account state only to someone who knows the password', async () => {
    for (const opts of [{ verified: false }, { status: 'inactive' as const }]) {
      const u = await createUser(t.database, opts);
      const res = await send('POST', '/api/user/login', { email: u.email, password: 'Not the password' });
      expect(res.statusCode).toBe(422);
    }
  });

  it('answers 429 after 5 failed tries a minute per e-mail and IP, with Retry-After', async () => {
    const u = await createUser(t.database);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await send('POST', '/api/user/login', { email: u.email, password: 'nope nope' }, { ip })).statusCode,
      ).toBe(422);
    }
    const blocked = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please try again in 60 seconds.' });
    const blockedMy = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD }, { ip, lang: 'my' });
    expect(blockedMy.json()).toEqual({ message: 'ကြိုးစားမှု များလွန်းနေပါသည်။ ၆၀ စက္ကန့် အကြာတွင် ထပ်ကြိုးစားပါ။' });
    // Another IP, or the same one a minute later, may try again.
    expect((await send('POST', '/api/user/login', { email: u.email, password: PASSWORD })).statusCode).toBe(200);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 30_000);
      const later = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD }, { ip });
      expect(later.headers['retry-after']).toBe('30');
      t.clock.now = new Date(start.getTime() + 61_000);
      expect((await send('POST', '/api/user/login', { email: u.email, password: PASSWORD }, { ip })).statusCode).toBe(
        200,
      );
    } finally {
      t.clock.now = start;
    }
  });

  it('slows failed tries per account, whatever the IP, with growing delays of at most a minute', async () => {
    const u = await createUser(t.database);
    for (let i = 0; i < 10; i++) {
      expect((await send('POST', '/api/user/login', { email: u.email, password: 'nope nope' })).statusCode).toBe(422);
    }
    // The eleventh passes and starts the delays (2 s, then 4 s, ...).
    expect((await send('POST', '/api/user/login', { email: u.email, password: 'nope nope' })).statusCode).toBe(422);
    const blocked = await send('POST', '/api/user/login', { email: u.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + wait * 1000);
      expect((await send('POST', '/api/user/login', { email: u.email, password: PASSWORD })).statusCode).toBe(200);
    } finally {
      t.clock.now = start;
    }
  });

  it('is also limited per IP across addresses', async () => {
    const ip = uniqueIp();
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) res = await send('POST', '/api/user/login', { email: 'x' }, { ip });
    expect(res!.statusCode).toBe(429);
    expect(res!.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/user/logout', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const u = await createUser(t.database);
    const a = (await send('POST', '/api/user/login', { email: u.email, password: PASSWORD })).json().token;
    bearers.push(a);
    const res = await send('POST', '/api/user/logout', undefined, { token: a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await send('GET', '/api/user', undefined, { token: a })).statusCode).toBe(401);
    expect((await send('POST', '/api/user/logout', undefined, { token: a })).statusCode).toBe(401);
    expect((await send('GET', '/api/user', undefined, { token: u.token })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await send('POST', '/api/user/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('works for an unverified account', async () => {
    const u = await createUser(t.database, { verified: false });
    expect((await send('POST', '/api/user/logout', undefined, { token: u.token })).statusCode).toBe(200);
  });
});

describe('GET /api/user/email/verify/{id}/{hash}', () => {
  it('verifies once, then says already verified', async () => {
    const { email, user } = await registerUser();
    const url = await verificationUrl(email);
    const res = await send('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      verified: true,
      message: 'Your email has been verified successfully! You can now log in.',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    const again = await send('GET', url);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ verified: true, already: true });
    expect((await send('POST', '/api/user/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a tampered hash, id, expiry or signature, and a missing one, with 403', async () => {
    const { email, user } = await registerUser();
    const good = new URL(await verificationUrl(email), 'http://x');
    const expires = good.searchParams.get('expires')!;
    const sig = good.searchParams.get('signature')!;
    const hash = good.pathname.split('/').pop()!;
    const other = await registerUser();
    const bad = [
      `/api/user/email/verify/${user.id}/${'0'.repeat(40)}?expires=${expires}&signature=${sig}`,
      `/api/user/email/verify/${other.user.id}/${hash}?expires=${expires}&signature=${sig}`,
      `/api/user/email/verify/${user.id}/${hash}?expires=${Number(expires) + 3600}&signature=${sig}`,
      `/api/user/email/verify/${user.id}/${hash}?expires=${expires}&signature=${'a'.repeat(64)}`,
      `/api/user/email/verify/${user.id}/${hash}?expires=${expires}`,
      `/api/user/email/verify/${user.id}/${hash}`,
      `/api/user/email/verify/abc/${hash}?expires=${expires}&signature=${sig}`,
      `/api/user/email/verify/${user.id}/${hash}?expires=${expires}&expires=1&signature=${sig}`,
    ];
    for (const url of bad) {
      const res = await send('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ verified: false, message: expect.any(String) });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('refuses a link older than 60 minutes', async () => {
    const { email } = await registerUser();
    const url = await verificationUrl(email);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 61 * 60_000);
      expect((await send('GET', url)).statusCode).toBe(403);
    } finally {
      t.clock.now = start;
    }
    expect((await send('GET', url)).statusCode).toBe(200);
  });
});

describe('POST /api/user/email/verification/resend', () => {
  it('gives the same answer for unknown, verified and unverified addresses, and mails only the last', async () => {
    const { email } = await registerUser();
    const verified = await createUser(t.database);
    const answersSeen = [];
    for (const address of [uniqueEmail('ghost'), verified.email, email]) {
      const res = await send('POST', '/api/user/email/verification/resend', { email: address });
      expect(res.statusCode).toBe(200);
      answersSeen.push(res.body);
    }
    expect(new Set(answersSeen).size).toBe(1);
    expect(JSON.parse(answersSeen[0]!)).toEqual({ verification_sent: true, message: expect.any(String) });
    expect(await mailsTo(t.database, verified.email)).toHaveLength(0);
  });

  it('sends a new link a minute later, and the new link supersedes the old one', async () => {
    const { email } = await registerUser();
    const first = await verificationUrl(email);
    await send('POST', '/api/user/email/verification/resend', { email });
    expect(await mailsTo(t.database, email)).toHaveLength(1);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 61_000);
      await send('POST', '/api/user/email/verification/resend', { email: email.toUpperCase() });
      expect(await mailsTo(t.database, email)).toHaveLength(2);
      const second = await verificationUrl(email);
      expect(second).not.toBe(first);
      expect((await send('GET', first)).statusCode).toBe(403);
      expect((await send('GET', second)).statusCode).toBe(200);
    } finally {
      t.clock.now = start;
    }
  });

  it('answers 422 to a malformed address and 429 when hammered', async () => {
    const res = await send('POST', '/api/user/email/verification/resend', { email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email must be a valid email address.']);
    const ip = uniqueIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 7; i++)
      last = await send('POST', '/api/user/email/verification/resend', { email: 'x' }, { ip });
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown addresses and mails a reset link to known ones', async () => {
    const u = await createUser(t.database);
    const known = await send('POST', '/api/user/forgot-password', { email: u.email });
    const unknown = await send('POST', '/api/user/forgot-password', { email: uniqueEmail('ghost') });
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password reset link has been sent to your email.' });
    }
    const mail = await lastMailTo(t.database, u.email);
    expect(mail!.subject).toBe('HPBC - Reset your password');
    const link = linkIn(mail!.textBody, '/reset-password');
    expect(link.origin).toBe(t.config.appUrl);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const rows = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, u.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(link.searchParams.get('token'));
  });

  it('resets once, revokes every token, sends a notice, and the new password works', async () => {
    const u = await createUser(t.database);
    await send('POST', '/api/user/forgot-password', { email: u.email });
    const token = await resetToken(u.email);
    const NEW = 'A brand new passphrase';
    const res = await send('POST', '/api/user/reset-password', {
      token,
      email: u.email,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset successfully.' });
    expect((await send('GET', '/api/user', undefined, { token: u.token })).statusCode).toBe(401);
    expect((await lastMailTo(t.database, u.email))!.subject).toBe('HPBC - Your password was changed');
    const ip = uniqueIp();
    expect((await send('POST', '/api/user/login', { email: u.email, password: PASSWORD }, { ip })).statusCode).toBe(
      422,
    );
    expect((await send('POST', '/api/user/login', { email: u.email, password: NEW }, { ip })).statusCode).toBe(200);

    const reuse = await send('POST', '/api/user/reset-password', {
      token,
      email: u.email,
      password: 'Yet another passphrase',
      password_confirmation: 'Yet another passphrase',
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors).toEqual({ token: ['This password reset link is invalid or has expired.'] });
  });

  it('refuses an expired token, a token for another address, and a made-up one on errors.token', async () => {
    const u = await createUser(t.database);
    const other = await createUser(t.database);
    await send('POST', '/api/user/forgot-password', { email: u.email });
    const token = await resetToken(u.email);
    const body = (email: string, tok = token) => ({
      token: tok,
      email,
      password: 'Another good passphrase',
      password_confirmation: 'Another good passphrase',
    });
    for (const payload of [body(other.email), body(uniqueEmail('ghost')), body(u.email, 'made-up')]) {
      const res = await send('POST', '/api/user/reset-password', payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['token']);
    }
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 61 * 60_000);
      expect((await send('POST', '/api/user/reset-password', body(u.email))).statusCode).toBe(422);
    } finally {
      t.clock.now = start;
    }
    expect((await send('POST', '/api/user/reset-password', body(u.email))).statusCode).toBe(200);
  });

  it('answers 422 on errors.email and errors.password for bad input', async () => {
    const res = await send('POST', '/api/user/reset-password', {
      token: 'x',
      email: 'bad',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
    const common = await send('POST', '/api/user/reset-password', {
      token: 'x',
      email: uniqueEmail(),
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(common.json().errors).toEqual({
      password: [COMMON_PASSWORD],
    });
    const unconfirmed = await send('POST', '/api/user/reset-password', {
      token: 'x',
      email: uniqueEmail(),
      password: 'Good passphrase 1',
      password_confirmation: 'Good passphrase 2',
    });
    expect(unconfirmed.json().errors).toEqual({ password: ['The password confirmation does not match.'] });
  });

  it('a newer reset link supersedes the older one', async () => {
    const u = await createUser(t.database);
    await send('POST', '/api/user/forgot-password', { email: u.email });
    const first = await resetToken(u.email);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 61_000);
      await send('POST', '/api/user/forgot-password', { email: u.email });
      const second = await resetToken(u.email);
      expect(second).not.toBe(first);
      const payload = { email: u.email, password: 'Fresh passphrase 9', password_confirmation: 'Fresh passphrase 9' };
      expect((await send('POST', '/api/user/reset-password', { ...payload, token: first })).statusCode).toBe(422);
      expect((await send('POST', '/api/user/reset-password', { ...payload, token: second })).statusCode).toBe(200);
    } finally {
      t.clock.now = start;
    }
  });

  it('forgot answers 422 to a malformed address; forgot and reset are rate limited', async () => {
    expect((await send('POST', '/api/user/forgot-password', { email: 'bad' })).statusCode).toBe(422);
    const ip = uniqueIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 7; i++) last = await send('POST', '/api/user/forgot-password', { email: 'bad' }, { ip });
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 11; i++) last = await send('POST', '/api/user/reset-password', {}, { ip });
    expect(last!.statusCode).toBe(429);
  });
});

describe('tokens in the database', () => {
  it('stores only SHA-256 hashes of bearer tokens', async () => {
    const u = await createUser(t.database);
    const { token } = (await send('POST', '/api/user/login', { email: u.email, password: PASSWORD })).json();
    bearers.push(token);
    const rows = await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, u.id));
    for (const r of rows) {
      expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.tokenHash).not.toBe(token);
    }
    const me = await injectAs(t.app, token, { url: '/api/user/profile' });
    expect(me.statusCode).toBe(200);
  });
});
