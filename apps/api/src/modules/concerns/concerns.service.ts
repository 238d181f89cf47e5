import type { z } from 'zod';
import { messageCode, rule, type FieldErrors, type Locale } from '@hpbc/shared';
import {
  CONCERN_PHOTO_MAX_BYTES,
  concernSchema,
  type PublicConcern,
  type QueuedConcern,
  type concernAnswerSchema,
} from '@hpbc/shared/concerns';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { stepClock } from '@hpbc/shared/working-days';
import type { Actor, ModuleDeps } from '../../module-deps';
import { HttpError, ValidationError, forbidden, notFound, zodFieldErrors } from '../../lib/http-errors';
import { dataDirStore } from '../../lib/file-store/file-store';
import type { UploadedFile } from '../../lib/file-store/multipart';
import { withoutMetadata, type ImageType } from '../../lib/images/strip-metadata';
import { clocksRepository } from '../clocks/clocks.repository';
import { registrationsRepository } from '../registrations/registrations.repository';
import { submittersRegistration } from '../registrations/submitters-registration';
import { reviewsRepository } from '../registrations/reviews.repository';
import { concernAnsweredMail, concernReceivedMail } from './concerns.mail';
import { concernsRepository, type ConcernRow } from './concerns.repository';

export const CONCERNS_PER_PAGE = 25;
const localeOf = (l: string | null | undefined): Locale => (l === 'my' ? 'my' : 'en');
const noProject = () => notFound(messageCode('project_not_found'));
const MIB = 1024 * 1024;

/** What a sender sent: the form's fields (JSON or multipart text) and the photo, if any. */
export interface ConcernForm {
  fields: unknown;
  photo?: UploadedFile;
}

/**
 * The photo as it will be kept (a JPEG or PNG by its bytes, at most 5 MiB, its metadata
 * removed: decision 093), or the message code of why it is refused.
 */
function checkPhoto(file: UploadedFile | undefined): { error?: string; photo?: { type: ImageType; bytes: Buffer } } {
  if (!file || ('bytes' in file && file.bytes.length === 0)) return {};
  if ('tooMany' in file) return { error: rule('one_file', 'photo') };
  if ('tooLarge' in file || file.bytes.length > CONCERN_PHOTO_MAX_BYTES) {
    return { error: rule('file_too_large', 'photo', CONCERN_PHOTO_MAX_BYTES / MIB) };
  }
  const photo = withoutMetadata(file.bytes);
  return photo ? { photo } : { error: rule('photo_image', 'photo') };
}

const extOf = (type: ImageType) => (type === 'image/png' ? '.png' : '.jpg');

/**
 * The site signboard and the public's concerns (docs/decisions/089-site-signboard-and-public-concerns.md).
 * A concern can be sent about an approved project only (the others have no public page); it
 * waits in the committee's queue on the `concern_answer` working-day clock (the targets and
 * holidays of modules/clocks), is answered once, and a published answer is shown on the page.
 */
export function concernsService(deps: ModuleDeps) {
  const { database, config, mail, now } = deps;
  const repo = concernsRepository(database.db);
  // The photos' own file area, served only through the admin route below (never public).
  const store = dataDirStore(config.dataDir, 'concerns');
  const clocks = clocksRepository(database.db);

  async function approvedProject(reference: string) {
    const row = await repo.registrationByReference(reference.trim().toUpperCase());
    if (!row || row.status !== STATUS.approved) throw noProject();
    return row;
  }
  const publicPage = (reference: string) => `${config.appUrl}/verify/${encodeURIComponent(reference)}`;

  /** Each concern's clock: from its arrival until its answer (then stopped), in working days. */
  async function clockFor() {
    const [targets, holidays] = await Promise.all([clocks.targets(), clocks.holidaySet()]);
    const target = targets.find((t) => t.step === 'concern_answer')?.working_days ?? 5;
    const at = now();
    return (c: ConcernRow) =>
      stepClock({
        step: 'concern_answer',
        intervals: [{ start: c.receivedAt, end: c.answeredAt }],
        targetDays: target,
        now: at,
        holidays,
      });
  }

  const queued = (
    r: { concern: ConcernRow; referenceNumber: string | null; projectName: string | null },
    clock: (c: ConcernRow) => QueuedConcern['clock'],
  ): QueuedConcern => ({
    id: r.concern.id,
    registration_id: r.concern.registrationId,
    reference_number: r.referenceNumber ?? '',
    project_name: r.projectName ?? '',
    message: r.concern.message,
    name: r.concern.name,
    email: r.concern.email,
    received_at: r.concern.receivedAt.toISOString(),
    answer: r.concern.answer,
    answered_at: r.concern.answeredAt?.toISOString() ?? null,
    published: r.concern.published,
    has_photo: r.concern.photoKey !== null,
    clock: clock(r.concern),
  });

  return {
    /** GET /api/registrations/{id}/signboard.pdf: the owner's, once approved. */
    async signboard(actor: Actor, id: number): Promise<{ pdf: Buffer; reference: string }> {
      const row = await submittersRegistration(registrationsRepository(database.db), actor, id);
      if (row.status !== STATUS.approved || !row.referenceNumber) {
        throw new HttpError(409, messageCode('not_approved'), { reason: 'not_approved' });
      }
      const approvedOn =
        (await reviewsRepository(database.db).lastStatusAt(row.id, [STATUS.approved])) ?? row.updatedAt;
      const url = publicPage(row.referenceNumber);
      // pdfkit, fontkit and qrcode load with the first signboard, not at every start (decision 117).
      const [{ renderSignboardPdf, boardFacts, BOARD_QR }, { default: QRCode }] = await Promise.all([
        import('./signboard.pdf'),
        import('qrcode'),
      ]);
      const pdf = await renderSignboardPdf({
        ...boardFacts(row.referenceNumber, row.data, actor.user.name),
        approvedOn,
        contact: config.contact,
        verifyUrl: url,
        qrPng: await QRCode.toBuffer(url, BOARD_QR),
      });
      return { pdf, reference: row.referenceNumber };
    },

    /** GET /api/verify/{reference}/concerns: the published answers, without who sent them. */
    async published(reference: string): Promise<PublicConcern[]> {
      const project = await approvedProject(reference);
      return (await repo.published(project.id)).map((c) => ({
        id: c.id,
        message: c.message,
        received_at: c.receivedAt.toISOString(),
        answer: c.answer ?? '',
        answered_at: c.answeredAt!.toISOString(),
      }));
    },

    /** Refuses a reference with no approved project before the body (and any photo) is read. */
    async mayRaise(reference: string): Promise<void> {
      await approvedProject(reference);
    },

    /** POST /api/verify/{reference}/concerns: anyone, with an optional photo; the administrators are mailed. */
    async raise(reference: string, form: ConcernForm, locale: Locale) {
      const project = await approvedProject(reference);
      const errors: FieldErrors = {};
      const fields = form.fields && typeof form.fields === 'object' ? form.fields : {};
      const parsed = concernSchema.safeParse(fields);
      if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error.issues));
      const checked = checkPhoto(form.photo);
      if (checked.error) errors.photo = [checked.error];
      if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
      const body = parsed.data;
      const at = now();
      const file = checked.photo
        ? await store.save('photos', checked.photo.bytes, at, extOf(checked.photo.type))
        : undefined;
      let created: ConcernRow;
      try {
        created = await repo.insert({
          registrationId: project.id,
          message: body.message,
          name: body.name,
          email: body.email,
          locale,
          photoKey: file?.key ?? null,
          photoType: file ? checked.photo!.type : null,
          receivedAt: at,
        });
      } catch (err) {
        if (file) await store.discard(file.key).catch(() => undefined);
        throw err;
      }
      for (const admin of await clocks.administrators()) {
        await mail.enqueue({
          to: admin.email,
          ...concernReceivedMail({
            name: admin.name,
            referenceNumber: project.referenceNumber ?? '',
            projectName: project.projectName ?? '',
            message: body.message,
            url: `${config.appUrl}/admin/concerns`,
            locale: localeOf(admin.locale),
          }),
        });
      }
      return created;
    },

    /** GET /api/admin/concerns. */
    async queue(actor: Actor, page: number, openOnly: boolean) {
      if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
      const [{ rows, total, open }, clock] = await Promise.all([
        repo.page(openOnly, page, CONCERNS_PER_PAGE),
        clockFor(),
      ]);
      return {
        data: rows.map((r) => queued(r, clock)),
        meta: { total, page, per_page: CONCERNS_PER_PAGE, open },
      };
    },

    /** GET /api/admin/concerns/{id}/photo: administrators only; 404 when none was sent. */
    async photo(actor: Actor, id: number): Promise<{ type: ImageType; bytes: Buffer }> {
      if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
      const found = await repo.find(id);
      if (!found) throw notFound(messageCode('concern_not_found'));
      const { photoKey, photoType } = found.concern;
      const bytes = photoKey ? await store.readIfPresent(photoKey) : undefined;
      if (!bytes) throw notFound(messageCode('concern_photo_not_found'));
      return { type: photoType === 'image/png' ? 'image/png' : 'image/jpeg', bytes };
    },

    /** POST /api/admin/concerns/{id}/answer: once; the sender (if they left an address) and the owner are mailed. */
    async answer(actor: Actor, id: number, body: z.output<typeof concernAnswerSchema>): Promise<QueuedConcern> {
      if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
      const found = await repo.find(id);
      if (!found) throw notFound(messageCode('concern_not_found'));
      if (!(await repo.answer(id, body.answer, body.publish, actor.user.id, now()))) {
        throw new HttpError(409, messageCode('concern_answered'), { reason: 'answered' });
      }
      const after = (await repo.find(id))!;
      const reference = after.referenceNumber ?? '';
      const about = {
        referenceNumber: reference,
        projectName: after.projectName ?? '',
        message: after.concern.message,
        answer: body.answer,
        url: body.publish ? publicPage(reference) : null,
      };
      if (after.concern.email) {
        await mail.enqueue({
          to: after.concern.email,
          ...concernAnsweredMail({
            ...about,
            name: after.concern.name,
            locale: localeOf(after.concern.locale),
            toOwner: false,
          }),
        });
      }
      const owner = await repo.registrationByReference(reference);
      if (owner) {
        await mail.enqueue({
          to: owner.ownerEmail,
          ...concernAnsweredMail({
            ...about,
            name: owner.ownerName,
            locale: localeOf(owner.ownerLocale),
            toOwner: true,
          }),
        });
      }
      return queued(after, await clockFor());
    },
  };
}
