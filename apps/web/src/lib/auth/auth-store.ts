import { useSyncExternalStore } from 'react';
import type { LoginResponse, Role, TwoFactorSetup } from '@hpbc/shared';
// Not from the package's index: this store loads on every page, and the two-factor module's schemas would bring zod.
import { isTwoFactorStep, type LoginAnswer, type TwoFactorStep } from '@hpbc/shared/two-factor-answer';
import { ApiError, api, TOKEN_KEY } from '../api-client';
import type { AuthErrors, AuthUser, ProfileAnswer, UserStatus } from './types';
import { PER_USER_STORAGE_KEYS } from './per-user-storage';

/**
 * The auth and user state of specification sections 3 and 4, as one small external
 * store (see docs/decisions/ on the auth store). It lives outside React so the route
 * guard, which runs before any component, reads and waits on the same state as the
 * screens do.
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

export type AuthFailureReason = 'verification_required' | 'inactive' | 'failed' | 'two_factor';

/** A failed login or register, with why; `cause` keeps the server's answer. */
export class AuthFailure extends Error {
  constructor(
    readonly reason: AuthFailureReason,
    message: string,
    override readonly cause: ApiError | undefined,
  ) {
    super(message);
  }
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  terms: boolean;
}

export interface ResetInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** The contract answers verification_sent; section 4 also allows a direct login with a token. */
interface RegisterAnswer {
  verification_sent?: boolean;
  user?: AuthUser;
  token?: string;
  roles?: Role[];
  message?: string;
}

const NO_ERRORS: AuthErrors = { fields: {}, general: [] };

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

// Section 7: login, register, forgot, reset and resend are the calls sent without the bearer token.
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
   * GET `path` for the current login, one request at a time: a later call gets the running
   * one's promise. An answer for a login that has ended since is dropped; a 401 ends the login.
   */
  function fetchForLogin<T, R>(
    path: string,
    loading: 'userLoading' | 'statusLoading',
    apply: (answer: T) => R,
  ): Promise<R | null> {
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
    return fetchForLogin('/api/user/profile', 'userLoading', (answer: ProfileAnswer) => {
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
    return fetchForLogin('/api/user/status', 'statusLoading', (answer: { status: UserStatus }) => {
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
   * Runs an action with the loading flag. Register keeps its errors in the store (section 5);
   * resend, forgot and reset have screen-specific messages (section 8), so their screens
   * read the thrown error and the store's errors stay those of the last login or register.
   */
  async function run<T>(call: () => Promise<T>, keepErrors: boolean): Promise<T> {
    set(keepErrors ? { loading: true, errors: NO_ERRORS } : { loading: true });
    try {
      const result = await call();
      set({ loading: false });
      return result;
    } catch (error) {
      set(keepErrors ? { loading: false, errors: errorsFrom(error) } : { loading: false });
      throw error;
    }
  }

  async function login(input: LoginInput): Promise<AuthUser> {
    set({ loading: true, errors: NO_ERRORS });
    try {
      const answer = await request<LoginAnswer>('/api/user/login', {
        method: 'POST',
        auth: false,
        body: { email: input.email, password: input.password, remember: input.remember, type: 'user' },
      });
      if (isTwoFactorStep(answer)) {
        // An administrator: no token yet; the sign-in screen asks for the second step.
        set({ loading: false, twoFactor: answer, verificationRequired: false, verificationSent: false });
        throw new AuthFailure('two_factor', answer.message, undefined);
      }
      signedIn(answer, Boolean(answer.two_factor_grace));
      return answer.user;
    } catch (error) {
      if (error instanceof AuthFailure) throw error;
      const body = error instanceof ApiError ? error.body : undefined;
      if (error instanceof ApiError && error.status === 403 && body?.verification_required) {
        set({
          loading: false,
          verificationRequired: true,
          user: (body.user as AuthUser | undefined) ?? null,
          errors: NO_ERRORS,
        });
        throw new AuthFailure('verification_required', 'Email verification required', error);
      }
      if (error instanceof ApiError && error.status === 403 && body?.status === 'inactive') {
        set({ loading: false, errors: NO_ERRORS, deactivated: false });
        throw new AuthFailure('inactive', 'Account inactive', error);
      }
      set({ loading: false, errors: errorsFrom(error) });
      throw new AuthFailure('failed', error instanceof Error ? error.message : String(error), asApiError(error));
    }
  }

  function signedIn(answer: LoginResponse, grace = false): void {
    setToken(answer.token);
    set({
      token: answer.token,
      user: answer.user,
      roles: answer.roles ?? [],
      status: null,
      loading: false,
      verificationRequired: false,
      verificationSent: false,
      deactivated: false,
      twoFactor: null,
      twoFactorGrace: grace,
    });
  }

  /** The second step of an administrator's sign-in: a code from the app or a recovery code. */
  async function completeTwoFactor(input: { code?: string; recovery_code?: string }): Promise<AuthUser> {
    const step = state.twoFactor;
    if (!step) throw new AuthFailure('failed', 'No sign-in waits for a code', undefined);
    const answer = await request<LoginResponse & { recovery_codes_left?: number }>('/api/user/login/two-factor', {
      method: 'POST',
      auth: false,
      body: { challenge: step.challenge, ...input },
    });
    signedIn(answer);
    return answer.user;
  }

  /** Enrolment during sign-in (the grace sign-in is used): the QR code for this ticket. */
  function twoFactorSetup(): Promise<TwoFactorSetup> {
    return request<TwoFactorSetup>('/api/user/login/two-factor/setup', {
      method: 'POST',
      auth: false,
      body: { challenge: state.twoFactor?.challenge ?? '' },
    });
  }

  /** The first code of the new app: signs in and returns the recovery codes to show once. */
  async function confirmTwoFactorSetup(code: string): Promise<{ user: AuthUser; recoveryCodes: string[] }> {
    const answer = await request<LoginResponse & { recovery_codes: string[] }>('/api/user/login/two-factor/confirm', {
      method: 'POST',
      auth: false,
      body: { challenge: state.twoFactor?.challenge ?? '', code },
    });
    // Signed in, but the step stays until the recovery codes shown once are acknowledged (cancelTwoFactor).
    const step = state.twoFactor;
    signedIn(answer);
    set({ twoFactor: step });
    return { user: answer.user, recoveryCodes: answer.recovery_codes };
  }

  async function register(input: RegisterInput): Promise<{ verificationSent: boolean }> {
    const answer = await run(
      () => request<RegisterAnswer>('/api/user/register', { method: 'POST', auth: false, body: input }),
      true,
    );
    if (answer.verification_sent) {
      set({ verificationSent: true, user: answer.user ?? null });
      return { verificationSent: true };
    }
    if (answer.token) {
      setToken(answer.token);
      set({ token: answer.token, user: answer.user ?? null, roles: answer.roles ?? [] });
    }
    return { verificationSent: false };
  }

  /**
   * Logs out on the server; whatever the answer, the login is forgotten here (section 4),
   * with the work this person kept in the browser. (A 401 forgets only the login: the
   * same person signing in again finds their unsaved answers.)
   */
  async function logout(): Promise<void> {
    try {
      if (state.token) await request('/api/user/logout', { method: 'POST' });
    } catch (error) {
      log('Logout failed on the server', error);
    } finally {
      for (const key of PER_USER_STORAGE_KEYS) storage.removeItem(key);
      clearAuth();
    }
  }

  async function resendVerification(email: string): Promise<string | undefined> {
    const answer = await run(
      () =>
        request<{ verification_sent?: boolean; message?: string }>('/api/user/email/verification/resend', {
          method: 'POST',
          auth: false,
          body: { email },
        }),
      false,
    );
    set({ verificationSent: true });
    return answer.message;
  }

  async function forgotPassword(email: string): Promise<string | undefined> {
    const answer = await run(
      () =>
        request<{ message?: string }>('/api/user/forgot-password', { method: 'POST', auth: false, body: { email } }),
      false,
    );
    return answer.message;
  }

  async function resetPassword(input: ResetInput): Promise<string | undefined> {
    const answer = await run(
      () => request<{ message?: string }>('/api/user/reset-password', { method: 'POST', auth: false, body: input }),
      false,
    );
    return answer.message;
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
      request('/api/user/logout', { method: 'POST' }).catch((error: unknown) => log('Logout failed', error));
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
    login,
    completeTwoFactor,
    twoFactorSetup,
    confirmTwoFactorSetup,
    /** Back to the password step (the ticket is dropped). */
    cancelTwoFactor(): void {
      set({ twoFactor: null });
    },
    /** The grace notice was acted on. */
    clearTwoFactorGrace(): void {
      set({ twoFactorGrace: false });
    },
    register,
    logout,
    resendVerification,
    forgotPassword,
    resetPassword,
    requireVerification,
    clearAuth,
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

function asApiError(error: unknown): ApiError | undefined {
  return error instanceof ApiError ? error : undefined;
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
