import type { PasswordChangePayload, ProfileUpdatePayload } from '@hpbc/shared';
import { api } from '../../../lib/api-client';
import type { AuthUser } from '../../../lib/auth/types';

/** POST /api/user/profile, as the edit screen uses it (section 7); 422 carries field errors. */
export function updateProfile(payload: ProfileUpdatePayload) {
  return api<{ user: AuthUser; message?: string; verification_sent?: boolean }>('/api/user/profile', {
    method: 'POST',
    body: payload,
  });
}

/** PUT /api/user/password with the current password. */
export function changePassword(payload: PasswordChangePayload) {
  return api<{ message?: string }>('/api/user/password', { method: 'PUT', body: payload });
}
