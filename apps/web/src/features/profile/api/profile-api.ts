import type { PasswordChangePayload, ProfileUpdatePayload } from '@hpbc/shared';
import { call } from '../../../lib/api-client';

/** POST /api/user/profile, as the edit screen uses it (section 7); 422 carries field errors. */
export function updateProfile(payload: ProfileUpdatePayload) {
  return call('POST /api/user/profile', { body: payload });
}

/** PUT /api/user/password with the current password. */
export function changePassword(payload: PasswordChangePayload) {
  return call('PUT /api/user/password', { body: payload });
}
