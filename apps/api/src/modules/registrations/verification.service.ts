import { messageCode } from '@hpbc/shared';
import type { VerifyAnswer } from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { reviewParts } from './reviews.core';
import { reviewsRepository } from './reviews.repository';
import { legalActEvidence } from '../second-factor/legal-act-gate';

/** GET /api/verify/{reference}: what a printed registration can be checked against, without contact data. */
export function verificationService(deps: ModuleDeps) {
  const reviews = reviewsRepository(deps.database.db);
  return {
    async verify(reference: string): Promise<VerifyAnswer> {
      const row = await reviews.findByReference(reference.trim().toUpperCase());
      if (!row || row.status === STATUS.draft) throw notFound(messageCode('registration_not_found'));
      const parts = await reviewParts(deps.database.db, row);
      const decidedAt = await reviews.lastStatusAt(row.id, [STATUS.approved, STATUS.rejected]);
      const decided = row.status === STATUS.approved || row.status === STATUS.rejected;
      // How each act was signed: the step-up proofs kept as evidence (issue 26).
      const evidence = await legalActEvidence(deps.database, row.id);
      return {
        reference_number: row.referenceNumber!,
        project_name: typeof row.data.project_name === 'string' ? row.data.project_name : '',
        status: row.status,
        submitted_at: row.submittedAt?.toISOString() ?? null,
        decided_at: decided && decidedAt ? decidedAt.toISOString() : null,
        content_sha256: parts.content_sha256,
        countersignatures: parts.countersignatures.map((s) => ({ ...s, signed_with: evidence.countersignature(s) })),
        ...(decided ? { decision: { status: row.status, signed_with: evidence.decision(row.status) } } : {}),
      };
    },
  };
}
