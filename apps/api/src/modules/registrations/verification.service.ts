import { messageCode } from '@hpbc/shared';
import type { VerifiedDocument, VerifyAnswer } from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { approvedDocuments, verifiedDocument } from '../documents/documents.approval';
import { answerData, currentHashOf, toCountersignature } from './reviews.core';
import { reviewsRepository } from './reviews.repository';
import { legalActEvidence } from '../second-factor/legal-act-gate';

/**
 * GET /api/verify/{reference}: what a printed registration can be checked against, without
 * contact data. It answers what was last submitted (the newest round), never the owner's
 * draft of a registration returned for changes; a returned or rejected one is shown
 * without its counterparts' licence numbers (issue 24, hole 7). The route limits calls per
 * address, since references are sequential.
 */
export function verificationService(deps: ModuleDeps) {
  const reviews = reviewsRepository(deps.database.db);
  async function submitted(reference: string) {
    const row = await reviews.findByReference(reference.trim().toUpperCase());
    if (!row || row.status === STATUS.draft) throw notFound(messageCode('registration_not_found'));
    return row;
  }
  return {
    async verify(reference: string): Promise<VerifyAnswer> {
      // Everything the answer shows in one statement (issue 31).
      const read = await reviews.findForVerification(reference.trim().toUpperCase());
      if (!read || read.row.status === STATUS.draft) throw notFound(messageCode('registration_not_found'));
      const { row, lastRound: last, countersignatures: signatures, decidedAt } = read;
      // A registration submitted before rounds were kept: only a returned one can differ from what was sent.
      const sent = last ?? {
        data: row.status === STATUS.returned ? {} : answerData(row),
        contentSha256: row.status === STATUS.returned ? null : await currentHashOf(deps.database.db, row),
      };
      const decided = row.status === STATUS.approved || row.status === STATUS.rejected;
      const withLicences = row.status !== STATUS.returned && row.status !== STATUS.rejected;
      // How each act was signed: the step-up proofs kept as evidence (issue 26).
      const evidence = legalActEvidence(read.proofs);
      return {
        reference_number: row.referenceNumber!,
        project_name: typeof sent.data.project_name === 'string' ? sent.data.project_name : '',
        status: row.status,
        submitted_at: row.submittedAt?.toISOString() ?? null,
        decided_at: decided && decidedAt ? decidedAt.toISOString() : null,
        content_sha256: sent.contentSha256,
        countersignatures: signatures.map((s) => {
          const c = toCountersignature(s, sent.contentSha256);
          const shown = withLicences ? c : { ...c, license: '' };
          return { ...shown, signed_with: evidence.countersignature(c) };
        }),
        documents: approvedDocuments(read.approvedDocuments),
        // /verify leads to the public project entry, which leads back (issue 28, item 8).
        project_id: row.status === STATUS.approved ? (row.projectId ?? null) : null,
        ...(decided ? { decision: { status: row.status, signed_with: evidence.decision(row.status) } } : {}),
      };
    },

    /** GET /api/verify/{reference}/documents/{sha256}: a copy someone holds, checked by its hash. */
    async verifyDocument(reference: string, sha256: string): Promise<VerifiedDocument> {
      const row = await submitted(reference);
      return verifiedDocument(deps, row.id, sha256.toLowerCase());
    },
  };
}
