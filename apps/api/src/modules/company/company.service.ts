import {
  localDigits,
  canMoveServiceRequest,
  inspectionCreateSchema,
  inspectionResultSchema,
  inspectionUpdateSchema,
  messageCode,
  REPORT_MAX_BYTES,
  rule,
  serviceRequestUpdateSchema,
  type CompanyOverview,
  type CompanyRegistrationSummary,
  type CompanyServiceRequest,
  type FieldErrors,
  type Inspection,
  type InspectionKind,
  type InspectionOutcome,
  type InspectionStatus,
  type Locale,
  type Paged,
  type ServiceRequestStatus,
  type StageNotice,
  type TrackedServiceRequest,
  type UserCompany,
} from '@hpbc/shared';
import type { FastifyBaseLogger } from 'fastify';
import { pathTo } from '@hpbc/shared/contract/endpoint';
import type { Actor, ModuleDeps } from '../../module-deps';
import { HttpError, ValidationError, forbidden, notFound, parseBody, zodFieldErrors } from '../../lib/http-errors';
import { cleanFileName, dataDirStore, pdfUploadProblem, sha256 } from '../../lib/file-store/file-store';
import type { UploadedFile } from '../../lib/file-store/multipart';
import { newToken, sha256Hex } from '../../lib/tokens';
import { withTransaction, type Db } from '../../db/client';
import { accountsRepository } from '../accounts/accounts.repository';
import { recordAudit } from '../audit/audit.repository';
import { trackingLinks } from '../service-requests/tracking-link';
import { companyInboxRepository, historyJson } from '../service-requests/service-requests.repository';
import { inspectionMail, requestChangedMail, type InspectionChange } from './company.mail';
import { companyRepository, type ChosenRegistration, type InspectionRow } from './company.repository';
import { appendDecision, inspectionDecision } from '../transparency/decision-log.repository';
import { stagesRepository } from '../stages/stages.repository';

export const INBOX_PER_PAGE = 25;
const MYANMAR_OFFSET_MS = 6.5 * 3600 * 1000;

/** This week in Myanmar: from now to the end of Sunday (Asia/Yangon has no daylight saving). */
export function endOfWeekInMyanmar(now: Date): Date {
  const local = new Date(now.getTime() + MYANMAR_OFFSET_MS);
  const day = local.getUTCDay(); // 0 = Sunday
  const daysLeft = (7 - day) % 7;
  const end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + daysLeft + 1);
  return new Date(end - MYANMAR_OFFSET_MS);
}

export function toInspectionJson(row: InspectionRow): Inspection {
  return {
    id: row.id,
    registration_id: row.registrationId,
    kind: row.kind as InspectionKind,
    scheduled_for: row.scheduledFor.toISOString(),
    status: row.status as InspectionStatus,
    outcome: (row.outcome as InspectionOutcome | null) ?? null,
    remarks: row.remarks,
    notes: row.notes,
    reason: row.reason,
    company: { id: row.eietCompanyId, name: row.companyName },
    report:
      row.reportPath && row.reportName
        ? {
            name: row.reportName,
            size: row.reportSize ?? 0,
            url: pathTo('GET /api/inspections/:id/report', { id: row.id }),
          }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The company work areas (docs/api.md, "Company work areas"): the service-request inbox
 * of EIET and pile companies, the private tracking link, and the EIET inspections.
 */
/** An inspection's audit entry: what the EIET team changed, before and after. */
function auditInspection(
  tx: Db,
  actor: Actor,
  action: 'create' | 'reschedule' | 'cancel' | 'result',
  before: InspectionRow | null,
  after: InspectionRow,
) {
  const view = (r: InspectionRow | null) =>
    r && {
      registration_id: r.registrationId,
      kind: r.kind,
      scheduled_for: r.scheduledFor,
      status: r.status,
      outcome: r.outcome,
      remarks: r.remarks,
      reason: r.reason,
      report: r.reportName,
    };
  return recordAudit(tx, actor, {
    action,
    recordType: 'inspection',
    recordId: after.id,
    before: view(before),
    after: view(after),
  });
}

export function companyService(deps: ModuleDeps & { log: FastifyBaseLogger }) {
  const { database, now, mail, config } = deps;
  const inbox = companyInboxRepository(database.db);
  const repo = companyRepository(database.db);
  const accounts = accountsRepository(database.db);
  // Cover letters and inspection reports live in the uploads store (service-requests/, inspection-reports/).
  const store = dataDirStore(config.dataDir, 'uploads');

  /** The caller's company; 403 when the account is linked to none. */
  async function companyOf(actor: Actor): Promise<UserCompany> {
    const company = await accounts.companyOf(actor.user);
    if (!company) throw forbidden(messageCode('company_required'));
    return company;
  }
  /** The caller's EIET company; 403 for a pile company's account or one with none. */
  async function eietCompanyOf(actor: Actor): Promise<UserCompany> {
    const company = await companyOf(actor);
    if (company.kind !== 'eiet') throw forbidden(messageCode('company_required'));
    return company;
  }

  async function findRequest(actor: Actor, id: number) {
    const company = await companyOf(actor);
    const found = await inbox.find(company.kind, company.id, id);
    if (!found) throw notFound(messageCode('service_request_not_found'));
    return { company, found };
  }

  const withHistory = <T extends { id: number }>(rows: T[]) => inbox.withHistory(rows);

  /** An inspection of the caller's company; 404 for anyone else's. */
  async function ownInspection(actor: Actor, id: number) {
    const company = await eietCompanyOf(actor);
    const row = await repo.findInspection(id);
    if (!row || row.eietCompanyId !== company.id) throw notFound(messageCode('inspection_not_found'));
    return { company, row };
  }

  /** `movedFrom`: the date an inspection had before it was moved, named beside the new one. */
  async function tellSubmitter(row: InspectionRow, change: InspectionChange, movedFrom?: Date) {
    const reg = await repo.registrationWithOwner(row.registrationId);
    if (!reg) return;
    const locale = (reg.ownerLocale === 'my' ? 'my' : 'en') as Locale;
    await mail.enqueue({
      to: reg.ownerEmail,
      ...inspectionMail({
        locale,
        change,
        ownerName: reg.ownerName,
        referenceNumber: reg.referenceNumber ?? '',
        projectName: reg.projectName ?? '',
        companyName: row.companyName,
        kind: row.kind as InspectionKind,
        scheduledFor: row.scheduledFor,
        previouslyFor: change === 'rescheduled' ? movedFrom : undefined,
        reason: row.reason,
        notes: row.notes,
        outcome: (row.outcome as InspectionOutcome | null) ?? null,
        remarks: row.remarks,
        url: `${config.appUrl}/user/projects/${row.registrationId}`,
      }),
    });
  }

  /**
   * A result records what was found on the day, so it cannot come before the inspection's
   * date (issue 28, item 6): a 422 on `outcome` naming the date, in Myanmar time.
   */
  function notBeforeTheDate(row: InspectionRow): void {
    if (now().getTime() >= row.scheduledFor.getTime()) return;
    const when = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Yangon',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(row.scheduledFor);
    throw new ValidationError({ outcome: [rule('result_before_date', 'outcome', when)] });
  }
  const closed = (row: InspectionRow) => new HttpError(409, messageCode('inspection_closed', row.status));

  async function checkReport(
    file: UploadedFile | undefined,
  ): Promise<{ error?: string; bytes?: Buffer; name?: string }> {
    if (!file) return {};
    if ('tooMany' in file) return { error: rule('one_file', 'report') };
    if ('tooLarge' in file || file.bytes.length >= REPORT_MAX_BYTES) return { error: rule('report_size', 'report') };
    const problem = await pdfUploadProblem(file.bytes);
    if (problem) return { error: rule(problem, 'report') };
    return { bytes: file.bytes, name: cleanFileName(file.filename, 'inspection-report.pdf') };
  }

  function summaries(
    rows: ChosenRegistration[],
    inspections: InspectionRow[],
    stages: Map<number, StageNotice[]>,
  ): CompanyRegistrationSummary[] {
    return rows.map((r) => ({
      id: r.id,
      reference_number: r.referenceNumber,
      project_name: r.projectName ?? '',
      status: r.status,
      submitted_at: r.submittedAt ? r.submittedAt.toISOString() : null,
      owner: { name: r.ownerName },
      inspections: inspections.filter((i) => i.registrationId === r.id).map(toInspectionJson),
      stage_notices: stages.get(r.id) ?? [],
    }));
  }

  return {
    companyOf,

    async overview(actor: Actor): Promise<CompanyOverview> {
      const company = await companyOf(actor);
      const at = now();
      return {
        company,
        new_requests: await inbox.countByStatus(company.kind, company.id, 'new'),
        upcoming_inspections: company.kind === 'eiet' ? await repo.countUpcoming(company.id, at) : 0,
        inspections_this_week:
          company.kind === 'eiet' ? await repo.countUpcoming(company.id, at, endOfWeekInMyanmar(at)) : 0,
      };
    },

    /** The status chips of a company account (GET /api/user/status); none for other accounts. */
    async chips(user: Actor['user'], locale: Locale) {
      const company = await accounts.companyOf(user);
      if (!company) return {};
      const at = now();
      const fresh = await inbox.countByStatus(company.kind, company.id, 'new');
      const digits = (n: number) => localDigits(n, locale);
      const chips: Record<string, { label: string; color: 'yellow' | 'blue' | 'green' | 'red' | 'gray' }> = {
        new_requests: {
          label: locale === 'my' ? `တောင်းဆိုချက်အသစ် ${digits(fresh)} ခု` : `${fresh} new request${fresh === 1 ? '' : 's'}`,
          color: fresh > 0 ? 'yellow' : 'gray',
        },
      };
      if (company.kind === 'eiet') {
        const week = await repo.countUpcoming(company.id, at, endOfWeekInMyanmar(at));
        chips.inspections_this_week = {
          label:
            locale === 'my'
              ? `ယခုအပတ် စစ်ဆေးခြင်း ${digits(week)} ခု`
              : `${week} inspection${week === 1 ? '' : 's'} this week`,
          color: week > 0 ? 'blue' : 'gray',
        };
      }
      return chips;
    },

    // ---- Service requests ---------------------------------------------------------------

    async listRequests(actor: Actor, query: { status?: string; page?: number }): Promise<Paged<CompanyServiceRequest>> {
      const company = await companyOf(actor);
      const page = query.page ?? 1;
      const { rows, total } = await inbox.list({
        kind: company.kind,
        companyId: company.id,
        status: query.status,
        page,
        perPage: INBOX_PER_PAGE,
      });
      return {
        data: (await withHistory(rows)) as CompanyServiceRequest[],
        meta: { total, page, per_page: INBOX_PER_PAGE },
      };
    },

    async getRequest(actor: Actor, id: number): Promise<CompanyServiceRequest> {
      const { found } = await findRequest(actor, id);
      const { cover_letter_path: _path, ...record } = found;
      return (await withHistory([record]))[0] as CompanyServiceRequest;
    },

    /** Accept, decline (with its reason) or complete; 409 for any other move; the requester is mailed. */
    async changeRequest(actor: Actor, id: number, body: unknown): Promise<CompanyServiceRequest> {
      const { company, found } = await findRequest(actor, id);
      const input = parseBody(serviceRequestUpdateSchema, body);
      if (!canMoveServiceRequest(found.status, input.status)) {
        throw new HttpError(409, messageCode('service_request_move', found.status, input.status));
      }
      // The answer and its audit entry commit together.
      const moved = await withTransaction(database.db, async (tx) => {
        const done = await companyInboxRepository(tx).move({
          id,
          from: found.status,
          to: input.status,
          note: input.note,
          actorId: actor.user.id,
          at: now(),
        });
        if (done) {
          await recordAudit(tx, actor, {
            action: 'status',
            recordType: 'service_request',
            recordId: id,
            before: { status: found.status, reference: found.reference },
            after: { status: input.status, note: input.note ?? null, reference: found.reference },
          });
        }
        return done;
      });
      if (!moved) {
        // Another member of the company answered a moment ago.
        const again = await inbox.find(company.kind, company.id, id);
        throw new HttpError(409, messageCode('service_request_move', again?.status ?? found.status, input.status));
      }
      await mail.enqueue({
        to: found.company_email,
        ...requestChangedMail({
          locale: found.locale,
          reference: found.reference,
          requesterName: found.company_name,
          companyName: found.company_label,
          projectName: found.project_name,
          status: input.status,
          note: input.note,
          // Every status mail carries the private tracking link again (issue 28, item 2).
          trackingUrl: trackingLinks(config).url(await inbox.sealedTrackingToken(id)),
        }),
      });
      return this.getRequest(actor, id);
    },

    async coverLetter(actor: Actor, id: number) {
      const { found } = await findRequest(actor, id);
      let bytes: Buffer;
      try {
        bytes = await store.read(found.cover_letter_path);
      } catch {
        throw new HttpError(410, messageCode('cover_letter_missing'));
      }
      if (sha256(bytes) !== found.cover_letter_sha256) {
        deps.log.error({ requestId: id }, 'cover letter does not match its stored checksum');
        throw new HttpError(409, messageCode('cover_letter_checksum'));
      }
      return { name: found.cover_letter_name, bytes };
    },

    /** The requester's view through the private link: no account, 404 for anything unknown. */
    async track(token: string): Promise<TrackedServiceRequest> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound(messageCode('service_request_not_found'));
      const found = await inbox.findByTrackingHash(sha256Hex(token));
      if (!found) throw notFound(messageCode('service_request_not_found'));
      const history = (await inbox.history([found.id])).get(found.id) ?? [];
      return {
        status: found.status as ServiceRequestStatus,
        history: history.map(historyJson),
        company_name: found.company_label,
        project_name: found.project_name,
        created_at: found.created_at,
        reference: found.reference,
        kind: found.kind,
      };
    },

    // ---- Inspections --------------------------------------------------------------------

    async registrations(actor: Actor): Promise<CompanyRegistrationSummary[]> {
      const company = await eietCompanyOf(actor);
      const rows = await repo.registrationsChoosing(company.id);
      const ids = rows.map((r) => r.id);
      // The stages the owners reported: the company schedules each stage's inspection from them (issue 30).
      return summaries(rows, await repo.inspectionsOf(ids), await stagesRepository(database.db).of(ids));
    },

    async schedule(actor: Actor, registrationId: number, body: unknown): Promise<Inspection> {
      const company = await eietCompanyOf(actor);
      const reg = await repo.registrationChoosing(company.id, registrationId);
      if (!reg) throw notFound(messageCode('registration_not_found'));
      const input = parseBody(inspectionCreateSchema, body);
      const at = now();
      if (input.scheduled_for.getTime() <= at.getTime()) {
        throw new ValidationError({ scheduled_for: [rule('future', 'scheduled_for')] });
      }
      const row = await withTransaction(database.db, async (tx) => {
        const created = await companyRepository(tx).insertInspection({
          registrationId,
          eietCompanyId: company.id,
          kind: input.kind,
          scheduledFor: input.scheduled_for,
          notes: input.notes,
          status: 'scheduled',
          createdBy: actor.user.id,
          createdAt: at,
          updatedAt: at,
        });
        await auditInspection(tx, actor, 'create', null, created);
        return created;
      });
      await tellSubmitter(row, 'scheduled');
      return toInspectionJson(row);
    },

    async change(actor: Actor, id: number, body: unknown): Promise<Inspection> {
      const { row } = await ownInspection(actor, id);
      if (row.status !== 'scheduled') throw closed(row);
      const input = parseBody(inspectionUpdateSchema, body);
      const at = now();
      if (input.scheduled_for && input.scheduled_for.getTime() <= at.getTime() && input.status !== 'cancelled') {
        throw new ValidationError({ scheduled_for: [rule('future', 'scheduled_for')] });
      }
      const cancelling = input.status === 'cancelled';
      const updated = await withTransaction(database.db, async (tx) => {
        const saved = await companyRepository(tx).updateScheduled(id, {
          ...(cancelling ? { status: 'cancelled' } : { scheduledFor: input.scheduled_for }),
          reason: input.reason,
          updatedAt: at,
        });
        if (saved) await auditInspection(tx, actor, cancelling ? 'cancel' : 'reschedule', row, saved);
        return saved;
      });
      if (!updated) throw closed((await repo.findInspection(id)) ?? row);
      await tellSubmitter(updated, cancelling ? 'cancelled' : 'rescheduled', row.scheduledFor);
      return toInspectionJson(updated);
    },

    /**
     * The permission and state checks of recordResult, run before the upload is read, so
     * an account of another company (or none) never makes the server take in a report
     * (issue 24, hole 11). recordResult checks again, as the inspection may change meanwhile.
     */
    async mayRecordResult(actor: Actor, id: number): Promise<void> {
      const { row } = await ownInspection(actor, id);
      if (row.status !== 'scheduled') throw closed(row);
      notBeforeTheDate(row);
    },

    async recordResult(
      actor: Actor,
      id: number,
      form: { fields: Record<string, string>; file?: UploadedFile },
    ): Promise<Inspection> {
      const { row } = await ownInspection(actor, id);
      if (row.status !== 'scheduled') throw closed(row);
      notBeforeTheDate(row);
      const errors: FieldErrors = {};
      const fields = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.replace(/\r\n?/g, '\n')]));
      const parsed = inspectionResultSchema.safeParse(fields);
      if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error.issues));
      const report = await checkReport(form.file);
      if (report.error) errors.report = [report.error];
      if (Object.keys(errors).length > 0 || !parsed.success) throw new ValidationError(errors);

      const at = now();
      const file = report.bytes ? await store.save('inspection-reports', report.bytes, at) : undefined;
      const updated = await withTransaction(database.db, async (tx) => {
        const saved = await companyRepository(tx).updateScheduled(id, {
          status: 'done',
          outcome: parsed.data.outcome,
          remarks: parsed.data.remarks,
          ...(file && report.bytes
            ? {
                reportPath: file.key,
                reportName: report.name,
                reportSize: report.bytes.length,
                reportSha256: file.sha256,
              }
            : {}),
          updatedAt: at,
        });
        if (saved) await auditInspection(tx, actor, 'result', row, saved);
        if (saved) await appendDecision(tx, inspectionDecision(at, saved));
        return saved;
      });
      if (!updated) {
        if (file) await store.discard(file.key).catch(() => undefined);
        throw closed((await repo.findInspection(id)) ?? row);
      }
      await tellSubmitter(updated, 'result');
      return toInspectionJson(updated);
    },

    /**
     * The report PDF: for the company that inspected, the registration's owner and the
     * committee's administrators; 404 for everyone else and when there is none.
     */
    async report(actor: Actor, id: number) {
      const row = await repo.findInspection(id);
      const missing = () => notFound(messageCode('inspection_not_found'));
      if (!row || !row.reportPath) throw missing();
      const reg = await repo.registrationWithOwner(row.registrationId);
      const allowed =
        actor.user.isAdmin || reg?.userId === actor.user.id || actor.user.eietCompanyId === row.eietCompanyId;
      if (!allowed) throw missing();
      let bytes: Buffer;
      try {
        bytes = await store.read(row.reportPath);
      } catch {
        throw new HttpError(410, messageCode('report_missing'));
      }
      if (sha256(bytes) !== row.reportSha256) throw new HttpError(410, messageCode('report_missing'));
      return { name: row.reportName ?? 'inspection-report.pdf', bytes };
    },

    /** The inspections of a registration, for its page (the registrations module adds them). */
    async inspectionsOfRegistration(registrationId: number): Promise<Inspection[]> {
      return (await repo.inspectionsOf([registrationId])).map(toInspectionJson);
    },

    // ---- Calendar -----------------------------------------------------------------------

    /** Makes the account's private calendar address (a new one replaces the old, which stops working). */
    async newCalendarUrl(actor: Actor): Promise<{ url: string }> {
      await eietCompanyOf(actor);
      const { token, hash } = newToken();
      await repo.setCalendarTokenHash(actor.user.id, hash);
      return { url: `${config.appUrl}/api/calendar/${token}.ics` };
    },

    /** The upcoming inspections of the feed owner's company; 404 for an unknown or revoked address. */
    async calendarFeed(token: string) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound();
      const owner = await repo.calendarOwner(sha256Hex(token));
      if (!owner || owner.status !== 'active' || owner.eietCompanyId === null) throw notFound();
      // From a day back, so a calendar still shows today's inspections after they began.
      const from = new Date(now().getTime() - 24 * 3600 * 1000);
      const rows = await repo.upcoming(owner.eietCompanyId, from);
      const regs = new Map<number, ChosenRegistration | undefined>();
      for (const r of rows) {
        if (!regs.has(r.registrationId)) regs.set(r.registrationId, await repo.registrationWithOwner(r.registrationId));
      }
      return {
        locale: (owner.locale === 'my' ? 'my' : 'en') as Locale,
        items: rows.map((r) => ({ inspection: r, registration: regs.get(r.registrationId) })),
      };
    },
  };
}
export type CompanyService = ReturnType<typeof companyService>;
