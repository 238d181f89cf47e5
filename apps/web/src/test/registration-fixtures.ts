import type { RegistrationRecord } from '@hpbc/shared/form-one';

/** A submitted registration as the API answers it; `overrides` sets what a test is about. */
export function makeRegistration(overrides: Partial<RegistrationRecord> = {}): RegistrationRecord {
  return {
    id: 7,
    reference_number: 'HPBC-2026-000007',
    status: 'Submitted',
    current_step: 7,
    project_name: 'Shwe Pyi Tower',
    submitted_at: '2026-03-02T03:00:00.000Z',
    created_at: '2026-03-01T03:00:00.000Z',
    updated_at: '2026-03-02T03:00:00.000Z',
    user_id: 3,
    data: {},
    history: [],
    ...overrides,
  };
}
