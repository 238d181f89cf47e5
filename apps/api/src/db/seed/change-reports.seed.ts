import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { namedCounterparts } from '@hpbc/shared/counterpart-review';
import { compareRevisions, nextRevision } from '@hpbc/shared/design-documents';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Db } from '../client';
import {
  changeReportComments,
  changeReports,
  presentationAnswers,
  presentations,
  registrationDocuments,
  registrations,
  users,
} from '../schema/index';
import { sha256 } from '../../lib/file-store/file-store';
import { dataDirStreamingStore } from '../../lib/file-store/streaming-store';
import { DESIGN_AREA } from '../../modules/documents/uploads.store';
import { proposedSet } from '../../modules/change-reports/change-reports.core';
import { answerData, contentHash, hashedDocuments } from '../../modules/registrations/reviews.core';
import { drawSheet, SHEETS } from './documents.seed';

const DAY = 86_400_000;

/**
 * Issue 30's demo: on the approved demo registration, a minor change report waiting for the
 * counterpart's acknowledgement and a major one (with a comment) waiting for the countersignature
 * and the committee's decision, each with a revised sheet; on a registration under review, a
 * designer's presentation that took place, answered by its invitees, with its minutes.
 */
export async function seedChangeReportsDemo(ctx: { dataDir: string; now: Date }, tx: Db): Promise<void> {
  if ((await tx.select({ id: changeReports.id }).from(changeReports).limit(1)).length > 0) return;
  const files = dataDirStreamingStore(ctx.dataDir, DESIGN_AREA);
  const [counterpart] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, 'national@hpbc.test'));

  const approved = await tx
    .select()
    .from(registrations)
    .where(eq(registrations.status, STATUS.approved))
    .orderBy(asc(registrations.id));
  for (const reg of approved) {
    const docs = await tx
      .select()
      .from(registrationDocuments)
      .where(eq(registrationDocuments.registrationId, reg.id))
      .orderBy(asc(registrationDocuments.id));
    const current = docs.filter((d) => d.status === 'current' && d.approvedKey);
    if (current.length === 0) continue;
    const data = answerData(reg);
    const hashOf = (set: typeof docs) => contentHash(data, hashedDocuments(set));
    const named = [...new Set(namedCounterparts(data).map((n) => n.discipline as string))];
    const plans = [
      {
        kind: 'minor',
        sheet: current[0]!,
        description: 'A door on the ground floor moved 600 mm east to widen the lobby; nothing structural changes.',
      },
      {
        kind: 'major',
        sheet: current[1] ?? current[0]!,
        description:
          'Two columns on level 3 are replaced by a transfer beam to open the banquet hall; the revised sheet shows the new grid.',
      },
    ] as const;
    for (const [i, plan] of plans.entries()) {
      const sheet = SHEETS.find((s) => s.number === plan.sheet.number) ?? SHEETS[0]!;
      const revisions = (
        await tx
          .select({ revision: registrationDocuments.revision })
          .from(registrationDocuments)
          .where(
            and(
              eq(registrationDocuments.registrationId, reg.id),
              eq(registrationDocuments.discipline, plan.sheet.discipline),
              eq(registrationDocuments.number, plan.sheet.number),
            ),
          )
      ).map((r) => r.revision);
      const revision = nextRevision(revisions.sort(compareRevisions).at(-1) ?? null);
      const bytes = await drawSheet(sheet, revision);
      const at = new Date(ctx.now.getTime() - (4 - i) * DAY);
      const fileKey = `documents/${at.getUTCFullYear()}/${randomUUID()}.pdf`;
      await files.write(fileKey, bytes);
      const [report] = await tx
        .insert(changeReports)
        .values({
          registrationId: reg.id,
          kind: plan.kind,
          description: plan.description,
          // As the service fixes them: a minor change its sheet's named discipline, a major one every named one.
          disciplines: plan.kind === 'major' ? named : named.filter((d) => d === plan.sheet.discipline),
          contentSha256: '',
          createdBy: reg.userId,
          createdAt: at,
        })
        .returning();
      const [doc] = await tx
        .insert(registrationDocuments)
        .values({
          registrationId: reg.id,
          discipline: plan.sheet.discipline,
          kind: plan.sheet.kind,
          number: plan.sheet.number,
          title: plan.sheet.title,
          revision,
          round: plan.sheet.round,
          pages: 1,
          size: bytes.length,
          sha256: sha256(bytes),
          status: 'proposed',
          fileKey,
          fileName: `${plan.sheet.number}-${revision}.pdf`,
          replacesId: plan.sheet.id,
          uploadedBy: reg.userId,
          uploadedAt: at,
          changeReportId: report!.id,
        })
        .returning();
      await tx
        .update(changeReports)
        .set({ contentSha256: hashOf(proposedSet(current, [doc!])) })
        .where(eq(changeReports.id, report!.id));
      if (plan.kind === 'major') {
        await tx.insert(changeReportComments).values({
          changeReportId: report!.id,
          discipline: plan.sheet.discipline,
          userId: counterpart?.id ?? null,
          authorName: counterpart?.name ?? 'Demo National Counterpart',
          text: 'Please add the transfer beam’s depth and the revised column loads before I countersign.',
          createdAt: new Date(at.getTime() + DAY),
        });
      }
    }
    break;
  }

  // A presentation that took place, on the first registration under review.
  const [reviewed] = await tx
    .select()
    .from(registrations)
    .where(eq(registrations.status, STATUS.underReview))
    .orderBy(asc(registrations.id))
    .limit(1);
  if (!reviewed) return;
  const startsAt = new Date(ctx.now.getTime() - 3 * DAY);
  startsAt.setUTCHours(3, 30, 0, 0); // 10:00 in Myanmar
  const [p] = await tx
    .insert(presentations)
    .values({
      registrationId: reviewed.id,
      startsAt,
      durationMinutes: 90,
      place: 'HPBC meeting room 2, Nay Pyi Taw',
      meetingUrl: 'https://meet.hpbc.example/presentation-demo',
      minutes:
        'The designer presented the structural concept and the fire strategy. The counterpart asked for the stair widths to be checked against the code; the designer will send revised sheets with the next round.',
      minutesAt: new Date(startsAt.getTime() + 2 * 3600 * 1000),
      createdAt: new Date(startsAt.getTime() - 7 * DAY),
    })
    .returning();
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, reviewed.userId));
  for (const email of [owner?.email, counterpart?.email]) {
    if (!email) continue;
    await tx.insert(presentationAnswers).values({
      presentationId: p!.id,
      email: email.toLowerCase(),
      answer: 'accepted',
      answeredAt: new Date(startsAt.getTime() - 5 * DAY),
    });
  }
}
