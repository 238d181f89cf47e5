import { messageCode, type Locale } from '@hpbc/shared';
import type {
  ChangeReport,
  changeReportAcknowledgeSchema,
  changeReportCommentSchema,
  changeReportCreateSchema,
  changeReportDecisionSchema,
} from '@hpbc/shared/change-reports';
import {
  appearsAsOtherParty,
  counterpartLicenseField,
  namedCounterparts,
  type countersignSchema,
  type Discipline,
} from '@hpbc/shared/counterpart-review';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { z } from 'zod';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction, type Db } from '../../db/client';
import { HttpError, ValidationError, forbidden, notFound } from '../../lib/http-errors';
import { accountsRepository } from '../accounts/accounts.repository';
import { recordAudit } from '../audit/audit.repository';
import { companyRepository } from '../company/company.repository';
import { contentChanged } from '../../lib/content-changed';
import { stampApprovedSet } from '../documents/documents.approval';
import { documentsRepository } from '../documents/documents.repository';
import { registrationsRepository, type RegistrationRow } from '../registrations/registrations.repository';
import { actsAs, counterpartDisciplines } from '../registrations/registrations.service';
import { submittersRegistration } from '../registrations/submitters-registration';
import { answerData, contentHash, hashedDocuments, recordRound } from '../registrations/reviews.core';
import { reviewsRepository } from '../registrations/reviews.repository';
import { changeReportsOf, openReportHash, proposedSet, type HashOf } from './change-reports.core';
import { changeReportDecidedMail, changeReportFiledMail, changeReportSignedMail } from './change-reports.mail';
import { changeReportsRepository, markProjectCompleted, type ChangeReportRow } from './change-reports.repository';

const notFoundReport = () => notFound(messageCode('change_report_not_found'));
const refused = (reason: string, code: string, extra: Record<string, unknown> = {}) =>
  new HttpError(409, code, { reason, ...extra });

/** The content hash of a registration's data with given current documents (reviews.core's hash). */
export const hashOfRegistration =
  (row: { data: Record<string, unknown> }): HashOf =>
  (documents) =>
    contentHash(answerData(row), hashedDocuments(documents));

/**
 * Design changes during construction (issue 30; docs/api.md "Construction"). The owner files a
 * report naming revised sheets (documents uploaded after approval, `proposed`). A minor one is
 * acknowledged by the counterparts of its sheets' disciplines; a major one is countersigned on
 * its content hash by every named counterpart and decided by the committee. When it ends well,
 * its revisions replace the sheets they revise and the approved set is stamped again.
 */
export function changeReportsService(deps: ModuleDeps) {
  const { database, now, mail, config } = deps;
  const registrations = registrationsRepository(database.db);
  const reports = changeReportsRepository(database.db);

  async function answer(report: { id: number; registrationId: number }, row: RegistrationRow): Promise<ChangeReport> {
    const all = await changeReportsOf(database.db, row.id, hashOfRegistration(row));
    return all.find((r) => r.id === report.id)!;
  }

  /** The report and its registration, when the registration names the caller as counterpart (else 404). */
  async function named(actor: Actor, id: number) {
    const report = await reports.findById(id);
    if (!report) throw notFoundReport();
    const row = await registrations.findById(report.registrationId);
    if (!row || !actsAs(actor, 'counterpart', row)) throw notFoundReport();
    return { report, row, mine: counterpartDisciplines(row.data, actor.user.email) };
  }

  /** 403 for a discipline that names someone else; 422 for one the report does not concern. */
  function checkDiscipline(report: ChangeReportRow, mine: Discipline[], discipline: Discipline) {
    if (!mine.includes(discipline)) throw forbidden(messageCode('not_your_discipline'));
    if (!report.disciplines.includes(discipline)) {
      throw new ValidationError({ discipline: [messageCode('change_report_discipline')] });
    }
  }

  const closed = (status: string | undefined) => refused('status', messageCode('change_report_closed'), { status });

  /**
   * Runs `work` in one transaction with the report locked until it ends; refused when another
   * request ended the report first (an acknowledgement, a countersignature, a decision).
   */
  function withOpenReport<T>(
    id: number,
    work: (db: Db, repo: ReturnType<typeof changeReportsRepository>, locked: ChangeReportRow) => Promise<T>,
  ): Promise<T> {
    return withTransaction(database.db, async (db) => {
      const repo = changeReportsRepository(db);
      const locked = await repo.lock(id);
      if (!locked || locked.status !== 'open') throw closed(locked?.status);
      return work(db, repo, locked);
    });
  }

  /** A step of a report in the audit log, on its registration's record (docs/decisions/050-audit-log.md). */
  const audit = (
    db: Db,
    actor: Actor,
    row: RegistrationRow,
    action: string,
    after: Record<string, unknown>,
    before: Record<string, unknown> | null = null,
  ) => recordAudit(db, actor, { action, recordType: 'registration', recordId: row.id, before, after });

  function checkOpen(report: ChangeReportRow, kind: 'minor' | 'major') {
    if (report.status !== 'open') throw closed(report.status);
    if (report.kind !== kind) throw refused('kind', messageCode(`change_report_not_${kind}`));
  }

  async function ownerOf(row: RegistrationRow) {
    const owner = await accountsRepository(database.db).contact(row.userId);
    return owner && { ...owner, locale: (owner.locale === 'my' ? 'my' : 'en') as Locale };
  }

  const about = (row: RegistrationRow, name: string, locale: Locale, url: string) => ({
    name,
    referenceNumber: row.referenceNumber ?? '',
    projectName: typeof row.data.project_name === 'string' ? row.data.project_name : '',
    url,
    locale,
  });
  const ownerUrl = (row: RegistrationRow) => `${config.appUrl}/user/projects/${row.id}`;

  /**
   * Puts the report's revisions in the approved set (inside the caller's transaction): each
   * replaces the current revision of its sheet, and the registration's hash follows.
   */
  async function apply(tx: Db, report: ChangeReportRow, row: RegistrationRow, at: Date): Promise<string> {
    const docs = documentsRepository(tx);
    const revised = await changeReportsRepository(tx).documents([report.id]);
    const current = await docs.current(row.id);
    for (const d of revised) {
      const old = current.find((c) => c.discipline === d.discipline && c.number === d.number);
      if (old) await docs.setStatus(old.id, 'current', 'superseded');
      await docs.setStatus(d.id, 'proposed', 'current');
    }
    // A round of its own: /verify shows the content as it now is, and `changes` lists the revised sheets.
    return (await recordRound(tx, row.id, row.data, at)).hash;
  }

  /** After an approval or the last acknowledgement: the new revisions get their stamped copies. */
  async function stamp(row: RegistrationRow, at: Date) {
    // Should it fail here, the first read of an approved copy finishes it (documents.service.ts).
    await stampApprovedSet(deps, { id: row.id, referenceNumber: row.referenceNumber ?? '' }, at).catch(() => undefined);
  }

  /** Tells the owner who signed and how many disciplines remain. */
  async function tellOwnerSigned(actor: Actor, row: RegistrationRow, report: ChangeReport, discipline: Discipline) {
    const owner = await ownerOf(row);
    if (!owner) return;
    const remaining = report.disciplines.filter(
      (d) => !report.signoffs.some((s) => s.discipline === d && s.current),
    ).length;
    await mail.enqueue({
      to: owner.email,
      ...changeReportSignedMail({
        ...about(row, owner.name, owner.locale, ownerUrl(row)),
        counterpart: actor.user.name,
        discipline,
        kind: report.kind,
        remaining,
      }),
    });
  }

  return {
    /** POST /api/registrations/{id}/change-reports (the fixed call). */
    async file(
      actor: Actor,
      registrationId: number,
      body: z.output<typeof changeReportCreateSchema>,
    ): Promise<ChangeReport> {
      const row = await submittersRegistration(registrations, actor, registrationId);
      if (row.status !== STATUS.approved) {
        throw refused('status', messageCode('change_report_needs_approval'), { status: row.status });
      }
      const ids = [...new Set(body.document_ids)];
      const docs = await documentsRepository(database.db).byIds(ids);
      const usable = (id: number) => {
        const d = docs.find((x) => x.id === id);
        return !!d && d.registrationId === row.id && d.status === 'proposed' && d.changeReportId === null;
      };
      const errors: Record<string, string[]> = {};
      body.document_ids.forEach((id, i) => {
        if (!usable(id)) errors[`document_ids.${i}`] = [messageCode('change_report_document')];
      });
      const sheets = docs.filter((d) => usable(d.id)).map((d) => `${d.discipline}|${d.number}`);
      if (new Set(sheets).size !== sheets.length) errors.document_ids = [messageCode('change_report_same_sheet')];
      if (Object.keys(errors).length) throw new ValidationError(errors);

      // A minor change concerns the counterparts of its sheets; a major one every named counterpart.
      const named = [...new Set(namedCounterparts(answerData(row)).map((n) => n.discipline))];
      const disciplines = body.kind === 'major' ? named : named.filter((d) => docs.some((x) => x.discipline === d));
      const hashOf = hashOfRegistration(row);
      const at = now();
      const report = await withTransaction(database.db, async (db) => {
        const repo = changeReportsRepository(db);
        const current = await documentsRepository(db).current(row.id);
        const saved = await repo.insert({
          registrationId: row.id,
          kind: body.kind,
          description: body.description,
          disciplines,
          contentSha256: hashOf(proposedSet(current, docs)),
          createdBy: actor.user.id,
          createdAt: at,
        });
        if ((await repo.claimDocuments(saved.id, row.id, ids)) !== ids.length) {
          // Another report claimed a sheet in between: nothing is kept.
          throw new ValidationError({ document_ids: [messageCode('change_report_document')] });
        }
        // A minor change of sheets no counterpart reviews needs nobody's acknowledgement.
        if (disciplines.length === 0) {
          const hash = await apply(db, saved, row, at);
          await repo.close(saved.id, { status: 'acknowledged', contentSha256: hash, at, by: null, note: null });
        }
        await audit(db, actor, row, 'change_report_filed', {
          change_report_id: saved.id,
          kind: body.kind,
          document_ids: ids,
        });
        return saved;
      });
      if (disciplines.length === 0) await stamp(row, at);

      // Each counterpart concerned, with an account, is asked in their language.
      const emails = namedCounterparts(answerData(row)).filter((n) => disciplines.includes(n.discipline));
      const accounts = await reviewsRepository(database.db).counterpartAccounts([
        ...new Set(emails.map((e) => e.email)),
      ]);
      for (const account of accounts) {
        const locale: Locale = account.locale === 'my' ? 'my' : 'en';
        await mail.enqueue({
          to: account.email,
          ...changeReportFiledMail({
            ...about(row, account.name, locale, `${config.appUrl}/user/national/reviews/${row.id}`),
            kind: body.kind,
            disciplines: emails.filter((e) => e.email === account.email).map((e) => e.discipline),
            description: body.description,
            sheets: docs.map((d) => `${d.number} (${d.revision}) ${d.title}`),
          }),
        });
      }
      return answer(report, row);
    },

    /** POST /api/change-reports/{id}/acknowledge: the last acknowledgement puts the revisions in the approved set. */
    async acknowledge(
      actor: Actor,
      id: number,
      body: z.output<typeof changeReportAcknowledgeSchema>,
    ): Promise<ChangeReport> {
      const { report, row, mine } = await named(actor, id);
      checkDiscipline(report, mine, body.discipline);
      checkOpen(report, 'minor');
      const at = now();
      const done = await withOpenReport(report.id, async (db, repo, locked) => {
        await repo.signoff({
          changeReportId: report.id,
          discipline: body.discipline,
          kind: 'acknowledged',
          userId: actor.user.id,
          name: actor.user.name,
          license: '',
          contentSha256: locked.contentSha256,
          signedAt: at,
        });
        await audit(db, actor, row, 'change_report_acknowledged', {
          change_report_id: report.id,
          discipline: body.discipline,
        });
        const signed = await repo.signoffs([report.id]);
        if (!locked.disciplines.every((d) => signed.some((s) => s.discipline === d))) return false;
        const hash = await apply(db, locked, row, at);
        await repo.close(report.id, { status: 'acknowledged', contentSha256: hash, at, by: null, note: null });
        return true;
      });
      if (done) await stamp(row, at);
      const result = await answer(report, row);
      await tellOwnerSigned(actor, row, result, body.discipline);
      return result;
    },

    /** POST /api/change-reports/{id}/comments. */
    async comment(actor: Actor, id: number, body: z.output<typeof changeReportCommentSchema>): Promise<ChangeReport> {
      const { report, row, mine } = await named(actor, id);
      checkDiscipline(report, mine, body.discipline);
      if (report.status !== 'open') throw closed(report.status);
      await reports.addComment({
        changeReportId: report.id,
        discipline: body.discipline,
        userId: actor.user.id,
        authorName: actor.user.name,
        text: body.text,
        createdAt: now(),
      });
      return answer(report, row);
    },

    /** POST /api/change-reports/{id}/countersign: on the report's present content hash. */
    async countersign(actor: Actor, id: number, body: z.output<typeof countersignSchema>): Promise<ChangeReport> {
      const { report, row, mine } = await named(actor, id);
      checkDiscipline(report, mine, body.discipline);
      if (row.userId === actor.user.id || appearsAsOtherParty(answerData(row), actor.user.email)) {
        throw refused('conflict_of_interest', messageCode('conflict_of_interest'));
      }
      checkOpen(report, 'major');
      const hashOf = hashOfRegistration(row);
      const stale = (hash: string) => refused('stale', messageCode('countersign_stale'), { content_sha256: hash });
      const at = now();
      await withOpenReport(report.id, async (db, repo, locked) => {
        // The signature binds the content reviewed: the approved set with these revisions.
        const hash = await openReportHash(db, locked, hashOf, row.id);
        if (hash !== body.content_sha256) throw stale(hash);
        const license = answerData(row)[counterpartLicenseField(body.discipline)];
        await repo.signoff({
          changeReportId: report.id,
          discipline: body.discipline,
          kind: 'countersigned',
          userId: actor.user.id,
          name: actor.user.name,
          license: typeof license === 'string' ? license : '',
          contentSha256: hash,
          signedAt: at,
        });
        await audit(db, actor, row, 'change_report_countersigned', {
          change_report_id: report.id,
          discipline: body.discipline,
          content_sha256: hash,
        });
      });
      const result = await answer(report, row);
      await tellOwnerSigned(actor, row, result, body.discipline);
      return result;
    },

    /**
     * GET /api/registrations/{id}/completion-certificate.pdf: the owner's, once the completion
     * inspection passed and no change report is open. The project is then shown as completed
     * on the public list (the first download marks it; a repeat changes nothing).
     */
    async completionCertificate(actor: Actor, registrationId: number): Promise<{ pdf: Buffer; reference: string }> {
      const row = await submittersRegistration(registrations, actor, registrationId);
      if (row.status !== STATUS.approved || !row.referenceNumber) {
        throw refused('status', messageCode('change_report_needs_approval'), { status: row.status });
      }
      const passed = (await companyRepository(database.db).inspectionsOf([row.id]))
        .filter((i) => i.kind === 'completion' && i.status === 'done' && i.outcome === 'passed')
        .map((i) => i.updatedAt)
        .sort((a, b) => b.getTime() - a.getTime())[0];
      if (!passed) throw refused('inspection', messageCode('completion_not_inspected'));
      if ((await reports.ofRegistration(row.id)).some((r) => r.status === 'open')) {
        throw refused('change_report', messageCode('completion_change_open'));
      }
      if (row.projectId !== null && (await markProjectCompleted(database.db, row.projectId))) {
        contentChanged(database, 'projects');
      }
      const url = `${config.appUrl}/verify/${encodeURIComponent(row.referenceNumber)}`;
      // pdfkit, fontkit and qrcode load with the first certificate, not at every start (decision 117).
      const [{ renderCompletionCertificate }, { boardFacts, BOARD_QR }, { default: QRCode }] = await Promise.all([
        import('./completion-certificate.pdf'),
        import('../concerns/signboard.pdf'),
        import('qrcode'),
      ]);
      const pdf = await renderCompletionCertificate({
        ...boardFacts(row.referenceNumber, row.data, actor.user.name),
        approvedOn: (await reviewsRepository(database.db).lastStatusAt(row.id, [STATUS.approved])) ?? row.updatedAt,
        completedOn: passed,
        verifyUrl: url,
        qrPng: await QRCode.toBuffer(url, BOARD_QR),
      });
      return { pdf, reference: row.referenceNumber };
    },

    /** PATCH /api/admin/change-reports/{id}: approval needs every countersignature on the present hash. */
    async decide(actor: Actor, id: number, body: z.output<typeof changeReportDecisionSchema>): Promise<ChangeReport> {
      if (!actsAs(actor, 'committee')) throw forbidden(messageCode('admins_only'));
      const report = await reports.findById(id);
      const row = report && (await registrations.findById(report.registrationId));
      if (!report || !row) throw notFoundReport();
      checkOpen(report, 'major');
      const approving = body.status === 'approved';
      const hashOf = hashOfRegistration(row);
      const at = now();
      await withOpenReport(report.id, async (db, repo, locked) => {
        const hash = await openReportHash(db, locked, hashOf, row.id);
        let end = hash;
        if (approving) {
          const signed = await repo.signoffs([report.id]);
          const missing = locked.disciplines.filter(
            (d) => !signed.some((s) => s.discipline === d && s.contentSha256 === hash),
          );
          if (missing.length > 0) {
            throw refused('missing', messageCode('countersignatures_missing', missing.join(', ')), { missing });
          }
          end = await apply(db, locked, row, at);
          // The registration's countersignatures are now those of its new content.
          const reviews = reviewsRepository(db);
          const round = await reviews.currentRound(row.id);
          for (const s of signed) {
            await reviews.countersign({
              registrationId: row.id,
              discipline: s.discipline,
              userId: s.userId ?? actor.user.id,
              name: s.name,
              license: s.license,
              round,
              contentSha256: s.contentSha256,
              now: s.signedAt,
            });
          }
        } else {
          // The rejected revisions never become part of the design.
          for (const d of await repo.documents([report.id])) {
            await documentsRepository(db).setStatus(d.id, 'proposed', 'withdrawn');
          }
        }
        await repo.close(report.id, {
          status: body.status,
          contentSha256: end,
          at,
          by: actor.user.id,
          note: body.note,
        });
        await audit(
          db,
          actor,
          row,
          'change_report_decided',
          { change_report_id: report.id, status: body.status, note: body.note, content_sha256: end },
          { change_report_id: report.id, status: 'open' },
        );
      });
      if (approving) await stamp(row, at);
      const owner = await ownerOf(row);
      if (owner) {
        await mail.enqueue({
          to: owner.email,
          ...changeReportDecidedMail({
            ...about(row, owner.name, owner.locale, ownerUrl(row)),
            approved: approving,
            note: body.note,
          }),
        });
      }
      return answer(report, row);
    },
  };
}
