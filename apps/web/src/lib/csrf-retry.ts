import { ApiError } from './api-client';

/**
 * The page's CSRF token belongs to a cookie; when the cookie is gone (cleared, or the page
 * was kept open across a server key change) the server answers 419. A fresh copy of the
 * page carries a new pair, so the request can be retried without losing what was typed.
 */
async function refreshCsrfToken(): Promise<boolean> {
  try {
    const res = await fetch(window.location.pathname, { headers: { Accept: 'text/html' }, cache: 'no-store' });
    const html = await res.text();
    const token = /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1];
    if (!token) return false;
    document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', token);
    return true;
  } catch {
    return false;
  }
}

/** Sends a token-less form (its CSRF header read at each try), once more after a 419 with a fresh token. */
export async function withCsrfRetry<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 419 && (await refreshCsrfToken())) return send();
    throw error;
  }
}
