import { messageCode } from '@hpbc/shared';
import type { VerifiedDocument, VerifyAnswer } from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { approvedDocuments, verifiedDocument } from '../documents/documents.approval';
import { reviewParts } from './reviews.core';
import { reviewsRepository } from './reviews.repository';

/** GET /api/verify/{reference}: what a printed registration can be checked against, without contact data. */
export function verificationService(deps: ModuleDeps) {
  const reviews = reviewsRepository(deps.database.db);
  async function submitted(reference: string) {
    const row = await reviews.findByReference(reference.trim().toUpperCase());
    if (!row || row.status === STATUS.draft) throw notFound(messageCode('registration_not_found'));
    return row;
  }
  return {
    async verify(reference: string): Promise<VerifyAnswer> {
      const row = await submitted(reference);
      const parts = await reviewParts(deps.database.db, row);
      const decidedAt = await reviews.lastStatusAt(row.id, [STATUS.approved, STATUS.rejected]);
      const decided = row.status === STATUS.approved || row.status === STATUS.rejected;
      return {
        reference_number: row.referenceNumber!,
        project_name: typeof row.data.project_name === 'string' ? row.data.project_name : '',
        status: row.status,
        submitted_at: row.submittedAt?.toISOString() ?? null,
        decided_at: decided && decidedAt ? decidedAt.toISOString() : null,
        content_sha256: parts.content_sha256,
        countersignatures: parts.countersignatures,
        documents: await approvedDocuments(deps, row.id),
      };
    },

    /** GET /api/verify/{reference}/documents/{sha256}: a copy someone holds, checked by its hash. */
    async verifyDocument(reference: string, sha256: string): Promise<VerifiedDocument> {
      const row = await submitted(reference);
      return verifiedDocument(deps, row.id, sha256.toLowerCase());
    },
  };
}
