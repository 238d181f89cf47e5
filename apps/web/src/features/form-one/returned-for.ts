import type { RegistrationRecord } from '@hpbc/shared/form-one';
import { STATUS } from '@hpbc/shared/registration-workflow';

/** What the submitter needs to know about a registration the committee returned for changes. */
export interface ReturnedFor {
  reference: string;
  note: string | null;
}

/** The committee's reason for returning a registration: the note of its last status change. */
export function returnedFor(record: RegistrationRecord): ReturnedFor | undefined {
  if (record.status !== STATUS.returned) return undefined;
  const last = [...record.history].reverse().find((h) => h.status === STATUS.returned);
  return { reference: record.reference_number ?? '', note: last?.note ?? null };
}
