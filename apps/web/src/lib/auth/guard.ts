import { redirect } from 'react-router';
import { hasRole, type RoleSlug } from '@hpbc/shared';
import { ApiError } from '../api-client';
import { authStore, type AuthStore } from './auth-store';

export const LOGIN_PATH = '/login';
export const DASHBOARD_PATH = '/user/dashboard';

/** What a route asks of the visitor (specification sections 2 and 4). */
export interface RouteAccess {
  /** Guests only (login, register, forgot and reset password) and home: a signed-in user goes to the dashboard. */
  guest?: boolean;
  /** Login required: a visitor goes to login; an unconfirmed address goes to login with the notice. */
  auth?: boolean;
  /** A role the user must hold, else the dashboard. */
  role?: RoleSlug;
  /** The admin flag, else the dashboard. */
  admin?: boolean;
  /**
   * A page that works with no connection (the inspector's on-site pages, issue 30): when the
   * profile cannot be loaded because no answer arrives, a kept sign-in is let in; the server
   * still checks every call it later receives.
   */
  offline?: boolean;
}

/**
 * The route guard of section 4: where to send the visitor instead, or null to let them in.
 * A profile load already running is awaited rather than started again (the spec polls it every 50 ms).
 */
export async function resolveAccess(access: RouteAccess, store: AuthStore = authStore): Promise<string | null> {
  const { token } = store.getState();
  if (access.guest) return token ? DASHBOARD_PATH : null;
  if (!access.auth && !access.role && !access.admin) return null;
  if (!token) return LOGIN_PATH;

  let user = store.getState().user;
  if (!user) {
    try {
      user = await store.fetchUser();
    } catch (error) {
      if (access.offline && error instanceof ApiError && error.status === 0) return null;
      return LOGIN_PATH;
    }
    if (!user) return LOGIN_PATH;
  }
  if (!user.email_verified_at) {
    store.requireVerification();
    return LOGIN_PATH;
  }
  if (access.role && !hasRole(store.getState().roles, access.role)) return DASHBOARD_PATH;
  if (access.admin && !user.is_admin) return DASHBOARD_PATH;
  return null;
}

/** A route loader that applies the guard before the page (and its code) is loaded. */
export function guard(access: RouteAccess, store: AuthStore = authStore) {
  return async () => {
    const to = await resolveAccess(access, store);
    if (to) throw redirect(to);
    return null;
  };
}
