import type { z } from 'zod';
import { messageCode } from '@hpbc/shared';
import {
  type ClockExtension,
  type ClockStep,
  type ClockTarget,
  type Holiday,
  type RegistrationClock,
  type extensionDecisionSchema,
  type extensionRequestSchema,
} from '@hpbc/shared/working-days';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction } from '../../db/client';
import { HttpError, forbidden, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { clocksRepository } from './clocks.repository';
import { publicClock, registrationClock, toExtension, type ComputedClock } from './clocks.core';

const isAdmin = (actor: Actor) => actor.user.isAdmin;
const adminsOnly = () => forbidden(messageCode('admins_only'));
const notYours = () => notFound(messageCode('registration_not_found'));

/**
 * Working-day clocks (docs/decisions/077-working-day-clocks.md): the holiday calendar and
 * the targets (administrators), each waiting registration's clock (whoever may see the
 * registration), and extensions (asked for by whom the step waits on, decided by the committee).
 */
export function clocksService(deps: ModuleDeps) {
  const { database, now } = deps;
  const repo = clocksRepository(database.db);

  /** Every clock among `ids` (or of every waiting registration), computed now. */
  async function compute(ids?: number[]): Promise<ComputedClock[]> {
    const [facts, targets, holidays] = await Promise.all([repo.facts(ids), repo.targets(), repo.holidaySet()]);
    const byStep = new Map(targets.map((t) => [t.step, t]));
    const at = now();
    return facts.flatMap((f) => registrationClock(f, byStep, holidays, at) ?? []);
  }

  /**
   * Every waiting registration's clock, a page of `pageSize` registrations at a time (the
   * clock job; docs/decisions/123): the targets and holidays read once, each page's facts
   * read and computed before the next, so no one stretch of work grows with their number.
   */
  async function* computeWaiting(pageSize = 1000): AsyncGenerator<ComputedClock[]> {
    const [targets, holidays] = await Promise.all([repo.targets(), repo.holidaySet()]);
    const byStep = new Map(targets.map((t) => [t.step, t]));
    for (let after = 0; ;) {
      const facts = await repo.waitingFacts(after, pageSize);
      if (facts.length === 0) return;
      const at = now();
      yield facts.flatMap((f) => registrationClock(f, byStep, holidays, at) ?? []);
      if (facts.length < pageSize) return;
      after = facts[facts.length - 1]!.id;
    }
  }

  return {
    compute,
    computeWaiting,

    /** GET /api/clocks?ids=: the clocks of the listed registrations the caller may see. */
    async clocks(actor: Actor, ids: number[]): Promise<RegistrationClock[]> {
      const visible = isAdmin(actor) ? ids : await repo.visibleTo(ids, actor.user);
      return (await compute(visible)).map(publicClock);
    },

    /** GET /api/registrations/{id}/clock: null when the registration waits on nobody. */
    async clock(actor: Actor, id: number): Promise<RegistrationClock | null> {
      if (!isAdmin(actor) && (await repo.visibleTo([id], actor.user)).length === 0) throw notYours();
      const [c] = await compute([id]);
      return c ? publicClock(c) : null;
    },

    /** POST /api/registrations/{id}/extensions: only whom the step waits on may ask. */
    async requestExtension(
      actor: Actor,
      id: number,
      body: z.output<typeof extensionRequestSchema>,
    ): Promise<ClockExtension> {
      if ((await repo.visibleTo([id], actor.user)).length === 0) throw notYours();
      const [c] = await compute([id]);
      const facts = c ? (await repo.facts([id]))[0] : undefined;
      const waiting =
        c &&
        !c.clock.paused &&
        ((c.waiting_on === 'submitter' && facts?.userId === actor.user.id) ||
          (c.waiting_on === 'counterparts' && c.waitingEmails.includes(actor.user.email.toLowerCase())));
      if (!c || !waiting) throw new HttpError(409, messageCode('extension_not_waiting'), { reason: 'not_waiting' });
      const at = now();
      const saved = await withTransaction(database.db, async (tx) => {
        const row = await clocksRepository(tx).addExtension({
          registrationId: id,
          step: c.clock.step,
          workingDays: body.working_days,
          reason: body.reason,
          requestedBy: actor.user.id,
          requestedAt: at,
        });
        await recordAudit(tx, actor, {
          action: 'extension_requested',
          recordType: 'registration',
          recordId: id,
          after: { step: row.step, working_days: row.workingDays, reason: row.reason },
        });
        return row;
      });
      return toExtension({ ...saved, requestedByName: actor.user.name });
    },

    /** PATCH /api/admin/extensions/{id}: granted (the step's target grows) or refused, once. */
    async decideExtension(
      actor: Actor,
      id: number,
      body: z.output<typeof extensionDecisionSchema>,
    ): Promise<ClockExtension> {
      if (!isAdmin(actor)) throw adminsOnly();
      const found = await repo.findExtension(id);
      if (!found) throw notFound();
      const at = now();
      const decided = await withTransaction(database.db, async (tx) => {
        if (!(await clocksRepository(tx).decideExtension(id, body.status, actor.user.id, at))) return false;
        await recordAudit(tx, actor, {
          action: `extension_${body.status}`,
          recordType: 'registration',
          recordId: found.registrationId,
          before: { status: found.status },
          after: { status: body.status, step: found.step, working_days: found.workingDays, reason: found.reason },
        });
        return true;
      });
      if (!decided) throw new HttpError(409, messageCode('extension_decided'), { reason: 'decided' });
      const row = (await repo.extensions([found.registrationId])).find((e) => e.id === id)!;
      return toExtension(row);
    },

    async holidays(actor: Actor, year?: number): Promise<Holiday[]> {
      if (!isAdmin(actor)) throw adminsOnly();
      return repo.holidays(year);
    },

    async putHoliday(actor: Actor, holiday: Holiday): Promise<{ holiday: Holiday; created: boolean }> {
      if (!isAdmin(actor)) throw adminsOnly();
      const before = await repo.findHoliday(holiday.date);
      await withTransaction(database.db, async (tx) => {
        await clocksRepository(tx).upsertHoliday(holiday, now());
        await recordAudit(tx, actor, {
          action: before ? 'update' : 'create',
          recordType: 'holiday',
          recordId: holiday.date,
          before: before ?? null,
          after: holiday,
        });
      });
      return { holiday, created: !before };
    },

    async deleteHoliday(actor: Actor, date: string): Promise<void> {
      if (!isAdmin(actor)) throw adminsOnly();
      const before = await repo.findHoliday(date);
      if (!before) throw notFound();
      await withTransaction(database.db, async (tx) => {
        await clocksRepository(tx).deleteHoliday(date);
        await recordAudit(tx, actor, { action: 'delete', recordType: 'holiday', recordId: date, before });
      });
    },

    async targets(actor: Actor): Promise<ClockTarget[]> {
      if (!isAdmin(actor)) throw adminsOnly();
      return repo.targets();
    },

    async setTarget(actor: Actor, step: ClockStep, body: Omit<ClockTarget, 'step'>): Promise<ClockTarget> {
      if (!isAdmin(actor)) throw adminsOnly();
      const before = (await repo.targets()).find((t) => t.step === step) ?? null;
      const target = { step, ...body };
      await withTransaction(database.db, async (tx) => {
        await clocksRepository(tx).setTarget(target, now());
        await recordAudit(tx, actor, {
          action: 'update',
          recordType: 'clock_target',
          recordId: step,
          before,
          after: target,
        });
      });
      return target;
    },
  };
}
export type ClocksService = ReturnType<typeof clocksService>;
