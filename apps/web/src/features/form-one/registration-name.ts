import type { RegistrationSummary } from '@hpbc/shared/form-one-fields';

/** A registration's name as the submitter's lists show it; a draft may have none yet (`untitled`). */
export function registrationName(r: RegistrationSummary, untitled: string): string {
  return r.project_name.trim() || untitled;
}
