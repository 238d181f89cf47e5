import type { RegistrationRecord } from '@hpbc/shared/form-one-fields';
import type { ReviewComment, ReviewedRegistration } from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';

/** What the submitter needs to know about a registration the committee returned for changes. */
export interface ReturnedFor {
  reference: string;
  note: string | null;
  /** The national counterparts' comments of the latest round, shown beside their fields in the form. */
  comments: ReviewComment[];
}

/** The committee's reason for returning a registration: the note of its last status change. */
export function returnedFor(record: RegistrationRecord): ReturnedFor | undefined {
  if (record.status !== STATUS.returned) return undefined;
  const last = [...record.history].reverse().find((h) => h.status === STATUS.returned);
  const all = (record as Partial<ReviewedRegistration>).comments ?? [];
  const round = Math.max(0, ...all.map((c) => c.round));
  return {
    reference: record.reference_number ?? '',
    note: last?.note ?? null,
    comments: all.filter((c) => c.round === round),
  };
}
