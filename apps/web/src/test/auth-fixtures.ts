import type { Role } from '@hpbc/shared';
import type { AuthUser } from '../lib/auth/types';

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 7,
    name: 'Aung Min Thu',
    email: 'aung@example.test',
    email_verified_at: '2026-01-05T03:04:00.000Z',
    phone: null,
    address: null,
    is_admin: false,
    status: 'active',
    created_at: '2026-01-05T03:04:00.000Z',
    updated_at: '2026-01-05T03:04:00.000Z',
    ...overrides,
  };
}

export const ROLE: Record<'project' | 'national' | 'eiet', Role> = {
  project: { id: 1, name: 'Project', slug: 'project' },
  national: { id: 2, name: 'National Counterpart', slug: 'national-counterpart' },
  eiet: { id: 3, name: 'EIET', slug: 'eiet' },
};
