const KEY = 'hpbc.security';

/**
 * The token of the link mailed for a change of the second factors (docs/decisions/076): the
 * page the link opens reads it once from `?security=`, keeps it for this tab only, and takes
 * it out of the address bar (and so out of the history and any later Referer).
 */
export function captureSecurityLink(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const url = new URL(window.location.href);
  const token = url.searchParams.get('security');
  if (token) {
    sessionStorage.setItem(KEY, token);
    url.searchParams.delete('security');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return securityLink();
}

export function securityLink(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return sessionStorage.getItem(KEY) ?? undefined;
}

/** A link works once: forgotten after the change it allowed. */
export function forgetSecurityLink(): void {
  if (typeof window !== 'undefined') sessionStorage.removeItem(KEY);
}
