import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { PASSWORD, createUser, lastMailTo, linkIn, uniqueIp } from '../../../test/accounts';
import { CODE_LIMITS } from './two-factor.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { twoFactorExemptEmails: ['exempt@admin.test'] } });
});
afterAll(() => t.close());

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
/** Moves the app's clock past the current 30-second step, so a new code is due. */
const nextStep = () => {
  t.clock.now = new Date(t.clock.now.getTime() + 30_000);
};

async function post(url: string, payload: object, opts: { token?: string; ip?: string; locale?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.locale) headers['accept-language'] = opts.locale;
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: opts.ip ?? uniqueIp() });
}
const login = (email: string, extra: object = {}) => post('/api/user/login', { email, password: PASSWORD, ...extra });

/** The password, then the token of the link mailed to the account (issue 24 hole 2). */
async function securityFor(user: { email: string; token: string }, app: TestApp = t): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/user/security/link',
    payload: { password: PASSWORD },
    headers: { authorization: `Bearer ${user.token}` },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await lastMailTo(app.database, user.email);
  return linkIn(mail!.textBody, '/user/two-factor').searchParams.get('security')!;
}

/** An administrator who has enrolled through the grace sign-in's profile screen; returns the secret and codes. */
async function enrolledAdmin(email: string) {
  const admin = await createUser(t.database, { admin: true, email });
  const security = await securityFor(admin);
  const setup = await post('/api/user/two-factor/setup', { security }, { token: admin.token });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await post(
    '/api/user/two-factor/confirm',
    { code: codeAt(secret, t.clock.now), security },
    { token: admin.token },
  );
  expect(confirm.statusCode).toBe(200);
  nextStep();
  return { ...admin, secret: secret as string, recoveryCodes: confirm.json().recovery_codes as string[] };
}

describe('the password step', () => {
  it('is unchanged for an account that is not an administrator', async () => {
    const user = await createUser(t.database, { roles: ['project'] });
    for (let i = 0; i < 2; i++) {
      const res = await login(user.email);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['roles', 'token', 'user']);
    }
  });

  it('gives an administrator without two-step sign-in one grace sign-in, then requires enrolment', async () => {
    const admin = await createUser(t.database, { admin: true });
    const first = await login(admin.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ token: expect.any(String), two_factor_grace: true });
    const status = await t.app.inject({
      url: '/api/user/two-factor',
      headers: { authorization: `Bearer ${first.json().token}` },
    });
    expect(status.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: true });

    const second = await login(admin.email, { remember: true });
    expect(second.statusCode).toBe(200);
    const step = second.json();
    expect(step).toEqual({
      two_factor: 'enrol',
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      expires_at: expect.any(String),
      message:
        'You must set up two-step sign-in before you can sign in again. We have mailed you a link: open it, then sign in again to set it up.',
    });
    expect(step.token).toBeUndefined();

    // Enrol on the sign-in page, with the mailed link: the QR code, then the first code gives the token and the recovery codes.
    const security = linkIn((await lastMailTo(t.database, admin.email))!.textBody, '/login').searchParams.get(
      'security',
    );
    const setup = await post('/api/user/login/two-factor/setup', { challenge: step.challenge, security });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_data_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/HPBC:.+\?.*secret=/);
    expect(Buffer.from(qr_data_url.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    const wrong = await post('/api/user/login/two-factor/confirm', {
      challenge: step.challenge,
      security,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['code']);
    const done = await post('/api/user/login/two-factor/confirm', {
      challenge: step.challenge,
      security,
      code: codeAt(secret, t.clock.now),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), user: { email: admin.email }, roles: [] });
    expect(done.json().recovery_codes).toHaveLength(10);
    // The ticket is spent.
    nextStep();
    const again = await post('/api/user/login/two-factor/confirm', {
      challenge: step.challenge,
      security,
      code: codeAt(secret, t.clock.now),
    });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['challenge']);
    // From now on the password step asks for a code.
    expect((await login(admin.email)).json().two_factor).toBe('code');
  });

  it('never makes an exempt administrator enrol (TWO_FACTOR_EXEMPT_EMAILS)', async () => {
    await createUser(t.database, { admin: true, email: 'exempt@admin.test' });
    for (let i = 0; i < 3; i++) {
      const res = await login('exempt@admin.test');
      expect(res.json()).toMatchObject({ token: expect.any(String), two_factor_grace: false });
    }
  });

  it('asks an enrolled exempt administrator for the code all the same', async () => {
    const admin = await enrolledAdmin('exempt2@admin.test');
    const app2 = await buildTestApp({ config: { twoFactorExemptEmails: [admin.email] } });
    try {
      // Another app on its own database: enrol there too.
      const a = await createUser(app2.database, { admin: true, email: admin.email });
      const security = await securityFor(a, app2);
      const setup = await app2.app.inject({
        method: 'POST',
        url: '/api/user/two-factor/setup',
        payload: { security },
        headers: { authorization: `Bearer ${a.token}` },
      });
      const code = codeAt(setup.json().secret, app2.clock.now);
      await app2.app.inject({
        method: 'POST',
        url: '/api/user/two-factor/confirm',
        payload: { code, security },
        headers: { authorization: `Bearer ${a.token}` },
      });
      const res = await app2.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: a.email, password: PASSWORD },
      });
      expect(res.json().two_factor).toBe('code');
    } finally {
      await app2.close();
    }
  });
});

describe('the code step', () => {
  it('signs in with a code once, refuses a wrong or replayed code, and takes each recovery code once', async () => {
    const admin = await enrolledAdmin('coded@admin.test');
    const step = (await login(admin.email)).json();
    expect(step.two_factor).toBe('code');
    const wrong = await post(
      '/api/user/login/two-factor',
      { challenge: step.challenge, code: '123456' },
      { locale: 'my' },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/ကုဒ် မမှန်ကန်ပါ/);
    const code = codeAt(admin.secret, t.clock.now);
    const ok = await post('/api/user/login/two-factor', { challenge: step.challenge, code });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['roles', 'token', 'user']);
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${ok.json().token}` } });
    expect(me.statusCode).toBe(200);

    // The same code (same 30-second step) does not work twice, even with a new ticket.
    const step2 = (await login(admin.email)).json();
    const replay = await post('/api/user/login/two-factor', { challenge: step2.challenge, code });
    expect(replay.statusCode).toBe(422);

    // A recovery code, with spaces and capitals as people type them.
    const rc = admin.recoveryCodes[0]!;
    const viaRecovery = await post('/api/user/login/two-factor', {
      challenge: step2.challenge,
      recovery_code: ` ${rc.toUpperCase().replace('-', ' ')} `,
    });
    expect(viaRecovery.statusCode).toBe(200);
    expect(viaRecovery.json()).toMatchObject({ token: expect.any(String), recovery_codes_left: 9 });
    const step3 = (await login(admin.email)).json();
    const reused = await post('/api/user/login/two-factor', { challenge: step3.challenge, recovery_code: rc });
    expect(reused.statusCode).toBe(422);
    expect(Object.keys(reused.json().errors)).toEqual(['recovery_code']);
  });

  it('stores recovery codes and the secret only in forms that do not give them away', async () => {
    const admin = await enrolledAdmin('stored@admin.test');
    const dump = JSON.stringify(
      await t.database.query(
        `SELECT s.secret, s.pending_secret, r.code_hash FROM two_factor_settings s
         JOIN two_factor_recovery_codes r ON r.user_id = s.user_id WHERE s.user_id = $1`,
        [admin.id],
      ),
    );
    expect(dump).not.toContain(admin.secret);
    for (const c of admin.recoveryCodes) {
      expect(dump).not.toContain(c);
      expect(dump).not.toContain(c.replace('-', ''));
    }
  });

  it('limits wrong codes per account, counted in the database, whatever the address', async () => {
    const admin = await enrolledAdmin('limited@admin.test');
    const step = (await login(admin.email)).json();
    for (let i = 0; i < CODE_LIMITS.free; i++) {
      expect((await post('/api/user/login/two-factor', { challenge: step.challenge, code: '000000' })).statusCode).toBe(
        422,
      );
    }
    // The next wrong code is counted; the one after it must wait, even the right one.
    expect((await post('/api/user/login/two-factor', { challenge: step.challenge, code: '000000' })).statusCode).toBe(
      422,
    );
    const blocked = await post('/api/user/login/two-factor', {
      challenge: step.challenge,
      code: codeAt(admin.secret, t.clock.now),
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.database.query<{ hits: number }>('SELECT hits FROM rate_counters WHERE key = $1', [
      `2fa:${admin.id}`,
    ]);
    expect(Number(rows[0]!.hits)).toBe(CODE_LIMITS.free + 1);
  });

  it('refuses an expired or unknown ticket', async () => {
    const admin = await enrolledAdmin('expired@admin.test');
    const step = (await login(admin.email)).json();
    t.clock.now = new Date(t.clock.now.getTime() + 11 * 60_000);
    const res = await post('/api/user/login/two-factor', {
      challenge: step.challenge,
      code: codeAt(admin.secret, t.clock.now),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.challenge[0]).toBe(
      'This sign-in has expired. Please sign in again with your e-mail and password.',
    );
    const missing = await post('/api/user/login/two-factor', { challenge: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['code']);
  });
});

describe('enrolment in the profile', () => {
  it('is for verified accounts (every account may set up an app: issue 26)', async () => {
    const user = await createUser(t.database, { verified: false });
    expect((await t.app.inject({ url: '/api/user/two-factor' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/user/two-factor', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('shows the status, refuses a second enrolment and gives new recovery codes for a current code', async () => {
    const admin = await enrolledAdmin('profile@admin.test');
    const auth = { authorization: `Bearer ${admin.token}` };
    const status = (await t.app.inject({ url: '/api/user/two-factor', headers: auth })).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: true });
    const security = await securityFor(admin);
    expect((await post('/api/user/two-factor/setup', { security }, { token: admin.token })).statusCode).toBe(409);
    const fresh = await post(
      '/api/user/two-factor/recovery-codes',
      { code: codeAt(admin.secret, t.clock.now) },
      { token: admin.token },
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recovery_codes).toHaveLength(10);
    // The old codes stop working.
    const step = (await login(admin.email)).json();
    const old = await post('/api/user/login/two-factor', {
      challenge: step.challenge,
      recovery_code: admin.recoveryCodes[1],
    });
    expect(old.statusCode).toBe(422);
    const current = await post('/api/user/login/two-factor', {
      challenge: step.challenge,
      recovery_code: fresh.json().recovery_codes[0],
    });
    expect(current.statusCode).toBe(200);
  });

  it('accepts a code typed with Burmese digits', async () => {
    const admin = await createUser(t.database, { admin: true });
    const security = await securityFor(admin);
    const { secret } = (await post('/api/user/two-factor/setup', { security }, { token: admin.token })).json();
    const burmese = codeAt(secret, t.clock.now).replace(/\d/g, (d) => String.fromCharCode(0x1040 + Number(d)));
    const res = await post('/api/user/two-factor/confirm', { code: burmese, security }, { token: admin.token });
    expect(res.statusCode).toBe(200);
    nextStep();
  });
});
