import { messageCode } from '@hpbc/shared';
import {
  actRecordId,
  canonicalAct,
  INSPECTION_OUTCOME_SET,
  type LegalAct,
  type SignedWith,
  type StepUpReason,
} from '@hpbc/shared/second-factor';
import type { Actor, ModuleDeps } from '../../module-deps';
import { HttpError } from '../../lib/http-errors';
import { registrationsRepository } from '../registrations/registrations.repository';
import { answerData, contentHash, currentHashOf, hashedDocuments } from '../registrations/reviews.core';
import { openReportHash } from '../change-reports/change-reports.core';
import { changeReportsRepository } from '../change-reports/change-reports.repository';
import { secondFactorRepository, type ProofRow } from './second-factor.repository';
import { exemptionOf, hasSecondFactor } from './who-must';

/** What a legal act's route knows of the act before its service runs. */
export type ActRequest =
  | { kind: 'countersign'; registration_id: number; discipline: string }
  | { kind: 'decision'; registration_id: number; status: unknown }
  | { kind: 'inspection_result'; inspection_id: number; outcome: unknown }
  | { kind: 'change_countersign'; change_report_id: number; discipline: string }
  | { kind: 'change_decision'; change_report_id: number; status: unknown };

const refuse = (reason: StepUpReason) => new HttpError(403, messageCode(reason), { reason });

/**
 * The one check every legal act makes (docs/decisions/075-step-up-for-legal-acts.md):
 * countersigning, the committee's approval or rejection, and an inspection result need a
 * second-factor proof from the last STEP_UP_MINUTES, made for this act (a passkey's challenge
 * names it) or for no act in particular (a code). The proof is spent by the act and kept as
 * its evidence; `403 step_up_required` without one, `403 two_factor_required` when the account
 * has no second factor (an account in TWO_FACTOR_EXEMPT_EMAILS without one passes).
 */
export function legalActGate(deps: Pick<ModuleDeps, 'config' | 'database' | 'now'>) {
  const isExempt = exemptionOf(deps.config.twoFactorExemptEmails);
  const proofs = secondFactorRepository(deps.database);

  /** The act as it is signed; for a countersignature, the registration's current content hash. */
  async function actOf(request: ActRequest): Promise<LegalAct | null> {
    switch (request.kind) {
      case 'countersign': {
        const row = await registrationsRepository(deps.database.db).findById(request.registration_id);
        if (!row) return null;
        return {
          kind: 'countersign',
          registration_id: request.registration_id,
          discipline: request.discipline as never,
          content_sha256: await currentHashOf(deps.database.db, row),
        };
      }
      case 'decision':
        if (request.status !== 'Approved' && request.status !== 'Rejected') return null;
        return { kind: 'decision', registration_id: request.registration_id, status: request.status };
      case 'change_countersign': {
        // The change report's own hash: the approved set with its revisions (change-reports.core.ts).
        const db = deps.database.db;
        const report = await changeReportsRepository(db).findById(request.change_report_id);
        const row = report && (await registrationsRepository(db).findById(report.registrationId));
        if (!report || !row) return null;
        return {
          kind: 'change_countersign',
          change_report_id: report.id,
          discipline: request.discipline as never,
          content_sha256: await openReportHash(
            db,
            report,
            (documents) => contentHash(answerData(row), hashedDocuments(documents)),
            row.id,
          ),
        };
      }
      case 'change_decision':
        if (request.status !== 'approved' && request.status !== 'rejected') return null;
        return { kind: 'change_decision', change_report_id: request.change_report_id, status: request.status };
      case 'inspection_result':
        return {
          kind: 'inspection_result',
          inspection_id: request.inspection_id,
          outcome: (INSPECTION_OUTCOME_SET.has(String(request.outcome)) ? request.outcome : '') as never,
        };
    }
  }

  return async function requireStepUp(actor: Actor, request: ActRequest): Promise<void> {
    // A status change that is not a decision (e.g. back to review) is not a legal act.
    if (request.kind === 'decision' && request.status !== 'Approved' && request.status !== 'Rejected') return;
    const { user } = actor;
    if (!(await hasSecondFactor(deps.database, user.id))) {
      if (isExempt(user.email)) return;
      throw refuse('two_factor_required');
    }
    const act = await actOf(request);
    // A registration that does not exist is the act's own 404 to answer; nothing is spent.
    if (!act) return;
    const spent = await proofs.spendProof({
      userId: user.id,
      actKey: canonicalAct(act),
      act,
      actKind: act.kind,
      actRecordId: actRecordId(act),
      now: deps.now(),
    });
    if (!spent) throw refuse('step_up_required');
  };
}
export type LegalActGate = ReturnType<typeof legalActGate>;

/**
 * How each countersignature and decision of a registration was signed (the spent proofs kept
 * as evidence), for GET /api/verify/{reference}: the method, the passkey's name, and when.
 * `spent`: the registration's used proofs of countersignatures and decisions, newest first
 * (read with the registration, reviewsRepository.findForVerification).
 */
export function legalActEvidence(spent: ProofRow[]) {
  const signedWith = (p: (typeof spent)[number] | undefined): SignedWith | null =>
    p ? { method: p.method, passkey_name: p.passkeyName, at: p.usedAt!.toISOString() } : null;
  const actOf = (p: (typeof spent)[number]) => (p.act ?? {}) as Partial<LegalAct> & Record<string, unknown>;
  return {
    countersignature: (s: { discipline: string; content_sha256: string }): SignedWith | null =>
      signedWith(
        spent.find(
          (p) =>
            p.actKind === 'countersign' &&
            actOf(p).discipline === s.discipline &&
            actOf(p).content_sha256 === s.content_sha256,
        ),
      ),
    decision: (status: string): SignedWith | null =>
      signedWith(spent.find((p) => p.actKind === 'decision' && actOf(p).status === status)),
  };
}
