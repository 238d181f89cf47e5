import { canTransition, type RegistrationStatus, type WorkflowActor } from '@hpbc/shared/registration-workflow';
import { withTransaction, type Db } from '../../db/client';
import type { Actor, ModuleDeps } from '../../module-deps';
import { recordAudit } from '../audit/audit.repository';
import { registrationsRepository, type MoveColumns, type RegistrationRow } from './registrations.repository';

/** One status change of a registration, as the workflow table names it (packages/shared/src/registration-workflow.ts). */
export interface RegistrationMove {
  row: RegistrationRow;
  to: RegistrationStatus;
  /** Who moves it: the move must be a row of TRANSITIONS for this actor. */
  as: WorkflowActor;
  note?: string | null;
  /** The audit entry's action (`submit`, `start_review`, `request_changes`, `status`) and what its `after` adds. */
  action: string;
  audit?: Record<string, unknown>;
  /** Columns that change with the status (a submission's answers, reference number and time). */
  set?: MoveColumns;
  at: Date;
}

/**
 * The one way a registration changes status, inside the caller's transaction: the
 * conditional update (`WHERE status = from`, so of two people acting at once only one
 * moves it), its history row and its audit entry (docs/decisions/050). Undefined when the
 * move is not in the workflow or another request made it first.
 */
export async function moveRegistration(
  tx: Db,
  actor: Actor,
  m: RegistrationMove,
): Promise<RegistrationRow | undefined> {
  const from = m.row.status as RegistrationStatus;
  if (!canTransition(from, m.to, m.as)) return undefined;
  const moved = await registrationsRepository(tx).changeStatus({
    id: m.row.id,
    from,
    to: m.to,
    note: m.note ?? null,
    actorId: actor.user.id,
    now: m.at,
    set: m.set,
  });
  if (!moved) return undefined;
  await recordAudit(tx, actor, {
    action: m.action,
    recordType: 'registration',
    recordId: m.row.id,
    before: { status: from, reference_number: m.row.referenceNumber },
    after: { status: m.to, reference_number: moved.referenceNumber, ...m.audit },
  });
  return moved;
}

/**
 * A move in its own transaction, with what goes with it: `inside` (more writes that commit
 * with the move, e.g. publishing the approved project) and, once committed, `after` (its
 * mail; never inside the transaction: PGlite has one connection, decision 003). Every
 * transition but the counterpart's first action (which happens inside the comment's or
 * countersignature's own transaction, and mails no one) goes through here.
 */
export async function runRegistrationMove(
  deps: Pick<ModuleDeps, 'database'>,
  actor: Actor,
  m: RegistrationMove,
  opts: {
    inside?: (tx: Db, moved: RegistrationRow) => Promise<void>;
    after?: (moved: RegistrationRow) => Promise<void>;
  } = {},
): Promise<RegistrationRow | undefined> {
  const moved = await withTransaction(deps.database.db, async (tx) => {
    const done = await moveRegistration(tx, actor, m);
    if (done && opts.inside) await opts.inside(tx, done);
    return done;
  });
  if (moved && opts.after) await opts.after(moved);
  return moved;
}
