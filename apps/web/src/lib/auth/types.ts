import type { Role, User } from '@hpbc/shared';

export type { StatusColor, UserStatus } from '@hpbc/shared';

/** The signed-in person as the API sends it (docs/api.md, "Accounts"). */
export type AuthUser = User;

/** GET /api/user/profile and GET /api/user. */
export interface ProfileAnswer {
  user: AuthUser;
  roles: Role[];
}

/** Field errors as a map of field to messages, plus messages that belong to no field. */
export interface AuthErrors {
  fields: Record<string, string[]>;
  general: string[];
}
