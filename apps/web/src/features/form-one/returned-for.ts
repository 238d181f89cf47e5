import type { RegistrationRecord } from '@hpbc/shared/form-one';

/** What the submitter needs to know about a registration the committee returned for changes. */
export interface ReturnedFor {
  reference: string;
  note: string | null;
}

/** The committee's reason for returning a registration: the note of its last status change. */
export function returnedFor(record: RegistrationRecord): ReturnedFor | undefined {
  if (record.status !== 'Returned for changes') return undefined;
  const last = [...record.history].reverse().find((h) => h.status === 'Returned for changes');
  return { reference: record.reference_number ?? '', note: last?.note ?? null };
}
