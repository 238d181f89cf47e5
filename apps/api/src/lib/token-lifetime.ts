/** How long a sign-in token lasts without use: 30 days with "remember me", 1 day otherwise. */
export const TOKEN_LIFETIME_MS = { remember: 30 * 24 * 3600 * 1000, session: 24 * 3600 * 1000 } as const;

/**
 * However often a token is used, it ends this long after sign-in: 30 days for "remember me",
 * 1 day otherwise. A stolen token is not good for ever (docs/decisions/013).
 */
export const ABSOLUTE_LIFETIME_MS = { remember: 30 * 24 * 3600 * 1000, session: 24 * 3600 * 1000 } as const;

export const tokenLifetimeMs = (remember: boolean) =>
  remember ? TOKEN_LIFETIME_MS.remember : TOKEN_LIFETIME_MS.session;
