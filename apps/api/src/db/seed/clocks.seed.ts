import { asc, eq, isNotNull } from 'drizzle-orm';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { cleanFormOneData } from '@hpbc/shared/form-one';
import { INSPECTION_KINDS, INSPECTION_OUTCOMES } from '@hpbc/shared/company-work';
import type { DecisionAction } from '@hpbc/shared/decision-log';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { addWorkingDays, myanmarDate } from '@hpbc/shared/working-days';
import type { Db } from '../client';
import {
  clockExtensions,
  eietCompanies,
  holidays,
  inspections,
  registrationCountersignatures,
  registrationStatusHistory,
  registrations,
  users,
} from '../schema/index';
import { contentHash } from '../../modules/registrations/reviews.core';
import { insertSubmittedRegistration } from './demo-registrations';
import {
  appendDecision,
  decisionOfStatus,
  inspectionDecision,
} from '../../modules/transparency/decision-log.repository';
import { createRng, DEMO_SEED } from './random';
import { isEmpty } from './rows';

const SUBMITTER = 'project@hpbc.test';
const COUNTERPART = 'national@hpbc.test';
/** The owner of the past year's decided registrations: an account nobody signs in to. */
const ARCHIVE = 'archive@hpbc.test';

const PLACES = [
  'Yankin',
  'Bahan',
  'Sanchaung',
  'Kamayut',
  'Hlaing',
  'Mayangone',
  'Thingangyun',
  'Dagon',
  'Tamwe',
  'Ahlone',
];
const KINDS = ['Tower', 'Residences', 'Plaza', 'Hospital', 'School', 'Office Park', 'Market', 'Condominium'];

/** 10:00 in Yangon on a date. */
const yangon = (date: string, time = '10:00') => new Date(`${date}T${time}:00+06:30`);

/**
 * Demo data of the working-day clocks and the transparency pages (issue 27): a year of
 * decided registrations (for the statistics, not all in the last month), inspections done,
 * extensions on the review demo's registrations (one granted, one waiting for the
 * committee), and the decision log of every decision in the demo, oldest first. The
 * holidays and targets come with migration 0014. Runs after the reviews and company work.
 */
export async function seedClocksDemo(ctx: { now: Date }, tx: Db): Promise<void> {
  if (!(await isEmpty(tx, 'decision_log'))) return;
  const rng = createRng(DEMO_SEED + 27);
  const pick = <T>(list: readonly T[]) => rng.pick(list);
  const holidaySet = new Set((await tx.select({ day: holidays.day }).from(holidays)).map((h) => h.day));
  const later = (date: string, n: number) => addWorkingDays(date, n, holidaySet);

  const [archive] = await tx
    .insert(users)
    .values({
      name: 'HPBC archive (demo)',
      email: ARCHIVE,
      // Not a hash of any password: nobody can sign in as this account.
      passwordHash: '!',
      status: 'inactive',
      emailVerifiedAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const [company] = await tx
    .select({ id: eietCompanies.id })
    .from(eietCompanies)
    .orderBy(asc(eietCompanies.id))
    .limit(1);

  // A year of registrations: two to five a month, each submitted, reviewed, some returned, then decided.
  const today = myanmarDate(ctx.now);
  for (let monthsAgo = 12; monthsAgo >= 1 && archive; monthsAgo--) {
    const [y, m] = today.split('-').map(Number) as [number, number];
    const month = new Date(Date.UTC(y, m - 1 - monthsAgo, 1)).toISOString().slice(0, 7);
    const count = 2 + Math.floor(rng.next() * 4);
    for (let i = 0; i < count; i++) {
      const submitted = later(`${month}-01`, 1 + Math.floor(rng.next() * 18));
      const reviewed = later(submitted, 2 + Math.floor(rng.next() * 6));
      const returned = rng.next() < 0.35;
      const answered = returned ? later(reviewed, 3 + Math.floor(rng.next() * 8)) : null;
      const decided = later(answered ?? reviewed, 3 + Math.floor(rng.next() * (monthsAgo % 3 === 0 ? 20 : 9)));
      if (yangon(decided) > ctx.now) continue;
      const approved = rng.next() < 0.85;
      const data = cleanFormOneData(
        completeFormOne({
          project_name: `${pick(PLACES)} ${pick(KINDS)} ${monthsAgo}${i}`,
          project_owner: 'Demo Developer Co., Ltd.',
        }),
      );
      const reg = await insertSubmittedRegistration(
        tx,
        {
          userId: archive.id,
          status: approved ? STATUS.approved : STATUS.rejected,
          data,
          submittedAt: yangon(answered ?? submitted),
          contentSha256: contentHash(data, []),
          createdAt: yangon(submitted, '09:00'),
          updatedAt: yangon(decided),
        },
        yangon(submitted),
      );
      const steps: [string, string][] = [
        [STATUS.submitted, submitted],
        [STATUS.underReview, reviewed],
        ...(answered
          ? ([
              [STATUS.returned, later(reviewed, 1)],
              [STATUS.submitted, answered],
            ] as [string, string][])
          : []),
        [approved ? STATUS.approved : STATUS.rejected, decided],
      ];
      await tx
        .insert(registrationStatusHistory)
        .values(steps.map(([status, day]) => ({ registrationId: reg.id, status, createdAt: yangon(day) })));
      if (approved && company && rng.next() < 0.7) {
        const held = later(decided, 5 + Math.floor(rng.next() * 15));
        if (yangon(held) < ctx.now) {
          await tx.insert(inspections).values({
            registrationId: reg.id,
            eietCompanyId: company.id,
            kind: pick(INSPECTION_KINDS),
            scheduledFor: yangon(held),
            status: 'done',
            outcome: rng.next() < 0.8 ? INSPECTION_OUTCOMES[0] : pick(INSPECTION_OUTCOMES),
            remarks: 'Demo inspection.',
            createdAt: yangon(decided),
            updatedAt: yangon(held),
          });
        }
      }
    }
  }

  await seedExtensions(ctx, tx);
  await seedDecisionLog(tx);
}

/** On the review demo's registrations: a granted extension, and one the committee has still to decide. */
async function seedExtensions(ctx: { now: Date }, tx: Db) {
  const [submitter] = await tx.select({ id: users.id }).from(users).where(eq(users.email, SUBMITTER));
  const [counterpart] = await tx.select({ id: users.id }).from(users).where(eq(users.email, COUNTERPART));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@hpbc.test'));
  if (!submitter) return;
  const mine = await tx
    .select({ id: registrations.id, status: registrations.status, name: registrations.data })
    .from(registrations)
    .where(eq(registrations.userId, submitter.id));
  const named = (name: string) => mine.find((r) => (r.name as Record<string, unknown>).project_name === name);
  const hours = (h: number) => new Date(ctx.now.getTime() - h * 3600_000);
  const returned = named('Golden Valley Condominium');
  if (returned?.status === STATUS.returned) {
    await tx.insert(clockExtensions).values({
      registrationId: returned.id,
      step: 'submitter_answer',
      workingDays: 10,
      reason: 'The soil investigation summary comes from the laboratory in two weeks.',
      requestedBy: submitter.id,
      requestedAt: hours(20),
    });
  }
  const resubmitted = named('Yadanar Residences');
  if (resubmitted && counterpart) {
    await tx.insert(clockExtensions).values({
      registrationId: resubmitted.id,
      step: 'counterpart_review',
      workingDays: 3,
      reason: 'The structural drawings of the new floors need a second reading.',
      status: 'granted',
      requestedBy: counterpart.id,
      requestedAt: hours(40),
      decidedBy: admin?.id ?? null,
      decidedAt: hours(30),
    });
  }
}

/** Every decision of the demo data in the order it was made, as the chain would have recorded it. */
async function seedDecisionLog(tx: Db) {
  const decisions: {
    at: Date;
    registrationId: number;
    action: DecisionAction;
    content: string | Record<string, unknown>;
  }[] = [];
  const regs = new Map(
    (await tx.select({ id: registrations.id, hash: registrations.contentSha256 }).from(registrations)).map((r) => [
      r.id,
      r.hash ?? '',
    ]),
  );
  for (const h of await tx.select().from(registrationStatusHistory)) {
    const action = decisionOfStatus(h.status);
    if (action)
      decisions.push({
        at: h.createdAt,
        registrationId: h.registrationId,
        action,
        content: regs.get(h.registrationId) ?? '',
      });
  }
  for (const s of await tx.select().from(registrationCountersignatures)) {
    decisions.push({
      at: s.signedAt,
      registrationId: s.registrationId,
      action: 'countersignature',
      content: s.contentSha256,
    });
  }
  for (const i of await tx.select().from(inspections).where(isNotNull(inspections.outcome))) {
    decisions.push(inspectionDecision(i.updatedAt, i));
  }
  decisions.sort((a, b) => a.at.getTime() - b.at.getTime() || a.registrationId - b.registrationId);
  for (const d of decisions) await appendDecision(tx, d);
}
