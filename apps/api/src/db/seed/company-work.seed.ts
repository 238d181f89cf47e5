import PDFDocument from 'pdfkit';
import { asc, eq, inArray } from 'drizzle-orm';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import type { Db } from '../client';
import {
  eietCompanies,
  inspections,
  pileCompanies,
  registrationStatusHistory,
  serviceRequestHistory,
  serviceRequests,
  users,
} from '../schema/index';
import { dataDirStore } from '../../lib/file-store/file-store';
import { pdfkitBytes } from '../../lib/pdf-text';
import type { SeedContext } from './index';
import { eietFieldsOf, insertSubmittedRegistration } from './demo-registrations';

const DAY = 24 * 3600 * 1000;

/** A small real PDF: the demo's cover letters and inspection report. */
async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { CreationDate: new Date('2026-01-01T00:00:00Z') } });
  const bytes = pdfkitBytes(doc);
  doc.fontSize(16).text(title);
  doc.moveDown();
  for (const line of lines) doc.fontSize(11).text(line);
  doc.end();
  return bytes;
}

interface DemoRequest {
  kind: 'eiet' | 'pile';
  project: string;
  requester: string;
  email: string;
  daysAgo: number;
  /** The moves after "new", each with its note. */
  moves: { status: 'accepted' | 'declined' | 'completed'; note: string | null; daysAgo: number }[];
}

const REQUESTS: DemoRequest[] = [
  {
    kind: 'eiet',
    project: 'Shwe Pyi Residence',
    requester: 'Golden Land Development',
    email: 'projects@goldenland.example',
    daysAgo: 1,
    moves: [],
  },
  {
    kind: 'eiet',
    project: 'Inya Lake Tower B',
    requester: 'Yoma Builders',
    email: 'office@yomabuilders.example',
    daysAgo: 3,
    moves: [],
  },
  {
    kind: 'eiet',
    project: 'Kamayut Medical Centre',
    requester: 'Aung Thiri Construction',
    email: 'info@aungthiri.example',
    daysAgo: 9,
    moves: [{ status: 'accepted', note: 'Our team will visit the site next week.', daysAgo: 7 }],
  },
  {
    kind: 'eiet',
    project: 'Hlaing River Condominium',
    requester: 'Delta Homes',
    email: 'contact@deltahomes.example',
    daysAgo: 14,
    moves: [{ status: 'declined', note: 'Our inspection teams are fully booked until March.', daysAgo: 12 }],
  },
  {
    kind: 'eiet',
    project: 'Bahan Office Park',
    requester: 'Myat Noe Engineering',
    email: 'admin@myatnoe.example',
    daysAgo: 40,
    moves: [
      { status: 'accepted', note: null, daysAgo: 38 },
      { status: 'completed', note: 'Final inspection report sent by post.', daysAgo: 10 },
    ],
  },
  {
    kind: 'pile',
    project: 'Thanlyin Logistics Hub',
    requester: 'Sein Pann Trading',
    email: 'build@seinpann.example',
    daysAgo: 2,
    moves: [],
  },
  {
    kind: 'pile',
    project: 'Mandalay Riverside Hotel',
    requester: 'Ayeyar Hospitality',
    email: 'projects@ayeyar.example',
    daysAgo: 20,
    moves: [{ status: 'accepted', note: 'Soil test scheduled; we will send a quotation.', daysAgo: 18 }],
  },
];

/**
 * The company work areas' demo (issue 13): eiet@hpbc.test works for the first EIET
 * company of the register and pile@hpbc.test for the first pile company; each has
 * requests in several states, and project@hpbc.test has two registrations that chose
 * the EIET company, with done and scheduled inspections. Added only once (when the
 * demo EIET account has no company yet).
 */
export async function seedCompanyWork(ctx: SeedContext, tx: Db): Promise<void> {
  const [eiet] = await tx.select().from(eietCompanies).orderBy(asc(eietCompanies.id)).limit(1);
  const [pile] = await tx.select().from(pileCompanies).orderBy(asc(pileCompanies.id)).limit(1);
  const accounts = await tx
    .select()
    .from(users)
    .where(inArray(users.email, ['eiet@hpbc.test', 'pile@hpbc.test', 'project@hpbc.test']));
  const byEmail = new Map(accounts.map((a) => [a.email, a]));
  const inspector = byEmail.get('eiet@hpbc.test');
  const piler = byEmail.get('pile@hpbc.test');
  const owner = byEmail.get('project@hpbc.test');
  if (!eiet || !pile || !inspector || !piler || !owner || inspector.eietCompanyId !== null) return;

  await tx.update(users).set({ eietCompanyId: eiet.id }).where(eq(users.id, inspector.id));
  await tx.update(users).set({ pileCompanyId: pile.id }).where(eq(users.id, piler.id));

  const store = dataDirStore(ctx.dataDir, 'uploads');
  const at = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY);
  for (const r of REQUESTS) {
    const company = r.kind === 'eiet' ? eiet.eietName : pile.companyName;
    const letter = await demoPdf(`Cover letter: ${r.project}`, [
      `To: ${company}`,
      `From: ${r.requester}`,
      `We kindly request your ${r.kind === 'eiet' ? 'inspection' : 'piling'} services for ${r.project}.`,
    ]);
    const created = at(r.daysAgo);
    const saved = await store.save('service-requests', letter, created);
    const last = r.moves.at(-1);
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        kind: r.kind,
        eietId: r.kind === 'eiet' ? eiet.id : null,
        pileCompanyId: r.kind === 'pile' ? pile.id : null,
        projectName: r.project,
        projectInformation: `${r.project}: a high-rise building of twelve storeys with one basement.`,
        companyName: r.requester,
        address: 'Yangon',
        companyEmail: r.email,
        contactPhone: '09 420 000 111',
        coverLetterPath: saved.key,
        coverLetterName: 'cover-letter.pdf',
        coverLetterSize: letter.length,
        coverLetterSha256: saved.sha256,
        locale: 'en',
        status: last?.status ?? 'new',
        createdAt: created,
        updatedAt: last ? at(last.daysAgo) : created,
      })
      .returning({ id: serviceRequests.id });
    await tx.insert(serviceRequestHistory).values([
      { serviceRequestId: row!.id, status: 'new', createdAt: created },
      ...r.moves.map((m) => ({
        serviceRequestId: row!.id,
        status: m.status,
        note: m.note,
        actorId: r.kind === 'eiet' ? inspector.id : piler.id,
        createdAt: at(m.daysAgo),
      })),
    ]);
  }

  // Two registrations that chose the demo EIET company, with its details filled in.
  const eietFields = eietFieldsOf(eiet);
  const regs: { project: string; status: string; daysAgo: number }[] = [
    { project: 'Pearl Garden Tower', status: 'Under Review', daysAgo: 30 },
    { project: 'Sule Square Annex', status: 'Submitted', daysAgo: 6 },
  ];
  const ids: number[] = [];
  for (const r of regs) {
    const submitted = at(r.daysAgo);
    const { id } = await insertSubmittedRegistration(tx, {
      userId: owner.id,
      status: r.status,
      data: completeFormOne({ project_name: r.project, ...eietFields }),
      submittedAt: submitted,
      createdAt: submitted,
      updatedAt: submitted,
    });
    await tx
      .insert(registrationStatusHistory)
      .values({ registrationId: id, status: 'Submitted', actorId: owner.id, createdAt: submitted });
    if (r.status === 'Under Review') {
      await tx
        .insert(registrationStatusHistory)
        .values({ registrationId: id, status: 'Under Review', createdAt: at(r.daysAgo - 2) });
    }
    ids.push(id);
  }

  const report = await demoPdf('Foundation inspection report: Pearl Garden Tower', [
    `Inspected by ${eiet.eietName}.`,
    'Result: passed. Pile caps and ground beams as drawn; concrete cube tests within specification.',
  ]);
  const done = at(20);
  const savedReport = await store.save('inspection-reports', report, done);
  // Scheduled at 10:00 Myanmar time (03:30 UTC) on whole days from the seeding day.
  const dayAt = (days: number) => {
    const d = new Date(ctx.now.getTime() + days * DAY);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 3, 30));
  };
  await tx.insert(inspections).values([
    {
      registrationId: ids[0]!,
      eietCompanyId: eiet.id,
      kind: 'foundation',
      scheduledFor: done,
      status: 'done',
      outcome: 'passed',
      remarks: 'Pile caps and ground beams as drawn.',
      reportPath: savedReport.key,
      reportName: 'foundation-report.pdf',
      reportSize: report.length,
      reportSha256: savedReport.sha256,
      createdBy: inspector.id,
      createdAt: at(25),
      updatedAt: done,
    },
    {
      registrationId: ids[0]!,
      eietCompanyId: eiet.id,
      kind: 'structure',
      scheduledFor: dayAt(2),
      status: 'scheduled',
      notes: 'Levels 1 to 4: columns and slabs.',
      createdBy: inspector.id,
      createdAt: at(3),
      updatedAt: at(3),
    },
    {
      registrationId: ids[1]!,
      eietCompanyId: eiet.id,
      kind: 'foundation',
      scheduledFor: dayAt(5),
      status: 'scheduled',
      notes: 'Bring the soil investigation report.',
      // Moved once: a subscribed calendar sees SEQUENCE 1 (issue 29).
      reason: 'Moved a day later: the site access road is closed.',
      sequence: 1,
      createdBy: inspector.id,
      createdAt: at(2),
      updatedAt: at(2),
    },
    {
      registrationId: ids[1]!,
      eietCompanyId: eiet.id,
      kind: 'fire_safety',
      scheduledFor: dayAt(12),
      status: 'scheduled',
      createdBy: inspector.id,
      createdAt: at(2),
      updatedAt: at(2),
    },
    // Visits whose day has passed, their results still to be recorded: a result can only
    // follow its inspection's date (issue 28, item 6), so these are what the team records.
    ...[1, 2, 3, 4].map((n) => ({
      registrationId: ids[1]!,
      eietCompanyId: eiet.id,
      kind: 'structure',
      scheduledFor: dayAt(-n),
      status: 'scheduled',
      notes: `Site visit ${n}: levels ${n * 2 - 1} and ${n * 2}, result to be recorded.`,
      createdBy: inspector.id,
      createdAt: at(n + 3),
      updatedAt: at(n + 3),
    })),
  ]);
}
