import { and, eq, isNotNull } from 'drizzle-orm';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { cleanFormOneData } from '@hpbc/shared/form-one';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Db } from '../client';
import {
  inspections,
  registrationCounterparts,
  registrationRounds,
  registrationStatusHistory,
  users,
} from '../schema/index';
import { contentHash } from '../../modules/registrations/reviews.core';
import { insertSubmittedRegistration } from './demo-registrations';

const DAY = 24 * 60 * 60 * 1000;
export const DEMO_COUNTERPART_2FA = 'counterpart2fa@hpbc.test';
export const DEMO_INSPECTOR_2FA = 'inspector2fa@hpbc.test';

async function userOf(tx: Db, email: string) {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/**
 * Work for the two demo accounts held to a second factor (issue 26): a submitted
 * registration naming counterpart2fa@ for architecture and structure, and an inspection
 * of yesterday for inspector2fa@'s EIET company (the demo EIET inspector's), each a legal
 * act that asks for a step-up.
 */
export async function seedLegalActsDemo(ctx: { now: Date }, tx: Db): Promise<void> {
  const submitter = await userOf(tx, 'project@hpbc.test');
  const counterpart = await userOf(tx, DEMO_COUNTERPART_2FA);
  const inspector = await userOf(tx, DEMO_INSPECTOR_2FA);
  const eiet = await userOf(tx, 'eiet@hpbc.test');
  if (!submitter || !counterpart) return;

  const submitted = new Date(ctx.now.getTime() - 3 * DAY);
  const data = cleanFormOneData(
    completeFormOne({
      project_name: 'Hlaing River Tower',
      national_architect_name: counterpart.name,
      national_architect_license: 'NA-5120',
      national_architect_email: DEMO_COUNTERPART_2FA,
      national_structure_name: counterpart.name,
      national_structure_license: 'NS-5121',
      national_structure_email: DEMO_COUNTERPART_2FA,
    }),
  );
  const hash = contentHash(data, []);
  const { id } = await insertSubmittedRegistration(tx, {
    userId: submitter.id,
    status: STATUS.submitted,
    data,
    submittedAt: submitted,
    contentSha256: hash,
    createdAt: submitted,
    updatedAt: submitted,
  });
  await tx
    .insert(registrationRounds)
    .values({ registrationId: id, round: 1, data, contentSha256: hash, submittedAt: submitted });
  await tx.insert(registrationCounterparts).values([
    { registrationId: id, discipline: 'architect', email: DEMO_COUNTERPART_2FA },
    { registrationId: id, discipline: 'structure', email: DEMO_COUNTERPART_2FA },
  ]);
  await tx
    .insert(registrationStatusHistory)
    .values({ registrationId: id, status: STATUS.submitted, actorId: submitter.id, createdAt: submitted });

  // The inspector joins the demo EIET inspector's company; an inspection of yesterday waits for its result.
  if (!inspector || !eiet?.eietCompanyId) return;
  await tx.update(users).set({ eietCompanyId: eiet.eietCompanyId }).where(eq(users.id, inspector.id));
  const [chosen] = await tx
    .select({ registrationId: inspections.registrationId })
    .from(inspections)
    .where(and(eq(inspections.eietCompanyId, eiet.eietCompanyId), isNotNull(inspections.registrationId)))
    .limit(1);
  if (!chosen) return;
  const d = new Date(ctx.now.getTime() - DAY);
  await tx.insert(inspections).values({
    registrationId: chosen.registrationId,
    eietCompanyId: eiet.eietCompanyId,
    kind: 'fire_safety',
    scheduledFor: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 3, 30)),
    status: 'scheduled',
    notes: 'Fire doors, hydrants and the evacuation plan.',
    createdBy: inspector.id,
    createdAt: new Date(ctx.now.getTime() - 4 * DAY),
    updatedAt: new Date(ctx.now.getTime() - 4 * DAY),
  });
}
