import { useSyncExternalStore } from 'react';
import type { Role, TwoFactorStep } from '@hpbc/shared';
import { ApiError, api, callUrl, callWith, TOKEN_KEY } from '../api-client';
import type { AuthErrors, AuthUser, ProfileAnswer, UserStatus } from './types';
import { PER_USER_STORAGE_KEYS } from './per-user-storage';

/**
 * The auth and user state of specification sections 3 and 4, as one small external
 * store (see docs/decisions/ on the auth store). It lives outside React so the route
 * guard, which runs before any component, reads and waits on the same state as the
 * screens do. The calls only the sign-in screens make (login, the second step, register,
 * resend, forgot, reset) are in features/auth/api/sign-in.ts and change this state through
 * `update` and `startSession`.
 */
export interface AuthState {
  /** Authenticated means a token is present (section 4). */
  token: string | null;
  user: AuthUser | null;
  roles: Role[];
  status: UserStatus | null;
  /** A login, register, resend, forgot or reset call is running. */
  loading: boolean;
  /** The profile (current user) is being fetched. */
  userLoading: boolean;
  statusLoading: boolean;
  errors: AuthErrors;
  verificationSent: boolean;
  verificationRequired: boolean;
  /** The login ended because an administrator deactivated the account (a 401 with status "inactive"). */
  deactivated: boolean;
  /** An administrator's sign-in waits for its second step (a code, or enrolment first). */
  twoFactor: TwoFactorStep | null;
  /** The last sign-in was an administrator's one grace sign-in without two-step sign-in. */
  twoFactorGrace: boolean;
}

/** Stands for "no answer arrived"; screens render it as the localised unexpected-error text. */
export const UNEXPECTED_ERROR = '@unexpected';

/** What the sign-in calls may change besides the token (which goes through `startSession`). */
export type SignInPatch = Partial<Omit<AuthState, 'token'>>;

export const NO_ERRORS: AuthErrors = { fields: {}, general: [] };

/** Turns a failed call into the errors map of section 5: per field, general, or "unexpected". */
export function errorsFrom(error: unknown): AuthErrors {
  if (error instanceof ApiError) {
    if (error.status === 0) return { fields: {}, general: [UNEXPECTED_ERROR] };
    if (error.errors && Object.keys(error.errors).length > 0) return { fields: error.errors, general: [] };
    return { fields: {}, general: [error.message] };
  }
  return { fields: {}, general: [UNEXPECTED_ERROR] };
}

export interface AuthStoreOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  request?: typeof api;
  /** Where failures that show no message go (logout errors, background fetches). */
  log?: (message: string, error: unknown) => void;
}

function defaultLog(message: string, error: unknown): void {
  // Section 8: logout and background failures are logged only, never shown.
  // eslint-disable-next-line no-console
  console.warn(message, error instanceof Error ? error.message : error);
}

export function createAuthStore(options: AuthStoreOptions = {}) {
  const storage = options.storage ?? localStorage;
  const request = options.request ?? api;
  const log = options.log ?? defaultLog;

  const initial: AuthState = {
    token: null,
    user: null,
    roles: [],
    status: null,
    loading: false,
    userLoading: false,
    statusLoading: false,
    errors: NO_ERRORS,
    verificationSent: false,
    verificationRequired: false,
    deactivated: false,
    twoFactor: null,
    twoFactorGrace: false,
  };
  // The token is read at once: the router runs the first page's guard while the app is still importing.
  let state: AuthState = { ...initial, token: storage.getItem(TOKEN_KEY) };
  const listeners = new Set<() => void>();
  // Section 4 has later profile fetches poll every 50 ms until the running one ends.
  // Handing them the running request's promise gives the same result without the timer.
  const running = new Map<string, Promise<unknown>>();

  function set(patch: Partial<AuthState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function setToken(token: string | null): void {
    if (token) storage.setItem(TOKEN_KEY, token);
    else storage.removeItem(TOKEN_KEY);
  }

  /** Forgets the login: token, user, roles, status and errors (logout, a 401; `deactivated` when the 401 said so). */
  function clearAuth(deactivated?: boolean): void {
    setToken(null);
    set({
      // A later plain 401 for the same ended login does not hide why it ended.
      deactivated: deactivated ?? (state.token === null && state.deactivated),
      token: null,
      user: null,
      roles: [],
      status: null,
      errors: NO_ERRORS,
      userLoading: false,
      statusLoading: false,
    });
  }

  /**
   * GET the declared `key` for the current login, one request at a time: a later call gets the running
   * one's promise. An answer for a login that has ended since is dropped; a 401 ends the login.
   */
  function fetchForLogin<T, R>(
    key: 'GET /api/user/profile' | 'GET /api/user/status',
    loading: 'userLoading' | 'statusLoading',
    apply: (answer: T) => R,
  ): Promise<R | null> {
    const path = callUrl(key);
    const pending = running.get(path) as Promise<R | null> | undefined;
    if (pending) return pending;
    const token = state.token;
    if (!token) return Promise.resolve(null);
    set({ [loading]: true });
    const promise = request<T>(path)
      .then(
        // A logout or another login while this was on its way makes the answer stale.
        (answer) => (state.token === token ? apply(answer) : null),
        (error: unknown) => {
          if (state.token === token) {
            if (error instanceof ApiError && error.status === 401) clearAuth(error.body?.status === 'inactive');
            else set({ [loading]: false });
          }
          throw error;
        },
      )
      .finally(() => running.delete(path));
    running.set(path, promise);
    return promise;
  }

  function fetchUser(): Promise<AuthUser | null> {
    return fetchForLogin('GET /api/user/profile', 'userLoading', (answer: ProfileAnswer) => {
      set({
        user: answer.user,
        roles: answer.roles ?? [],
        userLoading: false,
        verificationRequired: answer.user.email_verified_at ? false : state.verificationRequired,
      });
      return answer.user;
    });
  }

  function fetchStatus(): Promise<UserStatus | null> {
    return fetchForLogin('GET /api/user/status', 'statusLoading', (answer: { status: UserStatus }) => {
      set({ status: answer.status ?? {}, statusLoading: false });
      return answer.status ?? {};
    });
  }

  function background(promise: Promise<unknown>, what: string): void {
    promise.catch((error: unknown) => log(`Could not load the ${what}`, error));
  }

  /** App start: take the stored token back and load the profile and status behind the first page. */
  function restore(): void {
    const token = storage.getItem(TOKEN_KEY);
    if (!token) return;
    if (token !== state.token) set({ token });
    background(fetchUser(), 'profile');
    background(fetchStatus(), 'status');
  }

  /** Another tab signed in or out: follow it, so one browser shows one login. */
  function syncFromStorage(): void {
    const token = storage.getItem(TOKEN_KEY);
    if (token === state.token) return;
    if (!token) {
      set({ token: null, user: null, roles: [], status: null, errors: NO_ERRORS });
      return;
    }
    set({ token, user: null, roles: [], status: null });
    background(fetchUser(), 'profile');
  }

  /**
   * Logs out on the server; whatever the answer, the login is forgotten here (section 4),
   * with the work this person kept in the browser. (A 401 forgets only the login: the
   * same person signing in again finds their unsaved answers.)
   */
  async function logout(): Promise<void> {
    try {
      if (state.token) await callWith(request, 'POST /api/user/logout');
    } catch (error) {
      log('Logout failed on the server', error);
    } finally {
      for (const key of PER_USER_STORAGE_KEYS) storage.removeItem(key);
      clearAuth();
    }
  }

  /**
   * The guard found a signed-in user whose address is unconfirmed (it changed it, or
   * it was never confirmed). The login is dropped, so the login screen is reachable and
   * shows the verification notice; the user stays known for the resend link.
   */
  function requireVerification(): void {
    const user = state.user;
    const token = state.token;
    if (token) {
      callWith(request, 'POST /api/user/logout').catch((error: unknown) => log('Logout failed', error));
    }
    clearAuth();
    set({ user, verificationRequired: true });
  }

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore,
    syncFromStorage,
    fetchUser,
    fetchStatus,
    /** Back to the password step (the ticket is dropped). */
    cancelTwoFactor(): void {
      set({ twoFactor: null });
    },
    /** The grace notice was acted on. */
    clearTwoFactorGrace(): void {
      set({ twoFactorGrace: false });
    },
    logout,
    requireVerification,
    clearAuth,
    /** For the sign-in calls (features/auth/api/sign-in.ts): the flags, errors and pending user they own. */
    update(patch: SignInPatch): void {
      set(patch);
    },
    /** A sign-in call answered with a token: it is kept, and the session starts with `patch`. */
    startSession(token: string, patch: SignInPatch): void {
      setToken(token);
      set({ ...patch, token });
    },
    /** A profile save answered with the new user: it replaces the stored one. */
    replaceUser(user: AuthUser): void {
      set({ user, verificationRequired: user.email_verified_at ? false : state.verificationRequired });
    },
    /** Back to a fresh start without a login; for tests. */
    reset(): void {
      running.clear();
      state = { ...initial };
      for (const listener of listeners) listener();
    },
    clearErrors(): void {
      set({ errors: NO_ERRORS });
    },
    setVerificationRequired(value: boolean): void {
      set({ verificationRequired: value });
    },
    /** The e-mail link was confirmed: the notices about it no longer apply. */
    emailVerified(): void {
      set({ verificationRequired: false, verificationSent: false });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();

/** Reads part of the auth state and re-renders when it changes. Return stored values, not new objects. */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useSyncExternalStore(authStore.subscribe, () => selector(authStore.getState()));
}

/** Starts the store once, at app start (section 4), and follows logins in other tabs. */
export function startAuth(): void {
  authStore.restore();
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) authStore.syncFromStorage();
  });
}
