import { desc, eq, inArray, isNull } from 'drizzle-orm';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { cleanFormOneData } from '@hpbc/shared/form-one';
import { STATUS } from '@hpbc/shared/registration-workflow';
import {
  CONSTRUCTION_STAGE_LABELS,
  type ConstructionStage,
  type InspectionKind,
  type InspectionOutcome,
} from '@hpbc/shared';
import type { Db } from '../client';
import {
  eietCompanies,
  inspections,
  notices,
  projects,
  registrationRounds,
  registrationStatusHistory,
  registrations,
  stageNotices,
  users,
} from '../schema/index';
import { contentHash } from '../../modules/registrations/reviews.core';
import { eietFieldsOf, insertSubmittedRegistration } from './demo-registrations';

const DAY = 86_400_000;

interface DemoSite {
  /** Which published project (by RN, newest first, after the one the review demo uses). */
  offset: number;
  approvedDaysAgo: number;
  stages: { stage: ConstructionStage; daysAgo: number; note: string | null }[];
  inspections: {
    kind: InspectionKind;
    /** Days from now (negative: past). */
    day: number;
    outcome?: InspectionOutcome;
    remarks?: string;
    notes?: string;
  }[];
}

/**
 * Three approved projects in different construction stages (issue 30), owned by
 * project@hpbc.test and naming the demo EIET company (eiet@hpbc.test's): one just begun,
 * whose commencement the company can schedule from; one at its foundation, with a failed
 * and then a passed inspection; one at its structure, with the next inspection scheduled
 * and the services stage reported yesterday, still to be scheduled. Each is linked to a
 * project of the public list, whose page shows the stages and inspections done. Last of the
 * demo seeders, so the earlier ones (notices, concerns) keep the registrations they pick.
 */
const SITES: DemoSite[] = [
  {
    offset: 1,
    approvedDaysAgo: 12,
    stages: [{ stage: 'commencement', daysAgo: 2, note: 'Site hoarding up; excavation begins Monday.' }],
    inspections: [],
  },
  {
    offset: 2,
    approvedDaysAgo: 90,
    stages: [
      { stage: 'commencement', daysAgo: 70, note: null },
      { stage: 'foundation', daysAgo: 30, note: 'Bored piles complete; pile caps poured.' },
    ],
    inspections: [
      {
        kind: 'foundation',
        day: -24,
        outcome: 'failed',
        remarks: 'Two pile caps out of level; cube tests missing for one pour.',
      },
      {
        kind: 'foundation',
        day: -10,
        outcome: 'passed',
        remarks: 'Pile caps corrected; cube tests within specification.',
      },
    ],
  },
  {
    offset: 3,
    approvedDaysAgo: 200,
    stages: [
      { stage: 'commencement', daysAgo: 180, note: null },
      { stage: 'foundation', daysAgo: 140, note: 'Raft foundation poured.' },
      { stage: 'structure', daysAgo: 60, note: 'Frame up to level 12.' },
      { stage: 'services', daysAgo: 1, note: 'Electrical and fire services being installed on levels 1 to 6.' },
    ],
    inspections: [
      { kind: 'foundation', day: -130, outcome: 'passed', remarks: 'Raft as drawn.' },
      { kind: 'structure', day: -45, outcome: 'conditional', remarks: 'Cover to slab reinforcement to be checked.' },
      { kind: 'structure', day: 6, notes: 'Levels 10 to 12: columns and slabs.' },
    ],
  },
];

export async function seedStagesDemo(ctx: { now: Date }, tx: Db): Promise<void> {
  // Only once: a database with stage notices keeps them.
  if ((await tx.select({ id: stageNotices.id }).from(stageNotices).limit(1)).length > 0) return;
  const people = await tx
    .select()
    .from(users)
    .where(inArray(users.email, ['project@hpbc.test', 'eiet@hpbc.test', 'admin@hpbc.test']));
  const owner = people.find((p) => p.email === 'project@hpbc.test');
  const inspector = people.find((p) => p.email === 'eiet@hpbc.test');
  const admin = people.find((p) => p.email === 'admin@hpbc.test');
  if (!owner || !inspector?.eietCompanyId) return;
  const [eiet] = await tx.select().from(eietCompanies).where(eq(eietCompanies.id, inspector.eietCompanyId));
  if (!eiet) return;
  const published = await tx
    .select()
    .from(projects)
    .where(isNull(projects.retiredAt))
    .orderBy(desc(projects.rnNumber))
    .limit(SITES.length + 1);
  const at = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY);
  // 10:00 Myanmar time (03:30 UTC) on whole days from the seeding day.
  const dayAt = (days: number) => {
    const d = new Date(ctx.now.getTime() + days * DAY);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 3, 30));
  };
  const dateOf = (daysAgo: number) => new Date(at(daysAgo).getTime() + 6.5 * 3600 * 1000).toISOString().slice(0, 10);

  for (const site of SITES) {
    const project = published[site.offset];
    if (!project) continue;
    // Linked already (by another demo)? Leave it as it is.
    const [taken] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.projectId, project.id));
    if (taken) continue;
    const data = cleanFormOneData(
      completeFormOne({
        project_name: project.projectName,
        project_owner: project.developer,
        ...eietFieldsOf(eiet),
      }),
    );
    const submitted = at(site.approvedDaysAgo + 20);
    const hash = contentHash(data, []);
    const { id, referenceNumber: reference } = await insertSubmittedRegistration(tx, {
      userId: owner.id,
      status: STATUS.approved,
      data,
      submittedAt: submitted,
      contentSha256: hash,
      projectId: project.id,
      createdAt: at(site.approvedDaysAgo + 22),
      updatedAt: at(site.approvedDaysAgo),
    });
    await tx
      .insert(registrationRounds)
      .values({ registrationId: id, round: 1, data, contentSha256: hash, submittedAt: submitted });
    await tx.insert(registrationStatusHistory).values([
      { registrationId: id, status: STATUS.submitted, actorId: owner.id, createdAt: submitted },
      { registrationId: id, status: STATUS.underReview, createdAt: at(site.approvedDaysAgo + 10) },
      { registrationId: id, status: STATUS.approved, actorId: admin?.id ?? null, createdAt: at(site.approvedDaysAgo) },
    ]);
    await tx.insert(stageNotices).values(
      site.stages.map((s) => ({
        registrationId: id,
        stage: s.stage,
        stageDate: dateOf(s.daysAgo),
        note: s.note,
        reportedBy: owner.id,
        createdAt: at(s.daysAgo),
      })),
    );
    if (site.inspections.length > 0) {
      await tx.insert(inspections).values(
        site.inspections.map((i) => ({
          registrationId: id,
          eietCompanyId: eiet.id,
          kind: i.kind,
          scheduledFor: dayAt(i.day),
          status: i.outcome ? 'done' : 'scheduled',
          outcome: i.outcome ?? null,
          remarks: i.remarks ?? null,
          notes: i.notes ?? null,
          createdBy: inspector.id,
          createdAt: dayAt(Math.min(i.day, 0) - 5),
          updatedAt: i.outcome ? dayAt(i.day) : dayAt(-5),
        })),
      );
    }
    // The newest notice of each site reached the inspector's bell, with its scheduling link.
    const last = site.stages.at(-1)!;
    const label = CONSTRUCTION_STAGE_LABELS[last.stage].en;
    if (last.daysAgo <= 7) {
      await tx.insert(notices).values({
        userId: inspector.id,
        kind: 'construction_stage',
        title: `HPBC - ${reference}: ${label} stage reported for "${project.projectName}"`,
        body: `The owner of "${project.projectName}" has reported the ${label.toLowerCase()} stage of construction. Please schedule its inspection.`,
        link: `/user/company/inspections?schedule=${id}&stage=${last.stage}`,
        createdAt: at(last.daysAgo),
      });
    }
  }
}
