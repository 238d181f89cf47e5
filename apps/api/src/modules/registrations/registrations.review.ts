import { messageCode } from '@hpbc/shared';
import { and, eq } from 'drizzle-orm';
import { canChangeReviewStatus, reviewStatusChangeSchema } from '@hpbc/shared/registration-review';
import type { ModuleDeps } from '../../app';
import type { Db } from '../../db/client';
import { registrations, users } from '../../db/schema/index';
import { HttpError, ValidationError, forbidden, notFound } from '../../lib/http-errors';
import { statusChangeMail } from './registrations.review-mail';
import { registrationsRepository } from './registrations.repository';
import type { Actor } from './registrations.service';

function payload(body: unknown) {
  const parsed = reviewStatusChangeSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'status')] ??= []).push(issue.message);
    throw new ValidationError(errors);
  }
  return parsed.data;
}

/** The committee's review: an administrator moves a submitted registration along and the submitter is told. */
export function registrationReviewService(deps: ModuleDeps) {
  const { database, now, mail, config } = deps;

  return {
    async changeStatus(actor: Actor, id: number, body: unknown): Promise<void> {
      if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
      const repo = registrationsRepository(database.db);
      const row = await repo.findById(id);
      // Drafts are the owner's private work: to the committee they do not exist yet.
      if (!row || row.status === 'Draft') throw notFound(messageCode('registration_not_found'));
      const change = payload(body);
      const refuse = () =>
        new HttpError(409, messageCode('status_change', row.status, change.status), {
          status: row.status,
        });
      if (!canChangeReviewStatus(row.status, change.status)) throw refuse();

      const at = now();
      const updated = await database.db.transaction(async (tx) => {
        // The WHERE on the old status makes two admins acting at once change it only once.
        const [r] = await tx
          .update(registrations)
          .set({ status: change.status, updatedAt: at })
          .where(and(eq(registrations.id, id), eq(registrations.status, row.status)))
          .returning();
        if (!r) return undefined;
        await registrationsRepository(tx as unknown as Db).addHistory({
          registrationId: id,
          status: change.status,
          note: change.note,
          actorId: actor.user.id,
          now: at,
        });
        return r;
      });
      if (!updated) throw refuse();

      const [owner] = await database.db
        .select({ name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
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
