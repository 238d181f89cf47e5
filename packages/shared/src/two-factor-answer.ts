import type { LoginResponse } from './auth';

/*
 * The sign-in answers without their validation schemas (two-factor.ts): the browser's
 * auth store, loaded on every page, needs these and must not pull zod with them.
 */

/** The password step's answer for an administrator who must give a second step. */
export interface TwoFactorStep {
  /** `code`: enter a code (or recovery code); `enrol`: set up the app first. */
  two_factor: 'code' | 'enrol';
  challenge: string;
  expires_at: string;
  message: string;
}
/** An administrator's sign-in answer with a token also says whether it used the one grace sign-in. */
export type AdminLoginResponse = LoginResponse & { two_factor_grace?: boolean };
export type LoginAnswer = AdminLoginResponse | TwoFactorStep;
export const isTwoFactorStep = (a: LoginAnswer): a is TwoFactorStep => 'two_factor' in a;
