import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockAnswer } from '../../test/fetch-mock';
import { makeUser, ROLE } from '../../test/auth-fixtures';
import { createAuthStore } from './auth-store';
import { resolveAccess } from './guard';
import type { AuthUser } from './types';
import type { Role } from '@hpbc/shared';

afterEach(() => vi.unstubAllGlobals());

function signedIn(user: AuthUser = makeUser(), roles: Role[] = []) {
  const http = mockFetch({
    'GET /api/user/profile': { body: { user, roles } },
    'GET /api/user/status': { body: { status: {} } },
    'POST /api/user/logout': { body: { message: 'ok' } },
  });
  localStorage.setItem('token', 'tok');
  const store = createAuthStore({ log: () => {} });
  store.restore();
  return { store, http };
}

describe('route guard', () => {
  it('lets a visitor see guest-only pages and public pages', async () => {
    mockFetch({});
    const store = createAuthStore();
    expect(await resolveAccess({ guest: true }, store)).toBeNull();
    expect(await resolveAccess({}, store)).toBeNull();
  });

  it('sends a visitor from a login-required or role page to /login', async () => {
    mockFetch({});
    const store = createAuthStore();
    expect(await resolveAccess({ auth: true }, store)).toBe('/login');
    expect(await resolveAccess({ auth: true, role: 'eiet' }, store)).toBe('/login');
    expect(await resolveAccess({ auth: true, admin: true }, store)).toBe('/login');
  });

  it('sends a signed-in user from login, register, forgot, reset and home to the dashboard', async () => {
    const { store } = signedIn();
    expect(await resolveAccess({ guest: true }, store)).toBe('/user/dashboard');
  });

  it('waits for the profile load in progress instead of starting another', async () => {
    const answer = deferred<MockAnswer>();
    const http = mockFetch({
      'GET /api/user/profile': () => answer.promise,
      'GET /api/user/status': { body: { status: {} } },
    });
    localStorage.setItem('token', 'tok');
    const store = createAuthStore({ log: () => {} });
    store.restore();
    const decision = resolveAccess({ auth: true }, store);
    answer.resolve({ body: { user: makeUser(), roles: [] } });
    expect(await decision).toBeNull();
    expect(http.count('GET /api/user/profile')).toBe(1);
  });

  it('sends the visitor to /login when the user fetch fails', async () => {
    mockFetch({
      'GET /api/user/profile': { status: 500, body: { message: 'Server error.' } },
      'GET /api/user/status': { body: { status: {} } },
    });
    localStorage.setItem('token', 'tok');
    const store = createAuthStore({ log: () => {} });
    store.restore();
    expect(await resolveAccess({ auth: true }, store)).toBe('/login');
  });

  it('sets verificationRequired and sends an unverified user to /login, which then opens', async () => {
    const { store } = signedIn(makeUser({ email_verified_at: null }));
    expect(await resolveAccess({ auth: true }, store)).toBe('/login');
    expect(store.getState().verificationRequired).toBe(true);
    expect(store.getState().user?.email).toBe('aung@example.test');
    expect(await resolveAccess({ guest: true }, store)).toBeNull();
  });

  it('sends a user without the role to the dashboard and lets a holder in', async () => {
    const basic = signedIn(makeUser(), []).store;
    expect(await resolveAccess({ auth: true, role: 'eiet' }, basic)).toBe('/user/dashboard');
    expect(await resolveAccess({ auth: true, role: 'national-counterpart' }, basic)).toBe('/user/dashboard');
    expect(await resolveAccess({ auth: true }, basic)).toBeNull();

    const eiet = signedIn(makeUser(), [ROLE.eiet]).store;
    expect(await resolveAccess({ auth: true, role: 'eiet' }, eiet)).toBeNull();
    expect(await resolveAccess({ auth: true, role: 'national-counterpart' }, eiet)).toBe('/user/dashboard');
  });

  it('lets only admins into the admin area', async () => {
    expect(await resolveAccess({ auth: true, admin: true }, signedIn(makeUser()).store)).toBe('/user/dashboard');
    expect(await resolveAccess({ auth: true, admin: true }, signedIn(makeUser({ is_admin: true })).store)).toBeNull();
  });
});

describe('route guard at app start', () => {
  it('sees the stored token before anything restored it (the router guards the first page while importing)', async () => {
    mockFetch({
      'GET /api/user/profile': { body: { user: makeUser(), roles: [ROLE.eiet] } },
    });
    localStorage.setItem('token', 'tok');
    const store = createAuthStore({ log: () => {} });
    expect(await resolveAccess({ auth: true, role: 'eiet' }, store)).toBeNull();
  });
});
