import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { accountsRepository } from '../accounts/accounts.repository';
import { clocksRepository } from './clocks.repository';
import { clocksService } from './clocks.service';
import type { ComputedClock } from './clocks.core';
import { overdueMail, reminderMail } from './clocks.mail';
import { periodicJob } from '../../lib/periodic-job';

const localeOf = (l: string | null | undefined): Locale => (l === 'my' ? 'my' : 'en');

const WAITING_ON: Record<ComputedClock['waiting_on'], Record<Locale, string>> = {
  counterparts: { en: 'the national counterparts', my: 'နိုင်ငံသား တွဲဖက်ပညာရှင်များ' },
  submitter: { en: 'the submitter', my: 'တင်သွင်းသူ' },
  committee: { en: 'the committee', my: 'ကော်မတီ' },
};

/**
 * The reminders and escalations of the working-day clocks (docs/decisions/077): every run
 * computes each waiting registration's clock; a running clock within its reminder window
 * reminds whom it waits on, and an overdue one tells the administrators. Never a decision.
 *
 * Safe with several processes: each reminder is claimed with one statement on a unique key
 * (its registration, step, kind and run), under a lease as the mail outbox's (decision 003),
 * so two runners send it once; one that died before sending leaves it to the next run.
 * The mails go through the outbox.
 */
export function clockJob(deps: ModuleDeps & { log?: FastifyBaseLogger }) {
  const { database, now, mail, config } = deps;
  const repo = clocksRepository(database.db);
  const service = clocksService(deps);

  async function send(c: ComputedClock, kind: 'reminder' | 'overdue'): Promise<number> {
    const id = await repo.claimReminder(
      { registrationId: c.registration_id, step: c.clock.step, kind, runKey: c.runKey },
      now(),
    );
    if (id === undefined) return 0;
    const [facts] = await repo.facts([c.registration_id]);
    if (!facts) return 0;
    const about = (p: { name: string; locale: string | null }, path: string) => ({
      name: p.name,
      referenceNumber: facts.referenceNumber ?? '',
      projectName: facts.projectName,
      url: `${config.appUrl}${path}`,
      locale: localeOf(p.locale),
      clock: c.clock,
    });
    let sent = 0;
    if (kind === 'overdue') {
      for (const admin of await repo.administrators()) {
        const m = overdueMail({
          ...about(admin, `/admin/registrations/${c.registration_id}`),
          waitingOn: WAITING_ON[c.waiting_on][localeOf(admin.locale)],
        });
        await mail.enqueue({ to: admin.email, ...m });
        sent++;
      }
    } else {
      const people =
        c.waiting_on === 'submitter'
          ? [await accountsRepository(database.db).contact(facts.userId)].flatMap((p) =>
              p ? [{ ...p, path: `/user/projects/${c.registration_id}` }] : [],
            )
          : c.waiting_on === 'counterparts'
            ? (await repo.contactsByEmail(c.waitingEmails)).map((p) => ({
                ...p,
                path: `/user/national/reviews/${c.registration_id}`,
              }))
            : (await repo.administrators()).map((p) => ({ ...p, path: `/admin/registrations/${c.registration_id}` }));
      for (const p of people) {
        await mail.enqueue({ to: p.email, ...reminderMail(about(p, p.path)) });
        sent++;
      }
    }
    await repo.reminderSent(id, now());
    return sent;
  }

  async function run(): Promise<number> {
    let sent = 0;
    // A page of registrations at a time (docs/decisions/123): the first run starts as the
    // server begins to answer, and all of a decade's waiting registrations at once held it.
    for await (const page of service.computeWaiting()) {
      for (const c of page) {
        if (c.clock.paused) continue;
        if (c.clock.overdue) sent += await send(c, 'overdue');
        else if (c.clock.days_left <= c.remindDaysBefore) sent += await send(c, 'reminder');
      }
    }
    return sent;
  }

  const job = periodicJob(run, (err) =>
    deps.log?.error({ err: { message: (err as Error).message } }, 'clock reminders failed'),
  );

  return {
    /** One pass; resolves with the number of mails queued. Tests call this. */
    runOnce: job.runOnce,
    start: (intervalMs = 5 * 60_000) => job.start(intervalMs),
    stop: job.stop,
  };
}
export type ClockJob = ReturnType<typeof clockJob>;
