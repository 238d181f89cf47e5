import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makeUser, ROLE } from '../../../test/auth-fixtures';
import { createAuthStore, UNEXPECTED_ERROR } from '../../../lib/auth/auth-store';
import { AuthFailure, createSignInCalls } from './sign-in';

afterEach(() => vi.unstubAllGlobals());

/** A fresh session store and the sign-in calls on it. */
function setUp() {
  const store = createAuthStore({ log: () => {} });
  return { store, calls: createSignInCalls(store) };
}

describe('sign-in calls', () => {
  it('stores token, user and roles on login and sends the "user" type', async () => {
    const http = mockFetch({
      'POST /api/user/login': { body: { token: 'new', user: makeUser(), roles: [ROLE.project] } },
    });
    const { store, calls } = setUp();
    await calls.login({ email: 'a@b.test', password: 'secret-pass', remember: true });
    expect(http.calls[0]!.body).toEqual({ email: 'a@b.test', password: 'secret-pass', remember: true, type: 'user' });
    expect(localStorage.getItem('token')).toBe('new');
    expect(store.getState()).toMatchObject({ token: 'new', roles: [ROLE.project], loading: false });
  });

  it('flags verificationRequired and keeps the user on a 403 verification_required', async () => {
    mockFetch({
      'POST /api/user/login': {
        status: 403,
        body: { verification_required: true, user: makeUser({ email_verified_at: null }), message: 'x' },
      },
    });
    const { store, calls } = setUp();
    const failure = await calls.login({ email: 'a@b.test', password: 'p', remember: false }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthFailure);
    expect((failure as AuthFailure).message).toBe('Email verification required');
    expect(store.getState().verificationRequired).toBe(true);
    expect(store.getState().user?.email).toBe('aung@example.test');
    expect(store.getState().token).toBeNull();
  });

  it('fails with "Account inactive" on a 403 inactive', async () => {
    mockFetch({ 'POST /api/user/login': { status: 403, body: { status: 'inactive', message: 'Account inactive' } } });
    const { calls } = setUp();
    const failure = (await calls
      .login({ email: 'a@b.test', password: 'p', remember: false })
      .catch((e) => e)) as AuthFailure;
    expect(failure.reason).toBe('inactive');
    expect(failure.message).toBe('Account inactive');
  });

  it('stores field errors, a general message, or "unexpected" when nothing answered', async () => {
    const { store, calls } = setUp();
    mockFetch({
      'POST /api/user/login': {
        status: 422,
        body: { message: 'm', errors: { email: ['These credentials do not match our records.'] } },
      },
    });
    await calls.login({ email: 'a@b.test', password: 'p', remember: false }).catch(() => {});
    expect(store.getState().errors.fields.email).toEqual(['These credentials do not match our records.']);

    mockFetch({ 'POST /api/user/login': { status: 429, body: { message: 'Too many attempts.' } } });
    await calls.login({ email: 'a@b.test', password: 'p', remember: false }).catch(() => {});
    expect(store.getState().errors).toEqual({ fields: {}, general: ['Too many attempts.'] });

    mockFetch({ 'POST /api/user/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    await calls.login({ email: 'a@b.test', password: 'p', remember: false }).catch(() => {});
    expect(store.getState().errors.general).toEqual([UNEXPECTED_ERROR]);
  });

  it('register with a verification mail sets verificationSent and stores the user without a token', async () => {
    mockFetch({
      'POST /api/user/register': {
        status: 201,
        body: { verification_sent: true, user: makeUser({ email_verified_at: null }) },
      },
    });
    const { store, calls } = setUp();
    const result = await calls.register({
      name: 'A',
      email: 'a@b.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      terms: true,
    });
    expect(result.verificationSent).toBe(true);
    expect(store.getState()).toMatchObject({ verificationSent: true, token: null });
    expect(store.getState().user?.email).toBe('aung@example.test');
  });
});

describe('bearer token (section 7)', () => {
  it('is not sent with login, register, forgot, reset and resend, and is sent with the profile', async () => {
    localStorage.setItem('token', 'tok');
    const http = mockFetch({
      'POST /api/user/login': { status: 422, body: { message: 'm', errors: { email: ['x'] } } },
      'POST /api/user/register': { status: 422, body: { message: 'm', errors: { email: ['x'] } } },
      'POST /api/user/forgot-password': { body: { message: 'ok' } },
      'POST /api/user/reset-password': { body: { message: 'ok' } },
      'POST /api/user/email/verification/resend': { body: { verification_sent: true } },
      'GET /api/user/profile': { body: { user: makeUser(), roles: [] } },
      'GET /api/user/status': { body: { status: {} } },
    });
    const { store, calls } = setUp();
    await calls.login({ email: 'a@b.test', password: 'p', remember: false }).catch(() => {});
    await calls
      .register({ name: 'a', email: 'a@b.test', password: 'p', password_confirmation: 'p', terms: true })
      .catch(() => {});
    await calls.forgotPassword('a@b.test');
    await calls.resetPassword({ token: 't', email: 'a@b.test', password: 'p', password_confirmation: 'p' });
    await calls.resendVerification('a@b.test');
    for (const call of http.calls) expect(call.headers.Authorization, call.path).toBeUndefined();
    store.restore();
    await store.fetchUser();
    expect(http.calls.at(-1)!.headers.Authorization).toBe('Bearer tok');
  });
});
