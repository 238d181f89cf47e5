import { messageCode, rule, type Locale } from '@hpbc/shared';
import { myanmarDateTime } from '@hpbc/shared/digits';
import type {
  Presentation,
  presentationAnswerSchema,
  presentationCreateSchema,
  presentationMinutesSchema,
} from '@hpbc/shared/presentations';
import { COUNTERPART_REVIEWABLE } from '@hpbc/shared/registration-workflow';
import type { z } from 'zod';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction } from '../../db/client';
import { dataDirStore } from '../../lib/file-store/file-store';
import { HttpError, ValidationError, forbidden, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { calendarUidDomain } from '../company/company.calendar';
import { registrationsRepository, type RegistrationRow } from '../registrations/registrations.repository';
import { actsAs } from '../registrations/registrations.service';
import { notFoundRegistration } from '../registrations/submitters-registration';
import { inviteesOf, presentationsOf } from './presentations.core';
import { organizerEmail, presentationInvitation } from './presentations.calendar';
import { presentationInvitationMail } from './presentations.mail';
import { presentationsRepository } from './presentations.repository';

const notFoundPresentation = () => notFound(messageCode('presentation_not_found'));

/**
 * The designer's presentation (issue 30): the committee schedules it for a submitted
 * registration, the owner and the named counterparts get a calendar invitation by mail and
 * answer in the portal, and the committee records the minutes.
 */
export function presentationsService(deps: ModuleDeps) {
  const { database, now, mail, config } = deps;
  const registrations = registrationsRepository(database.db);
  const repo = presentationsRepository(database.db);
  const files = dataDirStore(config.dataDir, 'calendar');

  async function answerOf(row: RegistrationRow, id: number): Promise<Presentation> {
    return (await presentationsOf(database.db, row)).find((p) => p.id === id)!;
  }

  return {
    /** POST /api/admin/registrations/{id}/presentations. */
    async schedule(
      actor: Actor,
      registrationId: number,
      body: z.output<typeof presentationCreateSchema>,
    ): Promise<Presentation> {
      if (!actsAs(actor, 'committee')) throw forbidden(messageCode('admins_only'));
      const row = await registrations.findById(registrationId);
      if (!row || row.status === 'Draft') throw notFoundRegistration();
      if (!(COUNTERPART_REVIEWABLE as readonly string[]).includes(row.status)) {
        throw new HttpError(409, messageCode('presentation_status'), { status: row.status });
      }
      const startsAt = new Date(body.starts_at);
      const at = now();
      if (startsAt.getTime() <= at.getTime()) {
        throw new ValidationError({ starts_at: [rule('presentation_past', 'starts_at')] });
      }
      const saved = await withTransaction(database.db, async (tx) => {
        const p = await presentationsRepository(tx).insert({
          registrationId: row.id,
          startsAt,
          durationMinutes: body.duration_minutes ?? 60,
          place: body.place,
          meetingUrl: body.meeting_url,
          createdBy: actor.user.id,
          createdAt: at,
        });
        await recordAudit(tx, actor, {
          action: 'presentation_scheduled',
          recordType: 'registration',
          recordId: row.id,
          before: null,
          after: { presentation_id: p.id, starts_at: body.starts_at, place: body.place, meeting_url: body.meeting_url },
        });
        return p;
      });

      // Each invitee gets the invitation with its calendar file, in their language.
      const invitees = await inviteesOf(database.db, row);
      const projectName = typeof row.data.project_name === 'string' ? row.data.project_name : '';
      const reference = row.referenceNumber ?? '';
      const uidDomain = calendarUidDomain(config.appSecret);
      for (const invitee of invitees) {
        const locale: Locale = invitee.locale === 'my' ? 'my' : 'en';
        const url =
          invitee.role === 'owner'
            ? `${config.appUrl}/user/projects/${row.id}`
            : `${config.appUrl}/user/national/reviews/${row.id}`;
        const ics = presentationInvitation({
          presentation: saved,
          uidDomain,
          organizer: organizerEmail(config.mailFrom),
          attendees: invitees,
          projectName,
          referenceNumber: reference,
          url,
          locale,
        });
        const file = await files.save('invitations', Buffer.from(ics, 'utf8'), at, '.ics');
        await mail.enqueue({
          to: invitee.email,
          ...presentationInvitationMail({
            name: invitee.name,
            referenceNumber: reference,
            projectName,
            when: myanmarDateTime(startsAt, locale),
            where: [saved.place, saved.meetingUrl].filter(Boolean).join('\n'),
            url,
            locale,
          }),
          attachments: [
            {
              filename: 'invitation.ics',
              path: files.dataDirPath(file.key),
              contentType: 'text/calendar; charset=utf-8; method=REQUEST',
            },
          ],
        });
      }
      return answerOf(row, saved.id);
    },

    /** POST /api/presentations/{id}/answer: the owner or a named counterpart (by address). */
    async answer(actor: Actor, id: number, body: z.output<typeof presentationAnswerSchema>): Promise<Presentation> {
      const p = await repo.findById(id);
      const row = p && (await registrations.findById(p.registrationId));
      if (!p || !row) throw notFoundPresentation();
      const email = actor.user.email.toLowerCase();
      const invited = (await inviteesOf(database.db, row)).some(
        (i) =>
          i.email === email &&
          (i.role === 'owner' ? actsAs(actor, 'submitter', row) : actsAs(actor, 'counterpart', row)),
      );
      if (!invited) throw notFoundPresentation();
      await repo.answer({ presentationId: id, email, answer: body.answer, answeredAt: now() });
      return answerOf(row, id);
    },

    /** PATCH /api/admin/presentations/{id}: the minutes, recorded on the registration. */
    async minutes(actor: Actor, id: number, body: z.output<typeof presentationMinutesSchema>): Promise<Presentation> {
      if (!actsAs(actor, 'committee')) throw forbidden(messageCode('admins_only'));
      const p = await repo.findById(id);
      const row = p && (await registrations.findById(p.registrationId));
      if (!p || !row) throw notFoundPresentation();
      await withTransaction(database.db, async (tx) => {
        await presentationsRepository(tx).setMinutes(id, body.minutes, now());
        await recordAudit(tx, actor, {
          action: 'presentation_minutes',
          recordType: 'registration',
          recordId: row.id,
          before: { presentation_id: id, minutes: p.minutes },
          after: { presentation_id: id, minutes: body.minutes },
        });
      });
      return answerOf(row, id);
    },
  };
}
