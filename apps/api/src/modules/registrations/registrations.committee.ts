import { messageCode, type Paged } from '@hpbc/shared';
import { namedCounterparts, daysBetween } from '@hpbc/shared/counterpart-review';
import { STATUS, STATUS_HOLDER, isRegistrationStatus } from '@hpbc/shared/registration-workflow';
import { ADMIN_REGISTRATION_CSV_COLUMNS, type AdminRegistrationRow, type CaseNote } from '@hpbc/shared/committee-view';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { forbidden, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { caseNotesRepository } from './case-notes.repository';
import { registrationsRepository } from './registrations.repository';
import { actsAs, toSummary } from './registrations.service';
import { answerData, currentHashOf } from './reviews.core';
import { reviewsRepository } from './reviews.repository';

/**
 * The committee sees everything (issue 28, item 5; decision 090): the admin registration
 * list with its search, days waiting and countersignatures, its CSV, and the case notes.
 * Every method starts with the committee check: nobody else reads any of it.
 */
export function registrationsCommitteeService(deps: ModuleDeps) {
  const { database } = deps;
  const repo = registrationsRepository(database.db);
  const notes = caseNotesRepository(database.db);

  const committeeOnly = (actor: Actor) => {
    if (!actsAs(actor, 'committee')) throw forbidden(messageCode('admins_only'));
  };

  /** The rows with what the committee adds: days waiting and countersignatures done/needed. */
  async function withFigures(
    rows: Awaited<ReturnType<typeof repo.listSubmitted>>['rows'],
  ): Promise<AdminRegistrationRow[]> {
    const now = deps.now();
    const signatures = await reviewsRepository(database.db).countersignatures(rows.map((r) => r.id));
    return Promise.all(
      rows.map(async (r) => {
        const named = namedCounterparts(answerData(r)).map((n) => n.discipline);
        // A countersignature counts only while it signs the content as it stands now.
        const hash = named.length > 0 ? await currentHashOf(database.db, r) : null;
        const done = signatures.filter(
          (s) => s.registrationId === r.id && named.includes(s.discipline as never) && s.contentSha256 === hash,
        ).length;
        const waiting = isRegistrationStatus(r.status) && STATUS_HOLDER[r.status] === 'reviewers' && r.statusSince;
        return {
          ...toSummary(r),
          owner: { id: r.userId, name: r.ownerName, email: r.ownerEmail },
          days_waiting: waiting ? daysBetween(new Date(r.statusSince!), now) : null,
          countersignatures: { done, needed: named.length },
        };
      }),
    );
  }

  /** A submitted registration (a draft is its submitter's alone), else 404. */
  async function submitted(id: number) {
    const row = await repo.findById(id);
    if (!row || row.status === STATUS.draft) throw notFound(messageCode('registration_not_found'));
    return row;
  }

  return {
    async list(
      actor: Actor,
      query: { page: number; perPage: number; status?: string; search?: string },
    ): Promise<Paged<AdminRegistrationRow>> {
      committeeOnly(actor);
      const { rows, total } = await repo.listSubmitted(query);
      return { data: await withFigures(rows), meta: { total, page: query.page, per_page: query.perPage } };
    },

    /** Every matching registration as CSV (RFC 4180, UTF-8 with BOM, formulas defused: lib/csv.ts). */
    async csv(actor: Actor, query: { status?: string; search?: string }): Promise<Buffer> {
      committeeOnly(actor);
      const { rows } = await repo.listSubmitted(query);
      const full = await withFigures(rows);
      return toCsv(
        ADMIN_REGISTRATION_CSV_COLUMNS,
        full.map((r) => ({
          reference_number: r.reference_number,
          project_name: r.project_name,
          status: r.status,
          submitter_name: r.owner.name,
          submitter_email: r.owner.email,
          submitted_at: r.submitted_at,
          days_waiting: r.days_waiting,
          countersignatures_done: r.countersignatures.done,
          countersignatures_needed: r.countersignatures.needed,
        })),
      );
    },

    async caseNotes(actor: Actor, registrationId: number): Promise<CaseNote[]> {
      committeeOnly(actor);
      await submitted(registrationId);
      return notes.list(registrationId);
    },

    /** `note` as the route's schema read it (trimmed, 1–4000 characters). */
    async addCaseNote(actor: Actor, registrationId: number, note: string): Promise<CaseNote> {
      committeeOnly(actor);
      await submitted(registrationId);
      return withTransaction(database.db, async (tx) => {
        const added = await caseNotesRepository(tx).add({
          registrationId,
          text: note,
          authorId: actor.user.id,
          authorName: actor.user.name,
          at: deps.now(),
        });
        await recordAudit(tx, actor, {
          action: 'case_note',
          recordType: 'registration',
          recordId: registrationId,
          after: added,
        });
        return added;
      });
    },
  };
}
