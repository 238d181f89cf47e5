import type {
  LoginPayload,
  LoginResponse,
  RegisterPayload,
  RegisterResponse,
  ResetPasswordPayload,
  Role,
  TwoFactorSetup,
} from '@hpbc/shared';
// Not from the package's index, whose two-factor schemas would bring zod (decision 058).
import { isTwoFactorStep, type LoginAnswer } from '@hpbc/shared/two-factor-answer';
import { ApiError, api, callWith } from '../../../lib/api-client';
import { authStore, errorsFrom, NO_ERRORS, type AuthStore } from '../../../lib/auth/auth-store';
import type { AuthUser } from '../../../lib/auth/types';
import { forgetSecurityLink, securityLink } from '../../../lib/auth/security-link';
import { passkeySecondStep, passkeySignIn } from '../../../lib/auth/second-factor';

/**
 * The calls of the sign-in screens (login, the administrator's second step, register,
 * resend, forgot, reset). They change the session only through the store's `update` and
 * `startSession`; everything else about the session stays in `lib/auth/auth-store.ts`.
 * Section 7: all of them are sent without the bearer token.
 */

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

/** The login form sends no `type`: this app always signs in as a "user". */
export type LoginInput = Omit<LoginPayload, 'type'> & { remember: boolean };

/** The contract answers verification_sent; section 4 also allows a direct login with a token. */
type RegisterAnswer = Partial<RegisterResponse> & { verification_sent?: boolean; token?: string; roles?: Role[] };

export function createSignInCalls(store: AuthStore, request: typeof api = api) {
  /**
   * Runs a call with the loading flag. Register keeps its errors in the store (section 5);
   * resend, forgot and reset have screen-specific messages (section 8), so their screens
   * read the thrown error and the store's errors stay those of the last login or register.
   */
  async function run<T>(call: () => Promise<T>, keepErrors: boolean): Promise<T> {
    store.update(keepErrors ? { loading: true, errors: NO_ERRORS } : { loading: true });
    try {
      const result = await call();
      store.update({ loading: false });
      return result;
    } catch (error) {
      store.update(keepErrors ? { loading: false, errors: errorsFrom(error) } : { loading: false });
      throw error;
    }
  }

  function signedIn(answer: LoginResponse, grace = false): void {
    store.startSession(answer.token, {
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

  async function login(input: LoginInput): Promise<AuthUser> {
    store.update({ loading: true, errors: NO_ERRORS });
    try {
      const body: LoginPayload = {
        email: input.email,
        password: input.password,
        remember: input.remember,
        type: 'user',
      };
      const answer: LoginAnswer = await callWith(request, 'POST /api/user/login', { auth: false, body });
      if (isTwoFactorStep(answer)) {
        // An administrator: no token yet; the sign-in screen asks for the second step.
        store.update({ loading: false, twoFactor: answer, verificationRequired: false, verificationSent: false });
        throw new AuthFailure('two_factor', answer.message, undefined);
      }
      signedIn(answer, Boolean(answer.two_factor_grace));
      return answer.user;
    } catch (error) {
      if (error instanceof AuthFailure) throw error;
      const apiError = error instanceof ApiError ? error : undefined;
      const body = apiError?.body;
      if (apiError?.status === 403 && body?.verification_required) {
        store.update({
          loading: false,
          verificationRequired: true,
          user: (body.user as AuthUser | undefined) ?? null,
          errors: NO_ERRORS,
        });
        throw new AuthFailure('verification_required', 'Email verification required', apiError);
      }
      if (apiError?.status === 403 && body?.status === 'inactive') {
        store.update({ loading: false, errors: NO_ERRORS, deactivated: false });
        throw new AuthFailure('inactive', 'Account inactive', apiError);
      }
      store.update({ loading: false, errors: errorsFrom(error) });
      throw new AuthFailure('failed', error instanceof Error ? error.message : String(error), apiError);
    }
  }

  /** The second step of an administrator's sign-in: a code from the app or a recovery code. */
  async function completeTwoFactor(input: { code?: string; recovery_code?: string }): Promise<AuthUser> {
    const step = store.getState().twoFactor;
    if (!step) throw new AuthFailure('failed', 'No sign-in waits for a code', undefined);
    const answer = await callWith(request, 'POST /api/user/login/two-factor', {
      auth: false,
      body: { challenge: step.challenge, ...input },
    });
    signedIn(answer);
    return answer.user;
  }

  /** Signs in with a passkey alone (discoverable: no e-mail or password typed). */
  async function withPasskey(remember: boolean): Promise<AuthUser> {
    const answer = await passkeySignIn(remember);
    signedIn(answer);
    return answer.user;
  }

  /** The passkey as the second step after the password. */
  async function completeWithPasskey(): Promise<AuthUser> {
    const step = store.getState().twoFactor;
    if (!step) throw new AuthFailure('failed', 'No sign-in waits for a second step', undefined);
    const answer = await passkeySecondStep(step.challenge);
    signedIn(answer);
    return answer.user;
  }

  /** Enrolment during sign-in (the grace sign-in is used): the QR code for this ticket. */
  function twoFactorSetup(): Promise<TwoFactorSetup> {
    return callWith(request, 'POST /api/user/login/two-factor/setup', {
      auth: false,
      body: { challenge: store.getState().twoFactor?.challenge ?? '', security: securityLink() },
    });
  }

  /** The first code of the new app: signs in and returns the recovery codes to show once. */
  async function confirmTwoFactorSetup(code: string): Promise<{ user: AuthUser; recoveryCodes: string[] }> {
    const answer = await callWith(request, 'POST /api/user/login/two-factor/confirm', {
      auth: false,
      body: { challenge: store.getState().twoFactor?.challenge ?? '', security: securityLink(), code },
    });
    forgetSecurityLink();
    // Signed in, but the step stays until the recovery codes shown once are acknowledged (cancelTwoFactor).
    const step = store.getState().twoFactor;
    signedIn(answer);
    store.update({ twoFactor: step });
    return { user: answer.user, recoveryCodes: answer.recovery_codes };
  }

  async function register(input: RegisterPayload): Promise<{ verificationSent: boolean }> {
    const answer = await run(
      (): Promise<RegisterAnswer> => callWith(request, 'POST /api/user/register', { auth: false, body: input }),
      true,
    );
    if (answer.verification_sent) {
      store.update({ verificationSent: true, user: answer.user ?? null });
      return { verificationSent: true };
    }
    if (answer.token) store.startSession(answer.token, { user: answer.user ?? null, roles: answer.roles ?? [] });
    return { verificationSent: false };
  }

  async function resendVerification(email: string): Promise<string | undefined> {
    const answer = await run(
      () => callWith(request, 'POST /api/user/email/verification/resend', { auth: false, body: { email } }),
      false,
    );
    store.update({ verificationSent: true });
    return answer.message;
  }

  async function forgotPassword(email: string): Promise<string | undefined> {
    const answer = await run(
      () => callWith(request, 'POST /api/user/forgot-password', { auth: false, body: { email } }),
      false,
    );
    return answer.message;
  }

  async function resetPassword(input: ResetPasswordPayload): Promise<string | undefined> {
    const answer = await run(
      () => callWith(request, 'POST /api/user/reset-password', { auth: false, body: input }),
      false,
    );
    return answer.message;
  }

  return {
    login,
    completeTwoFactor,
    withPasskey,
    completeWithPasskey,
    twoFactorSetup,
    confirmTwoFactorSetup,
    register,
    resendVerification,
    forgotPassword,
    resetPassword,
  };
}

export type SignInCalls = ReturnType<typeof createSignInCalls>;

/** The sign-in calls on the app's one session store. */
export const signIn = createSignInCalls(authStore);
