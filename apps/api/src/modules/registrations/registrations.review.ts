import { messageCode } from '@hpbc/shared';
import { reviewStatusChangeSchema } from '@hpbc/shared/registration-review';
import { STATUS, canTransition } from '@hpbc/shared/registration-workflow';
import type { Actor, ModuleDeps } from '../../module-deps';
import { HttpError, forbidden, notFound, parseBody } from '../../lib/http-errors';
import { accountsRepository } from '../accounts/accounts.repository';
import { statusChangeMail } from './registrations.review-mail';
import { runRegistrationMove } from './registrations.move';
import { registrationsRepository } from './registrations.repository';
import { actsAs } from './registrations.service';
import { contentChanged } from '../../lib/content-changed';
import { answerData, currentHashOf, missingCountersignatures, reviewParts } from './reviews.core';
import { appendDecision, decisionOfStatus } from '../transparency/decision-log.repository';
import { reviewsRepository } from './reviews.repository';
import { stampApprovedSet } from '../documents/documents.approval';

const wholeNumber = (v: unknown) => {
  const n = typeof v === 'string' ? Number.parseInt(v.replace(/[^0-9]/g, ''), 10) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/**
 * The public project list entry of an approved registration: its project name, the project
 * owner as developer, the tallest building's floors, and the township, district and region read
 * from the location's comma-separated parts (last: region or state; the district only when
 * named). Only what the submitter gave is published (issue 28, item 6; decision 104): Form One
 * asks no building height, so none is published (it was 3 m a floor, shown as if measured), and
 * a location of one part is the region or state alone, not also the township.
 */
export function projectOf(data: Record<string, unknown>, ownerName: string) {
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');
  const storey = Math.max(0, ...[1, 2, 3].map((n) => wholeNumber(data[`ground_floors_${n}`])));
  const basement = Math.max(0, ...[1, 2, 3].map((n) => wholeNumber(data[`basement_floors_${n}`])));
  const parts = text('project_location')
    .split(/[,\n၊]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const state = parts.at(-1) ?? '';
  const at = parts.findIndex((p) => /township|မြို့နယ်/i.test(p));
  const township = at >= 0 ? parts[at]! : (parts.at(-2) ?? '');
  // A district between the township and the region or state, when the location names one;
  // none otherwise: the public entry shows what the submitter gave, not the state again
  // under another heading (issue 28, item 6).
  const district = at >= 0 && at < parts.length - 2 ? parts[parts.length - 2]! : '';
  return {
    projectName: text('project_name'),
    developer: text('project_owner') || ownerName,
    basement,
    storey,
    buildingHeight: null,
    location: township,
    region: district,
    state,
  };
}

function payload(body: unknown) {
  return parseBody(reviewStatusChangeSchema, body, 'status');
}

/**
 * The committee's review: an administrator moves a submitted registration along and the
 * submitter is told. The rule is the workflow's (registration-workflow.ts, actor
 * `committee`); the queries are the repository's.
 */
export function registrationReviewService(deps: ModuleDeps) {
  const { database, now, mail, config } = deps;
  const repo = registrationsRepository(database.db);
  const reviews = reviewsRepository(database.db);

  return {
    async changeStatus(actor: Actor, id: number, body: unknown): Promise<void> {
      if (!actsAs(actor, 'committee')) throw forbidden(messageCode('admins_only'));
      const row = await repo.findById(id);
      // Drafts are the owner's private work: to the committee they do not exist yet.
      if (!row || row.status === STATUS.draft) throw notFound(messageCode('registration_not_found'));
      const change = payload(body);
      const refuse = () =>
        new HttpError(409, messageCode('status_change', row.status, change.status), {
          status: row.status,
        });
      if (!canTransition(row.status, change.status, 'committee')) throw refuse();

      const approving = change.status === STATUS.approved;
      if (approving) {
        // Every discipline that names a counterpart needs a countersignature on the current content.
        const { countersignatures } = await reviewParts(database.db, row);
        const missing = missingCountersignatures(row.data, countersignatures);
        if (missing.length > 0) {
          throw new HttpError(409, messageCode('countersignatures_missing', missing.join(', ')), { missing });
        }
      }

      const at = now();
      const ownerRow = await accountsRepository(database.db).contact(row.userId);
      let published: { id: number; rnNumber: number } | undefined;
      const updated = await runRegistrationMove(
        deps,
        actor,
        {
          row,
          to: change.status,
          as: 'committee',
          note: change.note,
          action: 'status',
          audit: { note: change.note ?? null },
          at,
        },
        {
          inside: async (tx) => {
            const decision = decisionOfStatus(change.status);
            if (decision) {
              await appendDecision(tx, {
                at,
                registrationId: id,
                action: decision,
                content: await currentHashOf(tx, row),
              });
            }
            if (!approving) return;
            // Approval publishes the project on the public list at once, linked from the registration.
            const r = reviewsRepository(tx);
            const project = await r.publishProject({ ...projectOf(answerData(row), ownerRow?.name ?? ''), now: at });
            await r.linkProject(id, project.id);
            published = project;
          },
          after: async () => {
            if (approving) {
              contentChanged(database, 'projects');
              // The approved set: every current document stamped (decision 071). Should it fail
              // here, the first read of an approved copy finishes it (documents.service.ts).
              await stampApprovedSet(deps, { id, referenceNumber: row.referenceNumber ?? '' }, at).catch(
                () => undefined,
              );
            }
            const owner = ownerRow;
            if (!owner) return;
            const projectName = typeof row.data.project_name === 'string' ? row.data.project_name : '';
            await mail.enqueue({
              to: owner.email,
              ...statusChangeMail({
                name: owner.name,
                referenceNumber: row.referenceNumber ?? '',
                projectName,
                status: change.status,
                note: change.note,
                url: `${config.appUrl}/user/projects/${id}`,
                locale: owner.locale === 'my' ? 'my' : 'en',
                // What matters in each decision (issue 28, item 2): a return lists the round's
                // field comments; an approval gives the RN number and where anyone can see and check it.
                comments: change.status === STATUS.returned ? await reviews.roundComments(id) : undefined,
                approval: published && {
                  rnNumber: published.rnNumber,
                  projectUrl: `${config.appUrl}/project-detail/${published.id}`,
                  verifyUrl: `${config.appUrl}/verify/${encodeURIComponent(row.referenceNumber ?? '')}`,
                },
              }),
            });
          },
        },
      );
      if (!updated) throw refuse();
    },
  };
}
