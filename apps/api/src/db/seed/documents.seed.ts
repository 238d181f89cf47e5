import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { namedCounterparts } from '@hpbc/shared/counterpart-review';
import type { DocumentKind } from '@hpbc/shared/design-documents';
import { STATUS } from '@hpbc/shared/registration-workflow';
import type { Db } from '../client';
import {
  libraryDocuments,
  registrationComments,
  registrationCountersignatures,
  registrationDocuments,
  registrationRounds,
  registrationStatusHistory,
  registrations,
  users,
} from '../schema/index';
import type { RoundDocument } from '../schema/registrations';
import { sha256 } from '../../lib/file-store/file-store';
import { dataDirStreamingStore } from '../../lib/file-store/streaming-store';
import { stampPdf } from '../../modules/documents/documents.stamp';
import { verifyUrlOf } from '../../modules/documents/documents.approval';
import { DESIGN_AREA } from '../../modules/documents/uploads.store';
import { contentHash } from '../../modules/registrations/reviews.core';

/**
 * Demo drawing sets (issue 25) on the demo registrations of every stage (reviews.seed.ts):
 * a title block on every sheet, plans, a section, a calculation sheet; "Yadanar Residences"
 * has its floor plan replaced in round 2 and comments pinned to the first revision; the
 * approved registration has its stamped set. A handful of PDFs is drawn once and reused,
 * so seeding stays fast. Content hashes, rounds and countersignatures are recomputed over
 * the documents, as a real submission would have made them.
 */
export interface Sheet {
  discipline: string;
  kind: DocumentKind;
  number: string;
  title: string;
  draw: (page: PDFPage, font: PDFFont) => void;
}

/**
 * The drawings' ink. A pdf-lib rectangle given neither `color` nor `borderColor` is filled black
 * (its default), which covered whole sheets: every outline names its colour.
 */
const INK = rgb(0.1, 0.1, 0.15);

const line = (page: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 1) =>
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rgb(0.15, 0.15, 0.2) });

function floorPlan(rooms: [string, number, number, number, number][]) {
  return (page: PDFPage, font: PDFFont) => {
    for (const [name, x, y, w, h] of rooms) {
      page.drawRectangle({ x, y, width: w, height: h, borderWidth: 2, borderColor: INK });
      page.drawText(name, { x: x + 8, y: y + h / 2, size: 10, font });
    }
  };
}

export const SHEETS: Sheet[] = [
  {
    discipline: 'architect',
    kind: 'site_plan',
    number: 'A-001',
    title: 'Site plan',
    draw: (page, font) => {
      page.drawRectangle({
        x: 60,
        y: 140,
        width: 560,
        height: 360,
        borderWidth: 1.5,
        borderColor: INK,
        borderDashArray: [8, 4],
      });
      page.drawRectangle({ x: 180, y: 220, width: 300, height: 200, borderWidth: 2.5, color: rgb(0.9, 0.92, 0.95) });
      page.drawText('Tower footprint', { x: 270, y: 315, size: 12, font });
      page.drawText('Road', { x: 320, y: 112, size: 11, font });
      line(page, 60, 125, 620, 125, 3);
      page.drawText('N', { x: 590, y: 470, size: 16, font });
    },
  },
  {
    discipline: 'architect',
    kind: 'floor_plan',
    number: 'A-101',
    title: 'Ground floor plan',
    draw: floorPlan([
      ['Lobby', 80, 300, 200, 180],
      ['Shops', 280, 300, 240, 180],
      ['Stair 1', 80, 160, 90, 140],
      ['Lifts', 170, 160, 110, 140],
      ['Car park ramp', 280, 160, 240, 140],
    ]),
  },
  {
    discipline: 'architect',
    kind: 'section',
    number: 'A-301',
    title: 'Section A-A',
    draw: (page, font) => {
      for (let floor = 0; floor <= 12; floor++) {
        const y = 130 + floor * 28;
        line(page, 120, y, 520, y, floor === 0 ? 3 : 1.2);
        page.drawText(`L${floor}`, { x: 90, y: y - 3, size: 8, font });
      }
      line(page, 120, 130, 120, 466, 2);
      line(page, 520, 130, 520, 466, 2);
      page.drawText('+36.00', { x: 530, y: 462, size: 9, font });
    },
  },
  {
    discipline: 'structure',
    kind: 'calculation',
    number: 'S-101',
    title: 'Column design calculation',
    draw: (page, font) => {
      const rows = [
        ['Item', 'Value', 'Unit'],
        ['Axial load N', '4,850', 'kN'],
        ['Concrete fck', '35', 'MPa'],
        ['Steel fy', '500', 'MPa'],
        ['Section', '600 x 600', 'mm'],
        ['Reinforcement', '12 T25', '-'],
        ['Capacity', '6,120', 'kN'],
        ['Utilisation', '0.79', '-'],
      ];
      rows.forEach((r, i) => {
        const y = 470 - i * 26;
        r.forEach((cell, j) => page.drawText(cell, { x: 80 + j * 170, y, size: 11, font }));
        line(page, 70, y - 8, 600, y - 8, i === 0 ? 1.5 : 0.5);
      });
    },
  },
  {
    discipline: 'electrical',
    kind: 'services_layout',
    number: 'E-101',
    title: 'Ground floor power layout',
    draw: floorPlan([
      ['Main switch room', 80, 320, 220, 150],
      ['Generator', 320, 320, 200, 150],
      ['Riser', 80, 170, 120, 140],
    ]),
  },
];

/** A sheet drawn on A3 landscape with a title block (project, number, title, revision). */
export async function drawSheet(sheet: Sheet, revision: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${sheet.number} ${sheet.title} (rev ${revision})`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([1191, 842]);
  page.drawRectangle({ x: 20, y: 20, width: 1151, height: 802, borderWidth: 2, borderColor: INK });
  sheet.draw(page, font);
  if (revision !== 'A')
    page.drawText(`Revised in revision ${revision}`, {
      x: 80,
      y: 560,
      size: 14,
      font: bold,
      color: rgb(0.7, 0.1, 0.1),
    });
  // The title block, bottom right.
  const x = 800;
  page.drawRectangle({ x, y: 20, width: 371, height: 150, borderWidth: 2, borderColor: INK });
  const rows: [string, string][] = [
    ['Project', 'Demo high-rise project'],
    ['Sheet', sheet.number],
    ['Title', sheet.title],
    ['Revision', revision],
    ['Scale', '1:100'],
  ];
  rows.forEach(([k, v], i) => {
    const y = 145 - i * 26;
    page.drawText(k, { x: x + 10, y, size: 9, font });
    page.drawText(v, { x: x + 90, y, size: 11, font: bold });
    line(page, x, y - 8, x + 371, y - 8, 0.5);
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export async function seedDemoDocuments(ctx: { dataDir: string; appUrl?: string; now: Date }, tx: Db): Promise<void> {
  const regs = await tx.select().from(registrations).orderBy(asc(registrations.id));
  const existing = await tx.select({ id: registrationDocuments.id }).from(registrationDocuments).limit(1);
  if (regs.length === 0 || existing.length > 0) return;
  const files = dataDirStreamingStore(ctx.dataDir, DESIGN_AREA);
  const [volume] = await tx
    .select({ id: libraryDocuments.id })
    .from(libraryDocuments)
    .orderBy(asc(libraryDocuments.id))
    .limit(1);

  // Drawn once: every registration's sheet is the same bytes (a different key each).
  const drawn = new Map<string, Buffer>();
  const bytesOf = async (sheet: Sheet, revision: string) => {
    const key = `${sheet.number}-${revision}`;
    if (!drawn.has(key)) drawn.set(key, await drawSheet(sheet, revision));
    return drawn.get(key)!;
  };

  for (const reg of regs) {
    const disciplines = new Set<string>(namedCounterparts(reg.data).map((n) => n.discipline));
    if (disciplines.size === 0) continue;
    const rounds = await tx
      .select()
      .from(registrationRounds)
      .where(eq(registrationRounds.registrationId, reg.id))
      .orderBy(asc(registrationRounds.round));
    const lastRound = rounds.at(-1)?.round ?? 0;
    const replaceInRound2 = rounds.length >= 2;
    const uploadedAt = rounds[0]?.submittedAt ?? reg.createdAt;
    const sheets = SHEETS.filter((s) => disciplines.has(s.discipline));
    const rows: (typeof registrationDocuments.$inferSelect)[] = [];
    const insertSheet = async (
      sheet: Sheet,
      revision: string,
      round: number,
      status: string,
      replacesId: number | null,
      at: Date,
    ) => {
      const bytes = await bytesOf(sheet, revision);
      const fileKey = `documents/${at.getUTCFullYear()}/${randomUUID()}.pdf`;
      await files.write(fileKey, bytes);
      const [row] = await tx
        .insert(registrationDocuments)
        .values({
          registrationId: reg.id,
          discipline: sheet.discipline,
          kind: sheet.kind,
          number: sheet.number,
          title: sheet.title,
          revision,
          round,
          pages: 1,
          size: bytes.length,
          sha256: sha256(bytes),
          status,
          fileKey,
          fileName: `${sheet.number}.pdf`,
          replacesId,
          uploadedBy: reg.userId,
          uploadedAt: at,
        })
        .returning();
      rows.push(row!);
      return row!;
    };
    for (const sheet of sheets) {
      const replaced = replaceInRound2 && sheet.number === 'A-101';
      const first = await insertSheet(
        sheet,
        'A',
        Math.max(1, rounds[0]?.round ?? 1),
        replaced ? 'superseded' : 'current',
        null,
        uploadedAt,
      );
      if (replaced) await insertSheet(sheet, 'B', rounds[1]!.round, 'current', first.id, rounds[1]!.submittedAt);
    }

    // Each round's documents and hash, as the submission made them.
    const hashOfRound = new Map<number, string>();
    for (const round of rounds) {
      const atRound = rows.filter(
        (r) => r.round <= round.round && !rows.some((n) => n.replacesId === r.id && n.round <= round.round),
      );
      const listed: RoundDocument[] = atRound
        .map((r) => ({
          id: r.id,
          discipline: r.discipline,
          kind: r.kind,
          number: r.number,
          revision: r.revision,
          sha256: r.sha256,
          title: r.title,
        }))
        .sort((a, b) =>
          a.discipline < b.discipline ? -1 : a.discipline > b.discipline ? 1 : a.number < b.number ? -1 : 1,
        );
      const hash = contentHash(
        round.data,
        listed.map(({ discipline, kind, number, revision, sha256: s }) => ({
          discipline,
          kind,
          number,
          revision,
          sha256: s,
        })),
      );
      hashOfRound.set(round.round, hash);
      await tx
        .update(registrationRounds)
        .set({ documents: listed, contentSha256: hash })
        .where(eq(registrationRounds.id, round.id));
    }
    if (lastRound > 0) {
      await tx
        .update(registrations)
        .set({ contentSha256: hashOfRound.get(lastRound)! })
        .where(eq(registrations.id, reg.id));
      const signatures = await tx
        .select()
        .from(registrationCountersignatures)
        .where(eq(registrationCountersignatures.registrationId, reg.id));
      for (const s of signatures) {
        await tx
          .update(registrationCountersignatures)
          .set({ contentSha256: hashOfRound.get(s.round) ?? hashOfRound.get(lastRound)! })
          .where(eq(registrationCountersignatures.id, s.id));
      }
    }

    // Comments pinned to the first revision of the replaced sheet (one answered by the new revision and resolved).
    if (replaceInRound2) {
      const a = rows.find((r) => r.number === 'A-101' && r.revision === 'A')!;
      const [author] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.email, 'national@hpbc.test'));
      const pinned = [
        {
          text: 'Stair 1 is narrower than the code allows for a tower of this height.',
          x: 0.12,
          y: 0.55,
          resolved: true,
        },
        { text: 'Show the fire lift lobby on this plan.', x: 0.2, y: 0.5, resolved: false },
      ];
      for (const p of pinned) {
        await tx.insert(registrationComments).values({
          registrationId: reg.id,
          round: 1,
          discipline: 'architect',
          field: null,
          text: p.text,
          authorId: author?.id ?? null,
          authorName: author?.name ?? 'Demo National Counterpart',
          createdAt: new Date(rounds[1]!.submittedAt.getTime() - 3 * 86_400_000),
          documentId: a.id,
          page: 1,
          x: p.x,
          y: p.y,
          clauseLibraryId: volume?.id ?? null,
          clausePage: volume ? 12 : null,
          resolvedAt: p.resolved ? rounds[1]!.submittedAt : null,
        });
      }
    }

    // The approved registration: its stamped set.
    if (reg.status === STATUS.approved && reg.referenceNumber) {
      const [approval] = await tx
        .select({ at: registrationStatusHistory.createdAt })
        .from(registrationStatusHistory)
        .where(
          and(
            eq(registrationStatusHistory.registrationId, reg.id),
            eq(registrationStatusHistory.status, STATUS.approved),
          ),
        );
      const at = approval?.at ?? ctx.now;
      for (const row of rows.filter((r) => r.status === 'current')) {
        const stamped = Buffer.from(
          await stampPdf(drawn.get(`${row.number}-${row.revision}`)!, {
            referenceNumber: reg.referenceNumber,
            approvedAt: at,
            verifyUrl: verifyUrlOf(ctx.appUrl ?? 'http://localhost:3000', reg.referenceNumber),
          }),
        );
        const key = `approved/${at.getUTCFullYear()}/${randomUUID()}.pdf`;
        await files.write(key, stamped);
        await tx
          .update(registrationDocuments)
          .set({ approvedKey: key, approvedSha256: sha256(stamped), approvedSize: stamped.length, approvedAt: at })
          .where(eq(registrationDocuments.id, row.id));
      }
    }
  }
}
