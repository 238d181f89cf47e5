import { messageCode } from '@hpbc/shared';
import { reviewStatusChangeSchema } from '@hpbc/shared/registration-review';
import { STATUS, canTransition, type RegistrationStatus } from '@hpbc/shared/registration-workflow';
import type { Actor, ModuleDeps } from '../../module-deps';
import type { Db } from '../../db/client';
import { HttpError, ValidationError, forbidden, notFound } from '../../lib/http-errors';
import { accountsRepository } from '../accounts/accounts.repository';
import { recordAudit } from '../audit/audit.repository';
import { statusChangeMail } from './registrations.review-mail';
import { registrationsRepository } from './registrations.repository';
import { actsAs } from './registrations.service';

function payload(body: unknown) {
  const parsed = reviewStatusChangeSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'status')] ??= []).push(issue.message);
    throw new ValidationError(errors);
  }
  return parsed.data;
}

/**
 * The committee's review: an administrator moves a submitted registration along and the
 * submitter is told. The rule is the workflow's (registration-workflow.ts, actor
 * `committee`); the queries are the repository's.
 */
export function registrationReviewService(deps: ModuleDeps) {
  const { database, now, mail, config } = deps;
  const repo = registrationsRepository(database.db);

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

      const at = now();
      const updated = await database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const done = await registrationsRepository(tx).changeStatus({
          id,
          from: row.status as RegistrationStatus,
          to: change.status,
          note: change.note,
          actorId: actor.user.id,
          now: at,
        });
        if (done) {
          await recordAudit(tx, actor, {
            action: 'status',
            recordType: 'registration',
            recordId: id,
            before: { status: row.status, reference_number: row.referenceNumber },
            after: { status: change.status, note: change.note ?? null, reference_number: row.referenceNumber },
          });
        }
        return done;
      });
      if (!updated) throw refuse();

      const owner = await accountsRepository(database.db).contact(row.userId);
      if (owner) {
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
          }),
        });
      }
    },
  };
}
