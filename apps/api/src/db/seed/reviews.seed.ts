import { desc, eq } from 'drizzle-orm';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { cleanFormOneData, type FormOneData } from '@hpbc/shared/form-one';
import { STATUS, type RegistrationStatus } from '@hpbc/shared/registration-workflow';
import type { Db } from '../client';
import {
  projects,
  registrationComments,
  registrationCounterparts,
  registrationCountersignatures,
  registrationRounds,
  registrationStatusHistory,
  registrations,
  users,
} from '../schema/index';
import { contentHash } from '../../modules/registrations/reviews.core';
import { insertSubmittedRegistration } from './demo-registrations';

const DAY = 24 * 60 * 60 * 1000;
const SUBMITTER = 'project@hpbc.test';
const COUNTERPART = 'national@hpbc.test';
const ADMIN = 'admin@hpbc.test';
/** Named for the electrical discipline but without an account: the admin screen shows "no account". */
const NO_ACCOUNT = 'daw.khin.electrical@example.test';

interface Stage {
  name: string;
  status: RegistrationStatus;
  /** Days before `now` each round was submitted (oldest first); the last is the current round. */
  rounds: number[];
  /** What round 1 had where the current round differs. */
  before?: FormOneData;
  extra?: FormOneData;
  comments?: { round: number; field: string | null; text: string; daysAgo: number }[];
  /** Disciplines countersigned, on the current content unless `stale`. */
  signed?: { discipline: string; daysAgo: number; stale?: boolean }[];
  returnedDaysAgo?: number;
  approvedDaysAgo?: number;
}

/**
 * Registrations at each stage of the counterparts' review, submitted by the demo project
 * account and naming the demo counterpart, so a newcomer signing in as national@hpbc.test
 * finds real work: to review (one overdue, one resubmitted with changes), changes
 * requested, countersigned, and approved with its project published.
 */
const STAGES: Stage[] = [
  {
    name: 'Thiri Mingalar Tower',
    status: STATUS.submitted,
    rounds: [19],
    extra: { national_electrical_email: NO_ACCOUNT, national_electrical_license: 'NE-7781' },
  },
  {
    name: 'Yadanar Residences',
    status: STATUS.submitted,
    rounds: [9, 2],
    before: { project_area: '3,900 sq m', ground_floors_1: '16' },
    extra: { project_area: '4,200 sq m', ground_floors_1: '18' },
    comments: [
      {
        round: 1,
        field: 'project_area',
        text: 'The project area differs from the site plan (4,200 sq m).',
        daysAgo: 6,
      },
      { round: 1, field: 'ground_floors_1', text: 'The drawings show 18 floors above ground.', daysAgo: 6 },
    ],
    signed: [{ discipline: 'structure', daysAgo: 7, stale: true }],
    returnedDaysAgo: 6,
  },
  {
    name: 'Golden Valley Condominium',
    status: STATUS.returned,
    rounds: [12],
    comments: [
      {
        round: 1,
        field: 'total_area_1',
        text: 'Please give the total floor area per building, not for the whole site.',
        daysAgo: 4,
      },
      { round: 1, field: null, text: 'Attach the soil investigation summary before resubmitting.', daysAgo: 4 },
    ],
    returnedDaysAgo: 4,
  },
  {
    name: 'Inya Lake View',
    status: STATUS.underReview,
    rounds: [15],
    comments: [{ round: 1, field: null, text: 'Checked against the local requirements: complete.', daysAgo: 3 }],
    signed: [
      { discipline: 'architect', daysAgo: 3 },
      { discipline: 'structure', daysAgo: 3 },
    ],
  },
];

async function idOf(tx: Db, email: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function seedDemoReviews(ctx: { now: Date }, tx: Db): Promise<void> {
  const submitter = await idOf(tx, SUBMITTER);
  const counterpart = await idOf(tx, COUNTERPART);
  const admin = await idOf(tx, ADMIN);
  if (!submitter || !counterpart) return;
  // Only once: a database that already has the demo submitter's registrations keeps them.
  const have = await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.userId, submitter));
  if (have.length > 0) return;
  const [cp] = await tx.select({ name: users.name }).from(users).where(eq(users.id, counterpart));
  const at = (days: number) => new Date(ctx.now.getTime() - days * DAY);

  // The approved one is the newest demo project (already on the public list), so the list keeps its size.
  const [published] = await tx
    .select({ id: projects.id, name: projects.projectName, developer: projects.developer })
    .from(projects)
    .orderBy(desc(projects.rnNumber))
    .limit(1);
  const stages: Stage[] = [...STAGES];
  if (published) {
    stages.push({
      name: published.name,
      status: STATUS.approved,
      rounds: [30],
      extra: { project_owner: published.developer },
      signed: [
        { discipline: 'architect', daysAgo: 25 },
        { discipline: 'structure', daysAgo: 25 },
      ],
      approvedDaysAgo: 21,
    });
  }

  for (const stage of stages) {
    const base: FormOneData = completeFormOne({
      project_name: stage.name,
      national_architect_name: cp?.name ?? 'Demo National Counterpart',
      national_architect_license: 'NA-2041',
      national_architect_email: COUNTERPART,
      national_structure_name: cp?.name ?? 'Demo National Counterpart',
      national_structure_license: 'NS-3307',
      national_structure_email: COUNTERPART,
    });
    const current = cleanFormOneData({ ...base, ...stage.extra });
    const first = cleanFormOneData({ ...base, ...stage.extra, ...stage.before });
    const firstAt = at(stage.rounds[0]!);
    const lastAt = at(stage.rounds.at(-1)!);
    const hash = contentHash(current, []);
    const { id } = await insertSubmittedRegistration(
      tx,
      {
        userId: submitter,
        status: stage.status,
        data: current,
        submittedAt: lastAt,
        contentSha256: hash,
        projectId: stage.status === STATUS.approved ? (published?.id ?? null) : null,
        createdAt: at(stage.rounds[0]! + 2),
        updatedAt: lastAt,
      },
      firstAt,
    );

    const history: { status: string; note: string | null; actorId: number | null; createdAt: Date }[] = [];
    for (const days of stage.rounds) {
      history.push({ status: STATUS.submitted, note: null, actorId: submitter, createdAt: at(days) });
    }
    await tx.insert(registrationRounds).values(
      stage.rounds.map((days, i) => {
        const data = i === stage.rounds.length - 1 ? current : first;
        return { registrationId: id, round: i + 1, data, contentSha256: contentHash(data, []), submittedAt: at(days) };
      }),
    );
    await tx
      .insert(registrationCounterparts)
      .values(
        [
          ['architect', COUNTERPART],
          ['structure', COUNTERPART],
          ...(typeof current.national_electrical_email === 'string'
            ? [['electrical', current.national_electrical_email.toLowerCase()]]
            : []),
        ].map(([discipline, email]) => ({ registrationId: id, discipline: discipline!, email: email! })),
      );
    for (const c of stage.comments ?? []) {
      await tx.insert(registrationComments).values({
        registrationId: id,
        round: c.round,
        discipline: 'architect',
        field: c.field,
        text: c.text,
        authorId: counterpart,
        authorName: cp?.name ?? '',
        createdAt: at(c.daysAgo),
      });
    }
    for (const s of stage.signed ?? []) {
      const signedOn = s.stale ? first : current;
      await tx.insert(registrationCountersignatures).values({
        registrationId: id,
        discipline: s.discipline,
        userId: counterpart,
        name: cp?.name ?? '',
        license: String(signedOn[`national_${s.discipline}_license`] ?? ''),
        round: s.stale ? 1 : stage.rounds.length,
        contentSha256: contentHash(signedOn, []),
        signedAt: at(s.daysAgo),
      });
    }
    if (stage.returnedDaysAgo !== undefined) {
      history.push({
        status: STATUS.returned,
        note: (stage.comments ?? []).map((c) => c.text).join('\n\n'),
        actorId: counterpart,
        createdAt: at(stage.returnedDaysAgo),
      });
    }
    if (stage.signed?.length) {
      history.push({
        status: STATUS.underReview,
        note: null,
        actorId: counterpart,
        createdAt: at(Math.max(...stage.signed.map((s) => s.daysAgo))),
      });
    }
    if (stage.approvedDaysAgo !== undefined) {
      history.push({
        status: STATUS.approved,
        note: null,
        actorId: admin ?? null,
        createdAt: at(stage.approvedDaysAgo),
      });
    }
    history.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await tx.insert(registrationStatusHistory).values(history.map((h) => ({ registrationId: id, ...h })));
  }
}
