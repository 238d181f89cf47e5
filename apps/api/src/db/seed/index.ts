import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../client';
import { seedDemoAccounts } from './accounts.seed';
import { seedAuditDemo } from './audit.seed';
import { generateEietCompanies, generatePileCompanies, insertCompanies } from './companies.seed';
import { insertLibraryDocuments, restoreLibraryFiles, writeLibraryFiles } from './library.seed';
import { generateProjects, insertProjects } from './projects.seed';
import { createRng, DEMO_SEED } from './random';
import { insertRecommendations } from './recommendations.seed';
import { isEmpty, rowsOf } from './rows';
import { seedDemoReviews } from './reviews.seed';
import { seedLegalActsDemo } from './legal-acts.seed';

export interface SeedContext {
  database: Database;
  dataDir: string;
  /** The portal's address (the QR codes of the demo's stamped drawings); config.appUrl. */
  appUrl?: string;
  /** Certificate dates are placed around this day. */
  now: Date;
  log?: FastifyBaseLogger;
  /** How many demo projects (config.demoProjects); 300 when absent. */
  projectCount?: number;
}

/** One kind of demo data, written inside the seeding transaction `tx`. */
export type Seeder = (ctx: SeedContext, tx: Db) => Promise<void>;

/** Each kind draws from its own generator, so adding rows to one kind leaves the others as they were. */
const seedProjects: Seeder = (ctx, tx) =>
  insertProjects(tx, generateProjects(ctx.projectCount ?? 300, createRng(DEMO_SEED)));

/** Kinds other than projects are only added to empty tables, so a re-seed never doubles them. */
const seedCompanies: Seeder = async (ctx, tx) =>
  insertCompanies(tx, {
    eiet: (await isEmpty(tx, 'eiet_companies')) ? generateEietCompanies(ctx.now, createRng(DEMO_SEED + 1)) : [],
    pile: (await isEmpty(tx, 'pile_companies')) ? generatePileCompanies(ctx.now, createRng(DEMO_SEED + 2)) : [],
  });

const seedRecommendations: Seeder = async (_ctx, tx) => {
  if (await isEmpty(tx, 'disciplines')) await insertRecommendations(tx);
};

/** The files are rewritten (same bytes) and their rows upserted. */
const seedLibrary: Seeder = async (ctx, tx) => insertLibraryDocuments(tx, await writeLibraryFiles(ctx.dataDir));

/** The demo data of runtime.md, in order. Other kinds (demo accounts) are added to this list. */
/** After the accounts: a retired demo project and its audit entries (issue 16). */
const seedAudit: Seeder = (ctx, tx) => seedAuditDemo(tx, ctx.now);

// Its module draws PDFs with pdfkit: loaded when seeding, not at every start.
const seedCompanyWork: Seeder = async (ctx, tx) => (await import('./company-work.seed')).seedCompanyWork(ctx, tx);

// Drawing sets on those registrations (issue 25); pdf-lib loads when seeding, not at every start.
const seedDocuments: Seeder = async (ctx, tx) => (await import('./documents.seed')).seedDemoDocuments(ctx, tx);

export const DEMO_SEEDERS: Seeder[] = [
  seedProjects,
  seedCompanies,
  seedRecommendations,
  seedLibrary,
  seedDemoAccounts,
  // After the accounts: registrations at each stage of the review, naming the demo counterpart.
  seedDemoReviews,
  seedDocuments,
  // Design changes on the approved set and a presentation with minutes (issue 30).
  async (ctx, tx) => (await import('./change-reports.seed')).seedChangeReportsDemo(ctx, tx),
  seedCompanyWork,
  // After the company work: the inspection checklists, and one open inspection recorded on site (issue 30).
  async (ctx, tx) => (await import('./onsite.seed')).seedOnsiteDemo(ctx, tx),
  seedAudit,
  // After the company work: a registration and an inspection for the accounts held to a second factor.
  seedLegalActsDemo,
  // Last: a year of decided registrations, extensions and the decision log of everything above (issue 27).
  async (ctx, tx) => (await import('./clocks.seed')).seedClocksDemo(ctx, tx),
  // Notices under the bell and concerns about the approved demo site (issue 27, items 5 and 6).
  async (ctx, tx) => (await import('./notices.seed')).seedNoticesDemo(ctx, tx),
  // Last: approved projects in different construction stages, their notices and inspections (issue 30).
  async (ctx, tx) => (await import('./stages.seed')).seedStagesDemo(ctx, tx),
];

/**
 * Creates the demo data when the database has no projects yet, all in one transaction, so
 * a failed or interrupted seed leaves nothing behind and the next start tries again.
 * An advisory lock keeps two servers starting together on one PostgreSQL from both seeding.
 * When the data is there already, sample library files missing from DATA_DIR are written back.
 * Returns whether it seeded.
 */
export async function seedIfEmpty(ctx: SeedContext, seeders: readonly Seeder[] = DEMO_SEEDERS): Promise<boolean> {
  const started = performance.now();
  const seeded = await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED})`);
    // Whether there is any project, not how many: at every start, and a decade's million
    // projects took a whole-table count each time (docs/decisions/123).
    const rows = await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM projects) AS seeded`);
    if (rowsOf<{ seeded: boolean }>(rows)[0]?.seeded) return false;
    for (const seed of seeders) await seed(ctx, tx);
    return true;
  });
  if (seeded) {
    ctx.log?.info({ ms: Math.round(performance.now() - started) }, 'demo data created');
  } else {
    const restored = await restoreLibraryFiles(ctx.database, ctx.dataDir);
    if (restored.length) ctx.log?.info({ restored }, 'sample library files written back');
  }
  return seeded;
}
