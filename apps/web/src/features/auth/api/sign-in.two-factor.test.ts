import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/auth-fixtures';
import { createAuthStore } from '../../../lib/auth/auth-store';
import { AuthFailure, createSignInCalls } from './sign-in';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A fresh session store and the sign-in calls on it. */
function setUp() {
  const store = createAuthStore({ log: () => {} });
  return { store, calls: createSignInCalls(store) };
}
const admin = makeUser({ is_admin: true });
const STEP = {
  two_factor: 'code',
  challenge: 'c'.repeat(43),
  expires_at: '2026-11-24T10:00:00.000Z',
  message: 'Enter the code',
};

describe("sign-in calls: an administrator's two-step sign-in", () => {
  it('keeps no token after the password step, then signs in with the code for the ticket', async () => {
    const http = mockFetch({
      'POST /api/user/login': { body: STEP },
      'POST /api/user/login/two-factor': { body: { token: 'tok-2fa', user: admin, roles: [] } },
    });
    const { store, calls } = setUp();
    const failure = await calls.login({ email: 'a@b.test', password: 'pw', remember: false }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthFailure);
    expect((failure as AuthFailure).reason).toBe('two_factor');
    expect(store.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().twoFactor).toEqual(STEP);
    expect(store.getState().errors).toEqual({ fields: {}, general: [] });

    await calls.completeTwoFactor({ code: '123456' });
    expect(http.calls[1]!.body).toEqual({ challenge: STEP.challenge, code: '123456' });
    expect(http.calls[1]!.headers.Authorization).toBeUndefined();
    expect(store.getState().token).toBe('tok-2fa');
    expect(localStorage.getItem('token')).toBe('tok-2fa');
    expect(store.getState().twoFactor).toBeNull();
  });

  it('keeps the enrolment step on screen after the confirming code, until the recovery codes are acknowledged', async () => {
    mockFetch({
      'POST /api/user/login': { body: { ...STEP, two_factor: 'enrol' } },
      'POST /api/user/login/two-factor/confirm': {
        body: { token: 'tok-new', user: admin, roles: [], recovery_codes: ['abcde-23456'], message: 'On' },
      },
    });
    const { store, calls } = setUp();
    await calls.login({ email: 'a@b.test', password: 'pw', remember: false }).catch(() => undefined);
    const { recoveryCodes } = await calls.confirmTwoFactorSetup('123456');
    expect(recoveryCodes).toEqual(['abcde-23456']);
    expect(store.getState().token).toBe('tok-new');
    expect(store.getState().twoFactor?.two_factor).toBe('enrol');
    store.cancelTwoFactor();
    expect(store.getState().twoFactor).toBeNull();
  });

  it('marks the grace sign-in of an administrator who has not set it up', async () => {
    mockFetch({ 'POST /api/user/login': { body: { token: 't', user: admin, roles: [], two_factor_grace: true } } });
    const { store, calls } = setUp();
    await calls.login({ email: 'a@b.test', password: 'pw', remember: false });
    expect(store.getState().twoFactorGrace).toBe(true);
  });
});
