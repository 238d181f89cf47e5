import { messageCode } from '@hpbc/shared';
import type { VerifyAnswer } from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { ModuleDeps } from '../../module-deps';
import { notFound } from '../../lib/http-errors';
import { answerData, currentHashOf, toCountersignature } from './reviews.core';
import { reviewsRepository } from './reviews.repository';

/**
 * GET /api/verify/{reference}: what a printed registration can be checked against, without
 * contact data. It answers what was last submitted (the newest round), never the owner's
 * draft of a registration returned for changes; a returned or rejected one is shown
 * without its counterparts' licence numbers (issue 24, hole 7). The route limits calls per
 * address, since references are sequential.
 */
export function verificationService(deps: ModuleDeps) {
  const reviews = reviewsRepository(deps.database.db);
  return {
    async verify(reference: string): Promise<VerifyAnswer> {
      const row = await reviews.findByReference(reference.trim().toUpperCase());
      if (!row || row.status === STATUS.draft) throw notFound(messageCode('registration_not_found'));
      const [[submitted], signatures, decidedAt] = await Promise.all([
        reviews.lastRounds(row.id),
        reviews.countersignatures([row.id]),
        reviews.lastStatusAt(row.id, [STATUS.approved, STATUS.rejected]),
      ]);
      // A registration submitted before rounds were kept: only a returned one can differ from what was sent.
      const sent = submitted ?? {
        data: row.status === STATUS.returned ? {} : answerData(row),
        contentSha256: row.status === STATUS.returned ? null : currentHashOf(row),
      };
      const decided = row.status === STATUS.approved || row.status === STATUS.rejected;
      const withLicences = row.status !== STATUS.returned && row.status !== STATUS.rejected;
      return {
        reference_number: row.referenceNumber!,
        project_name: typeof sent.data.project_name === 'string' ? sent.data.project_name : '',
        status: row.status,
        submitted_at: row.submittedAt?.toISOString() ?? null,
        decided_at: decided && decidedAt ? decidedAt.toISOString() : null,
        content_sha256: sent.contentSha256,
        countersignatures: signatures.map((s) => {
          const c = toCountersignature(s, sent.contentSha256);
          return withLicences ? c : { ...c, license: '' };
        }),
      };
    },
  };
}
