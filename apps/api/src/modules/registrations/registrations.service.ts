import { messageCode, rule, type Locale } from '@hpbc/shared';
import {
  cleanFormOneData,
  EIET_COMPANY_ID,
  eietCompanyIdOf,
  formOneErrors,
  formOneSubmitSchema,
  formatReferenceNumber,
  isEditableByOwner,
  registrationDraftSchema,
  type FormOneData,
  type RegistrationRecord,
  type RegistrationSummary,
} from '@hpbc/shared/form-one';
import { STATUS, canTransition, type WorkflowActor } from '@hpbc/shared/registration-workflow';
import type { Actor, ModuleDeps } from '../../module-deps';
import { dataDirStore } from '../../lib/file-store/file-store';
import { HttpError, ValidationError } from '../../lib/http-errors';
import { accountsRepository } from '../accounts/accounts.repository';
import { formatWhen, yearInMyanmar } from './registrations.format';
import { runRegistrationMove } from './registrations.move';
import { submissionConfirmationMail } from './registrations.mail';
import { notFoundRegistration, submittersRegistration } from './submitters-registration';
import { notifyStaff } from '../staff/staff-notice';
import { createHash } from 'node:crypto';
import { projectsRepository } from '../projects/projects.repository';
import {
  counterpartStates,
  currentHashOf,
  disciplinesWithoutDocuments,
  notifyCounterparts,
  recordRound,
  reviewParts,
} from './reviews.core';
import { namedCounterparts, type Discipline, type ReviewedRegistration } from '@hpbc/shared/counterpart-review';
import { companyRepository } from '../company/company.repository';
import { tellEietCompanyOfRegistration } from '../company/company-notice';
import { reviewsRepository } from './reviews.repository';
import { toInspectionJson } from '../company/company.service';
import { stagesRepository } from '../stages/stages.repository';
import {
  registrationsRepository,
  type HistoryRow,
  type RegistrationRow,
  type RegistrationSummaryRow,
} from './registrations.repository';

/** Open drafts one account may keep; enough for real work, bounded against abuse. */
export const MAX_DRAFTS_PER_USER = 20;

const isOwner = (actor: Actor, row: { userId: number }) => row.userId === actor.user.id;

/**
 * Whether `actor` takes the workflow part `as` (registration-workflow.ts): the owner of
 * `row` is its submitter; an administrator acts for the committee.
 */
export function actsAs(
  actor: Actor,
  as: WorkflowActor,
  row?: { userId: number; data?: Record<string, unknown> },
): boolean {
  switch (as) {
    case 'submitter':
      return !!row && isOwner(actor, row);
    case 'committee':
      return actor.user.isAdmin;
    case 'counterpart':
      // A verified account with the role whose e-mail the registration names (docs/api.md).
      return (
        !!row?.data &&
        actor.user.emailVerifiedAt !== null &&
        actor.roles.some((r) => r.slug === 'national-counterpart') &&
        counterpartDisciplines(row.data, actor.user.email).length > 0
      );
    default:
      return false;
  }
}
/** The disciplines for which `data` names `email` as counterpart. */
export function counterpartDisciplines(data: Record<string, unknown>, email: string): Discipline[] {
  const e = email.trim().toLowerCase();
  return namedCounterparts(cleanFormOneData(data))
    .filter((n) => n.email === e)
    .map((n) => n.discipline);
}

/** Owners and administrators may read; everyone else is told it does not exist. */
const canRead = (actor: Actor, row: { userId: number }) =>
  actsAs(actor, 'submitter', row) || actsAs(actor, 'committee');

export function toSummary(row: RegistrationSummaryRow | RegistrationRow): RegistrationSummary {
  const projectName =
    'projectName' in row ? row.projectName : typeof row.data.project_name === 'string' ? row.data.project_name : null;
  return {
    id: row.id,
    reference_number: row.referenceNumber,
    status: row.status,
    current_step: row.currentStep,
    project_name: projectName ?? '',
    submitted_at: row.submittedAt ? row.submittedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * `withActors`: administrators also see who made each change; a submitter sees the
 * committee's decisions, not the names of its officers.
 */
export function toRecord(row: RegistrationRow, history: HistoryRow[], withActors = false): RegistrationRecord {
  return {
    ...toSummary(row),
    user_id: row.userId,
    data: cleanFormOneData(row.data),
    history: history.map((h) => ({
      status: h.status,
      note: h.note,
      created_at: h.createdAt.toISOString(),
      ...(withActors ? { changed_by: h.actorName } : {}),
    })),
  };
}

/** 422 keyed by the bare field name ("project_name"), as the form knows its fields. */
function draftPayload(body: unknown) {
  const parsed = registrationDraftSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key =
        issue.path[0] === 'data' && issue.path.length > 1 ? String(issue.path[1]) : String(issue.path[0] ?? 'body');
      (errors[key] ??= []).push(issue.message);
    }
    throw new ValidationError(errors);
  }
  return { data: parsed.data.data ? cleanFormOneData(parsed.data.data) : undefined, step: parsed.data.current_step };
}

/** Only answered fields are kept: what was left blank is simply absent. */
function answered(data: Record<string, unknown>): FormOneData {
  const clean = cleanFormOneData(data);
  return Object.fromEntries(Object.entries(clean).filter(([, v]) => typeof v === 'boolean' || v !== ''));
}

export function registrationsService(deps: ModuleDeps) {
  const { database, now, mail, config } = deps;
  const repo = registrationsRepository(database.db);
  const accounts = accountsRepository(database.db);
  const inspectionsRepo = companyRepository(database.db);
  // Made PDFs are kept under DATA_DIR/registrations/<id>-<locale>-<version>.pdf.
  const pdfStore = dataDirStore(config.dataDir, 'registrations');
  const pdfInFlight = new Map<string, Promise<Buffer>>();

  async function readable(actor: Actor, id: number): Promise<RegistrationRow> {
    const row = await repo.findById(id);
    if (!row || !canRead(actor, row)) throw notFoundRegistration();
    return row;
  }

  /** The owner's registration while `editable` allows its status; 409 once it no longer does. */
  async function ownEditable(
    actor: Actor,
    id: number,
    editable: (status: string) => boolean,
  ): Promise<RegistrationRow> {
    const row = await submittersRegistration(repo, actor, id);
    if (!editable(row.status)) throw new HttpError(409, messageCode('already_submitted'), { status: row.status });
    return row;
  }

  return {
    async create(actor: Actor, body: unknown): Promise<RegistrationRecord> {
      // Any signed-in, verified account may start a registration (the route guard checks both).
      const { data, step } = draftPayload(body);
      if ((await repo.countDrafts(actor.user.id)) >= MAX_DRAFTS_PER_USER) {
        throw new HttpError(409, messageCode('too_many_drafts', MAX_DRAFTS_PER_USER));
      }
      const row = await repo.create({ userId: actor.user.id, data: data ?? {}, currentStep: step ?? 1, now: now() });
      return toRecord(row, []);
    },

    async listMine(actor: Actor): Promise<RegistrationSummary[]> {
      const rows = await repo.listByUser(actor.user.id);
      return rows.map(toSummary);
    },

    /** The registration with its review: comments, countersignatures, content hash, changes (docs/api.md). */
    async get(actor: Actor, id: number): Promise<ReviewedRegistration> {
      // The row and its child tables in one statement (issue 31); the rarer tables only when it has rows there.
      const read = await repo.findWithChildren(id);
      if (!read || !canRead(actor, read.row)) throw notFoundRegistration();
      const { row, has } = read;
      const committee = actsAs(actor, 'committee');
      const parts = await reviewParts(database.db, row, read);
      const record: ReviewedRegistration = {
        ...toRecord(row, read.history, committee),
        ...parts,
        // Every inspection of the chosen EIET company, with its result and report (issue 13).
        inspections: has.inspections ? (await inspectionsRepo.inspectionsOf([row.id])).map(toInspectionJson) : [],
        // The construction stages the owner reported after approval (issue 30).
        stage_notices: has.stageNotices ? ((await stagesRepository(database.db).of([row.id])).get(row.id) ?? []) : [],
      };
      if (committee) record.counterparts = await counterpartStates(database.db, row, parts.countersignatures);
      return record;
    },

    async saveDraft(actor: Actor, id: number, body: unknown): Promise<RegistrationSummary> {
      // Form One's autosave, the most frequent write (issue 31): with answers that pass, one
      // statement saves them where the caller owns an editable registration. Anything else (no
      // answers sent, a 422, another's or a submitted registration) takes the checks below, in
      // their order: 404, then 409, then 422.
      const sent = registrationDraftSchema.safeParse(body ?? {});
      if (sent.success && sent.data.data) {
        const saved = await repo.saveDraft({
          id,
          ownerId: actor.user.id,
          data: cleanFormOneData(sent.data.data),
          currentStep: sent.data.current_step,
          now: now(),
        });
        if (saved) return toSummary(saved);
      }
      // A draft, or a registration the committee returned for changes.
      const current = await ownEditable(actor, id, isEditableByOwner);
      const { data, step } = draftPayload(body);
      const row = await repo.saveDraft({
        id,
        data: data ?? cleanFormOneData(current.data),
        currentStep: step,
        now: now(),
      });
      if (!row) throw new HttpError(409, messageCode('already_submitted'));
      return toSummary(row);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      // Only drafts: a returned registration has a reference number and a history to keep.
      await ownEditable(actor, id, (status) => status === STATUS.draft);
      await repo.deleteDraft(id);
    },

    /**
     * Validates the whole form again (the browser's check is a courtesy), then moves the
     * draft (or the registration returned for changes, which keeps its reference number)
     * to Submitted once: a repeated submit answers with the stored registration and sends
     * no second mail.
     */
    async submit(
      actor: Actor,
      id: number,
      body: unknown,
      locale: Locale,
    ): Promise<{ record: RegistrationRecord; created: boolean }> {
      const row = await submittersRegistration(repo, actor, id);
      // Submit (from a draft) and resubmit (from Returned for changes) are the workflow's moves.
      if (!canTransition(row.status, STATUS.submitted, 'submitter')) {
        return { record: toRecord(row, await repo.history(row.id)), created: false };
      }

      const { data: sent, step } = draftPayload(body);
      let data: FormOneData = cleanFormOneData(row.data);
      if (sent) {
        // Keep what was sent even when it fails the rules below: nothing typed is lost.
        await repo.saveDraft({ id, data: sent, currentStep: step, now: now() });
        data = sent;
      }
      const errors = formOneErrors(data);
      // The EIET company picked from the register must still be in it.
      const companyId = eietCompanyIdOf(data);
      if (companyId !== null && !(await accounts.companyExists('eiet', companyId))) {
        errors[EIET_COMPANY_ID] = [rule('exists', EIET_COMPANY_ID)];
      }
      // Each discipline that names a counterpart is reviewed on its drawings: one current document at least.
      const undocumented = await disciplinesWithoutDocuments(database.db, id, data);
      if (undocumented.length > 0) {
        errors.documents = [rule('documents_required', 'documents', undocumented.join(', '))];
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const valid = answered(formOneSubmitSchema.parse(data));

      const at = now();
      const referenceNumber = row.referenceNumber ?? formatReferenceNumber(yearInMyanmar(at), row.id);
      const outcome = await runRegistrationMove(
        deps,
        actor,
        {
          row,
          to: STATUS.submitted,
          as: 'submitter',
          action: 'submit',
          set: { data: valid, referenceNumber, submittedAt: at, currentStep: 7 },
          at,
        },
        {
          inside: async (tx) => {
            await accountsRepository(tx).grantRole(actor.user.id, 'project');
            // Each submission is a round of the counterparts' review, with its content hash.
            await recordRound(tx, id, valid, at);
          },
          after: async () => {
            const confirmation = submissionConfirmationMail({
              name: actor.user.name,
              referenceNumber,
              projectName: String(valid.project_name ?? ''),
              submittedAt: formatWhen(at, locale),
              url: `${config.appUrl}/user/projects/${id}`,
              locale,
            });
            await mail.enqueue({ to: actor.user.email, ...confirmation });
            await notifyStaff(deps, {
              kind: 'registration',
              id,
              reference: referenceNumber,
              projectName: String(valid.project_name ?? ''),
              submitter: `${actor.user.name} <${actor.user.email}>`,
              resubmitted: row.status !== 'Draft',
            });
            // The EIET company the form names is told when it is named (first submission, or a new choice).
            const named = eietCompanyIdOf(valid);
            const [, previous] = await reviewsRepository(database.db).lastRounds(id);
            if (named !== null && (!previous || eietCompanyIdOf(previous.data) !== named)) {
              await tellEietCompanyOfRegistration(deps, {
                companyId: named,
                projectName: String(valid.project_name ?? ''),
                referenceNumber,
                fallbackLocale: locale,
              });
            }
            await notifyCounterparts(
              deps,
              {
                id,
                referenceNumber,
                projectName: String(valid.project_name ?? ''),
                resubmitted: row.status !== STATUS.draft,
              },
              locale,
            );
          },
        },
      );
      if (!outcome) {
        // Another request submitted it a moment ago.
        const again = (await repo.findById(id))!;
        return { record: toRecord(again, await repo.history(id)), created: false };
      }
      return { record: toRecord(outcome, await repo.history(id)), created: true };
    },

    /** The submitted form as a PDF, made once per version and language and kept under DATA_DIR. */
    async pdf(actor: Actor, id: number, locale: Locale): Promise<{ fileName: string; body: Buffer }> {
      const row = await readable(actor, id);
      if (row.status === STATUS.draft || !row.referenceNumber || !row.submittedAt) {
        throw new HttpError(409, messageCode('pdf_not_submitted'));
      }
      const history = await repo.history(row.id);
      // Countersignatures come and go (a withdrawal) without touching the row: they are part of the version.
      const signed = (await reviewParts(database.db, row)).countersignatures.filter((c) => c.current);
      const signedKey = signed.map((c) => `${c.discipline}@${Date.parse(c.signed_at)}`).join(',');
      const version = `${row.updatedAt.getTime()}-${history.length}-${createHash('sha256').update(signedKey).digest('hex').slice(0, 12)}`;
      const file = `${row.id}-${locale}-${version}.pdf`;
      const fileName = `${row.referenceNumber}.pdf`;
      const cached = await pdfStore.readIfPresent(file);
      if (cached) return { fileName, body: cached };

      let job = pdfInFlight.get(file);
      if (!job) {
        job = (async () => {
          const owner = (await accounts.contact(row.userId)) ?? { name: '', email: '' };
          const verifyUrl = `${config.appUrl}/verify/${encodeURIComponent(row.referenceNumber!)}`;
          const project = row.projectId ? await projectsRepository(database.db).findById(row.projectId) : undefined;
          // pdfkit, fontkit and qrcode load with the first PDF, not at every start.
          const [{ renderRegistrationPdf }, { default: QRCode }] = await Promise.all([
            import('./registrations.pdf'),
            import('qrcode'),
          ]);
          const body = await renderRegistrationPdf({
            referenceNumber: row.referenceNumber!,
            status: row.status,
            submittedAt: row.submittedAt!,
            owner,
            data: cleanFormOneData(row.data),
            history: history.map((h) => ({ status: h.status, note: h.note, createdAt: h.createdAt })),
            locale,
            verification: {
              url: verifyUrl,
              contentSha256: await currentHashOf(database.db, row),
              qrPng: await QRCode.toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 }),
            },
            ...(project
              ? {
                  published: {
                    rnNumber: project.rn_number,
                    projectUrl: `${config.appUrl}/project-detail/${project.id}`,
                  },
                }
              : {}),
            countersignatures: signed.map((c) => ({
              discipline: c.discipline,
              name: c.name,
              signedAt: new Date(c.signed_at),
            })),
          });
          // Older versions of this registration's PDF are out of date now.
          await pdfStore.discardPrefix(`${row.id}-${locale}-`);
          await pdfStore.write(file, body);
          return body;
        })().finally(() => pdfInFlight.delete(file));
        pdfInFlight.set(file, job);
      }
      return { fileName, body: await job };
    },
  };
}
export type RegistrationsService = ReturnType<typeof registrationsService>;
