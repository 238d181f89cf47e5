import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockAnswer } from '../../test/fetch-mock';
import { makeUser, ROLE } from '../../test/auth-fixtures';
import { createAuthStore } from './auth-store';
import { LANGUAGE_KEY } from '../i18n';
import { FORM_ONE_DRAFT_KEY } from './per-user-storage';

afterEach(() => vi.unstubAllGlobals());

const quiet = () => createAuthStore({ log: () => {} });
const STATUS = { 'GET /api/user/status': { body: { status: {} } } };

/** A store that came up with a stored token; returns the profile fetch the caller joins. */
function startWithToken(store: ReturnType<typeof quiet>) {
  localStorage.setItem('token', 'tok');
  store.restore();
  return store.fetchUser();
}

describe('auth store', () => {
  it('restores the stored token at start and loads profile and status in the background', async () => {
    localStorage.setItem('token', 'tok-1');
    const http = mockFetch({
      'GET /api/user/profile': { body: { user: makeUser(), roles: [ROLE.eiet] } },
      'GET /api/user/status': { body: { status: { account: { label: 'Active', color: 'green' } } } },
    });
    const store = quiet();
    store.restore();
    expect(store.getState().token).toBe('tok-1');
    await vi.waitFor(() => expect(store.getState().status).not.toBeNull());
    await vi.waitFor(() => expect(store.getState().user?.name).toBe('Aung Min Thu'));
    expect(store.getState().roles).toEqual([ROLE.eiet]);
    expect(http.calls[0]!.headers.Authorization).toBe('Bearer tok-1');
    expect(http.calls[0]!.headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('does nothing at start without a stored token', () => {
    const http = mockFetch({});
    const store = quiet();
    store.restore();
    expect(store.getState().token).toBeNull();
    expect(http.fn).not.toHaveBeenCalled();
  });

  it('clears the login when the profile answers 401', async () => {
    localStorage.setItem('token', 'old');
    mockFetch({
      'GET /api/user/profile': { status: 401, body: { message: 'Unauthenticated.' } },
      'GET /api/user/status': { body: { status: {} } },
    });
    const store = quiet();
    store.restore();
    await vi.waitFor(() => expect(store.getState().token).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().user).toBeNull();
  });

  it('remembers that the login ended because the account was deactivated (a 401 with status inactive)', async () => {
    localStorage.setItem('token', 'old');
    mockFetch({
      'GET /api/user/profile': { status: 401, body: { message: 'Unauthenticated.', status: 'inactive' } },
      'GET /api/user/status': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    const store = quiet();
    store.restore();
    await vi.waitFor(() => expect(store.getState().token).toBeNull());
    expect(store.getState().deactivated).toBe(true);
    // A later plain 401 or clear for the ended login keeps the reason.
    store.clearAuth();
    expect(store.getState().deactivated).toBe(true);
  });

  it('clears the login when the status answers 401', async () => {
    localStorage.setItem('token', 'old');
    mockFetch({
      'GET /api/user/profile': () => new Promise<MockAnswer>(() => {}),
      'GET /api/user/status': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    const store = quiet();
    store.restore();
    await vi.waitFor(() => expect(store.getState().token).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the login when the profile fails for another reason', async () => {
    mockFetch({ ...STATUS, 'GET /api/user/profile': { status: 500, body: { message: 'Server error.' } } });
    const store = quiet();
    await expect(startWithToken(store)).rejects.toThrow('Server error.');
    expect(store.getState().token).toBe('tok');
  });

  it('shares one profile request between concurrent fetches', async () => {
    const answer = deferred<MockAnswer>();
    const http = mockFetch({ ...STATUS, 'GET /api/user/profile': () => answer.promise });
    const store = quiet();
    const first = startWithToken(store);
    const second = store.fetchUser();
    expect(store.getState().userLoading).toBe(true);
    answer.resolve({ body: { user: makeUser({ name: 'Su Su' }), roles: [] } });
    expect((await first)?.name).toBe('Su Su');
    expect((await second)?.name).toBe('Su Su');
    expect(http.count('GET /api/user/profile')).toBe(1);
    expect(store.getState().userLoading).toBe(false);
  });

  it('clears verificationRequired when the profile shows a verified address', async () => {
    mockFetch({ ...STATUS, 'GET /api/user/profile': { body: { user: makeUser(), roles: [] } } });
    const store = quiet();
    store.setVerificationRequired(true);
    await startWithToken(store);
    expect(store.getState().verificationRequired).toBe(false);
  });

  it('logout clears everything even when the server call fails, and only logs', async () => {
    const log = vi.fn();
    mockFetch({
      'POST /api/user/logout': () => Promise.reject(new TypeError('offline')),
    });
    const store = createAuthStore({ log });
    store.startSession('t', { user: makeUser(), roles: [ROLE.eiet] });
    localStorage.setItem(FORM_ONE_DRAFT_KEY, '{"data":{"project_name":"Private"},"step":2,"ownerId":7}');
    localStorage.setItem(LANGUAGE_KEY, 'my');
    await store.logout();
    expect(store.getState()).toMatchObject({ token: null, user: null, roles: [], status: null });
    expect(localStorage.getItem('token')).toBeNull();
    // The person's work in this browser goes with them; settings stay.
    expect(localStorage.getItem(FORM_ONE_DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('my');
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('ignores a profile answer that arrives after a logout', async () => {
    const answer = deferred<MockAnswer>();
    mockFetch({ ...STATUS, 'GET /api/user/profile': () => answer.promise, 'POST /api/user/logout': { body: {} } });
    const store = quiet();
    const pending = startWithToken(store);
    await store.logout();
    answer.resolve({ body: { user: makeUser(), roles: [] } });
    expect(await pending).toBeNull();
    expect(store.getState().user).toBeNull();
  });
});

describe('other tabs', () => {
  it('follows a logout and a login made in another tab', async () => {
    mockFetch({
      'GET /api/user/profile': { body: { user: makeUser({ name: 'Other Tab' }), roles: [] } },
      'GET /api/user/status': { body: { status: {} } },
    });
    localStorage.setItem('token', 'tok');
    const store = quiet();
    store.restore();
    await store.fetchUser();
    localStorage.removeItem('token');
    store.syncFromStorage();
    expect(store.getState()).toMatchObject({ token: null, user: null });
    localStorage.setItem('token', 'tok-2');
    store.syncFromStorage();
    expect(store.getState().token).toBe('tok-2');
    await vi.waitFor(() => expect(store.getState().user?.name).toBe('Other Tab'));
  });
});
