import { readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, LIBRARY_DOCUMENTS, PROJECT_STATUSES } from '@hpbc/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { extractPdfPages } from '../../modules/library/pdf-text';
import { generateEietCompanies, generatePileCompanies } from './companies.seed';
import { DEMO_SEEDERS, seedIfEmpty } from './index';
import { LIBRARY_CONTENT, LIBRARY_SEARCH_MARKERS } from './library-content';
import { generateLibraryPdf, plannedPageTexts } from './library.seed';
import { MYANMAR_STATES } from './myanmar-places';
import { generateProjects, insertProjects } from './projects.seed';
import { createRng } from './random';
import { RECOMMENDATIONS } from './recommendations.seed';
import { RECOMMENDATIONS_MY } from './recommendations-my.seed';
import { OPEN_DATA_COLUMNS } from '../../modules/projects/projects.routes';

const NOW = new Date('2026-03-15T09:30:00Z');
const DAY = 24 * 60 * 60 * 1000;
const today = Date.UTC(2026, 2, 15);
const daysFromNow = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - today) / DAY);

let t: TestApp;
let failedSeed: { error: unknown; projects: number; companies: number };
let seededFirst: boolean;
let seededAgain: boolean;

const count = async (table: string) =>
  Number((await t.database.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

beforeAll(async () => {
  t = await buildTestApp();
  const ctx = { database: t.database, dataDir: t.config.dataDir, now: NOW };
  // A seeder that fails after the others have written: nothing may be left behind.
  const error = await seedIfEmpty(ctx, [
    ...DEMO_SEEDERS.slice(0, 2),
    async () => {
      throw new Error('disk full');
    },
  ]).catch((e: unknown) => e);
  failedSeed = { error, projects: await count('projects'), companies: await count('eiet_companies') };
  seededFirst = await seedIfEmpty(ctx);
  seededAgain = await seedIfEmpty({ ...ctx, now: new Date('2027-01-01T00:00:00Z') });
});
afterAll(() => t.close());

describe('seedIfEmpty', () => {
  it('writes nothing when a seeder fails, so the next start seeds again', () => {
    expect(failedSeed.error).toBeInstanceOf(Error);
    expect(failedSeed.projects).toBe(0);
    expect(failedSeed.companies).toBe(0);
  });

  it('seeds an empty database once, and a second call changes nothing', async () => {
    expect(seededFirst).toBe(true);
    expect(seededAgain).toBe(false);
    expect(await count('projects')).toBe(300);
    expect(await count('eiet_companies')).toBe(30);
    expect(await count('pile_companies')).toBe(30);
    expect(await count('disciplines')).toBe(7);
    expect(await count('library_documents')).toBe(8);
  });
});

describe('demo projects', () => {
  it('cover every status and every Region, State and Union Territory', async () => {
    const rows = await t.database.query<{ status: string; state: string }>('SELECT status, state FROM projects');
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(PROJECT_STATUSES));
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(MYANMAR_STATES.map((s) => s.name)));
    expect(MYANMAR_STATES).toHaveLength(15);
  });

  it('have unique RN numbers and heights that fit their storeys', async () => {
    const rows = generateProjects(300);
    expect(new Set(rows.map((r) => r.rnNumber)).size).toBe(300);
    for (const r of rows) {
      expect(r.basement).toBeGreaterThanOrEqual(0);
      expect(r.basement).toBeLessThanOrEqual(4);
      expect(r.storey).toBeGreaterThanOrEqual(2);
      expect(r.storey).toBeLessThanOrEqual(40);
      // A ground storey of 3.8-6 m and typical storeys of 3.2-3.6 m.
      expect(r.buildingHeight).toBeGreaterThanOrEqual(3.8 + (r.storey - 1) * 3.2 - 0.05);
      expect(r.buildingHeight).toBeLessThanOrEqual(6 + (r.storey - 1) * 3.6 + 0.05);
      const district = MYANMAR_STATES.find((s) => s.name === r.state)?.districts.find((d) => d.name === r.region);
      expect(district?.townships).toContain(r.location);
    }
    const highRise = rows.filter((r) => r.storey >= 8);
    expect(highRise.length).toBeGreaterThan(100);
    expect(rows.some((r) => /[\u1000-\u109f]/.test(r.developer))).toBe(true);
  });

  it('are the same for the same seed and scale to the benchmark sizes', () => {
    expect(generateProjects(300, createRng(7))).toEqual(generateProjects(300, createRng(7)));
    expect(generateProjects(300, createRng(7))).not.toEqual(generateProjects(300, createRng(8)));
    const big = generateProjects(10_000);
    expect(new Set(big.map((r) => r.rnNumber)).size).toBe(10_000);
    // The first rows of a larger list are those of the default list.
    expect(big.slice(0, 15)).toEqual(generateProjects(15));
  });
});

describe('demo companies', () => {
  it('are the same for the same day, with dates that move with the day', () => {
    expect(generateEietCompanies(NOW)).toEqual(generateEietCompanies(NOW));
    expect(generatePileCompanies(NOW)).toEqual(generatePileCompanies(NOW));
    const later = generateEietCompanies(new Date(NOW.getTime() + 10 * DAY));
    const first = generateEietCompanies(NOW).find((c) => c.certificateExpireDate)!;
    const moved = later.find((c) => c.eietName === first.eietName)!;
    expect(daysFromNow(moved.certificateExpireDate!) - daysFromNow(first.certificateExpireDate!)).toBe(10);
  });

  it.each([
    ['eiet_companies', EXPIRY_WARNING_DAYS.eiet],
    ['pile_companies', EXPIRY_WARNING_DAYS.pile],
  ] as const)('%s: some without a certificate, some expired, some expiring, most valid', async (table, window) => {
    const rows = await t.database.query<{ issue: string | null; expire: string | null }>(
      `SELECT to_char(issue_certificate_date, 'YYYY-MM-DD') AS issue,
              to_char(certificate_expire_date, 'YYYY-MM-DD') AS expire FROM ${table}`,
    );
    const days = rows.filter((r) => r.expire).map((r) => daysFromNow(r.expire!));
    const none = rows.filter((r) => !r.expire && !r.issue).length;
    expect(none).toBeGreaterThanOrEqual(1);
    expect(none).toBeLessThanOrEqual(2);
    expect(days.filter((d) => d < 0).length).toBeGreaterThanOrEqual(2);
    expect(days.filter((d) => d >= 0 && d <= window).length).toBeGreaterThanOrEqual(3);
    expect(days.filter((d) => d > window).length).toBeGreaterThan(rows.length / 2);
    for (const r of rows.filter((x) => x.expire)) {
      expect(r.issue! < r.expire!).toBe(true);
      // A certificate was issued in the past, whatever its expiry.
      expect(daysFromNow(r.issue!)).toBeLessThan(0);
    }
  });

  it('have Myanmar phone numbers and sometimes two e-mail addresses', () => {
    const all = [...generateEietCompanies(NOW), ...generatePileCompanies(NOW)];
    for (const c of all) {
      expect(c.phoneNumber).toMatch(/^(\+95 9 \d{3} \d{3} \d{3}|09-\d{3} \d{3} \d{3}|\+95 1 \d{3} \d{3})$/);
      for (const email of c.emailAddress.split('\n')) expect(email).toMatch(/^[a-z]+@[a-z0-9.-]+\.[a-z]+$/);
    }
    expect(all.some((c) => c.emailAddress.includes('\n'))).toBe(true);
    expect(all.some((c) => /[\u1000-\u109f]/.test('eietName' in c ? c.eietName : c.companyName))).toBe(true);
  });
});

describe('demo recommendations', () => {
  it('hold the seven disciplines in the order of the specification, each with content', async () => {
    const rows = await t.database.query<{ id: number; name: string }>('SELECT id, name FROM disciplines ORDER BY id');
    expect(rows.map((r) => r.name)).toEqual([
      'Geotechnical',
      'Architectural',
      'Structural',
      'Electrical',
      'ACMV',
      'Water Supply and Sanitation',
      'Inspection',
    ]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const d of RECOMMENDATIONS) {
      expect(d.subDisciplines.length).toBeGreaterThanOrEqual(2);
      expect(d.subDisciplines.length).toBeLessThanOrEqual(3);
      for (const sd of d.subDisciplines) {
        expect(sd.titles.length).toBeGreaterThan(0);
        for (const title of sd.titles) for (const st of title.subTitles) expect(st.items.length).toBeGreaterThan(0);
      }
    }
    expect(await count('recommendation_items')).toBeGreaterThan(100);
  });

  it('give part of the tree in Burmese, each Burmese text in Myanmar script and matching an English one (decision 106)', async () => {
    const english = new Set<string>();
    for (const d of RECOMMENDATIONS) {
      english.add(d.name);
      for (const sd of d.subDisciplines) {
        english.add(sd.name);
        for (const title of sd.titles) {
          english.add(title.name);
          for (const st of title.subTitles) {
            english.add(st.name);
            for (const item of st.items) for (const text of typeof item === 'string' ? [item] : item) english.add(text);
          }
        }
      }
    }
    // A key that matches no English text would be a translation lost to a rewording.
    expect(Object.keys(RECOMMENDATIONS_MY).filter((k) => !english.has(k))).toEqual([]);
    for (const my of Object.values(RECOMMENDATIONS_MY)) expect(my).toMatch(/^[\u1000-\u109f]/);
    const [row] = await t.database.query<{ named: number; items: number; texts: number }>(
      `SELECT (SELECT count(*) FROM disciplines WHERE name_my IS NOT NULL)::int AS named,
              (SELECT count(*) FROM recommendation_items WHERE name_my IS NOT NULL)::int AS items,
              (SELECT count(*) FROM recommendation_items WHERE content_my IS NOT NULL)::int AS texts`,
    );
    expect(row).toMatchObject({ named: 7 });
    expect(row!.items).toBeGreaterThan(20);
    expect(row!.texts).toBeGreaterThan(15);
    // The rest stays English only, so the public page shows the fallback too.
    expect(await count('recommendation_items')).toBeGreaterThan(row!.items * 2);
  });
});

describe('demo library', () => {
  it('has the eight volumes as PDF files of 4 to 8 pages with their rows', async () => {
    const rows = await t.database.query<{ id: number; title: string; file_path: string; page_count: number }>(
      'SELECT id, title, file_path, page_count FROM library_documents ORDER BY id',
    );
    expect(rows.map((r) => [r.id, r.title, r.file_path])).toEqual(
      LIBRARY_DOCUMENTS.map((d) => [d.id, d.title, `/documents/library/part-${d.id}.pdf`]),
    );
    for (const row of rows) {
      const pdf = await readFile(path.join(t.config.dataDir, row.file_path));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pages = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? [];
      expect(pages.length).toBe(row.page_count);
      expect(row.page_count).toBeGreaterThanOrEqual(4);
      expect(row.page_count).toBeLessThanOrEqual(8);
    }
  });

  it('serves the volumes as PDF files', async () => {
    const res = await t.app.inject({ url: '/documents/library/part-3.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives the same bytes every time', async () => {
    const [a, b] = [await generateLibraryPdf(2), await generateLibraryPdf(2)];
    expect(a.pdf.equals(b.pdf)).toBe(true);
  });

  it('uses only characters the standard PDF fonts can draw in the English text', () => {
    const english = Object.values(LIBRARY_CONTENT).flatMap((pages) =>
      pages.flatMap((p) => p.sections.flatMap((s) => [s.heading, ...s.clauses])),
    );
    for (const text of [...english, ...LIBRARY_DOCUMENTS.flatMap((d) => [d.title, d.description])]) {
      expect(text).toMatch(/^[\x20-\x7e\u00a0-\u00ff‘’“”–—]*$/);
    }
  });

  it('prints the SAMPLE mark on every page and each search marker on its one page', async () => {
    for (const document of LIBRARY_DOCUMENTS) {
      const pages = await extractPdfPages(await readFile(path.join(t.config.dataDir, document.filePath)));
      for (const text of pages) expect(text).toContain('SAMPLE CONTENT — not the official text');
      for (const marker of LIBRARY_SEARCH_MARKERS) {
        const where = pages.flatMap((text, i) => (text.toLowerCase().includes(marker.word) ? [i + 1] : []));
        expect(where).toEqual(marker.documentId === document.id ? [marker.page] : []);
      }
      // The content model says the same, so the markers stay put when the text is edited.
      const planned = plannedPageTexts(document.id);
      expect(planned).toHaveLength(pages.length);
      for (const marker of LIBRARY_SEARCH_MARKERS.filter((m) => m.documentId === document.id)) {
        expect(planned[marker.page - 1]!.toLowerCase()).toContain(marker.word);
      }
    }
  });
});

describe('the seeded data through the public endpoints', () => {
  it('lists 300 projects, highest RN number first, with the fields of the specification', async () => {
    const res = await t.app.inject({ url: '/api/project-list' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; rn_number: number }[];
    expect(list).toHaveLength(300);
    expect(list.map((p) => p.rn_number)).toEqual([...list.map((p) => p.rn_number)].sort((a, b) => b - a));
    // The fields of the specification's Project entity, as the open data names them.
    expect(Object.keys(list[0]!).sort()).toEqual([...OPEN_DATA_COLUMNS].sort());
    const detail = await t.app.inject({ url: `/api/project-list/${list[42]!.id}` });
    // One project's answer adds its construction (issue 30): none for a project no registration published.
    expect(detail.json()).toEqual({ data: { ...list[42], construction: null } });
  });

  it('lists the companies with ISO dates or null', async () => {
    const eiet = (await t.app.inject({ url: '/api/eiet-list' })).json();
    expect(eiet.status).toBe('success');
    expect(eiet.eietList).toHaveLength(30);
    const pile = (await t.app.inject({ url: '/api/pile-list' })).json();
    expect(pile.pileList).toHaveLength(30);
    for (const c of [...eiet.eietList, ...pile.pileList]) {
      for (const d of [c.issue_certificate_date, c.certificate_expire_date]) {
        if (d !== null) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('gives the whole recommendation tree', async () => {
    const tree = (await t.app.inject({ url: '/api/v1/recommendations/hierarchy' })).json().data.data;
    expect(tree.map((d: { name: string }) => d.name)).toEqual(RECOMMENDATIONS.map((d) => d.name));
  });
});

describe('a later start', () => {
  it('writes back missing sample volumes, but never a sample over a real volume', async () => {
    const file = (id: number) => path.join(t.config.dataDir, 'documents', 'library', `part-${id}.pdf`);
    const before = await readFile(file(4));
    await rm(file(4));
    // Volume 6 stands for a real volume whose file went missing: its hash is not the sample's.
    await t.database.query("UPDATE library_documents SET sha256 = repeat('0', 64) WHERE id = 6");
    await rm(file(6));
    expect(await seedIfEmpty({ database: t.database, dataDir: t.config.dataDir, now: NOW })).toBe(false);
    expect((await readFile(file(4))).equals(before)).toBe(true);
    expect(existsSync(file(6))).toBe(false);
  });
});

describe('insertProjects', () => {
  it('inserts benchmark-sized lists in several batches, values intact', async () => {
    const rows = generateProjects(12_000, createRng(99)).map((r) => ({ ...r, rnNumber: r.rnNumber + 1_000_000 }));
    await insertProjects(t.database.db, rows);
    expect(await count('projects')).toBe(12_300);
    const last = rows.at(-1)!;
    const stored = await t.database.query<Record<string, unknown>>(
      'SELECT project_name, developer, status, basement, storey, building_height, location, region, state FROM projects WHERE rn_number = $1',
      [last.rnNumber],
    );
    expect(stored).toEqual([
      {
        project_name: last.projectName,
        developer: last.developer,
        status: last.status,
        basement: last.basement,
        storey: last.storey,
        building_height: last.buildingHeight,
        location: last.location,
        region: last.region,
        state: last.state,
      },
    ]);
    const burmese = rows.find((r) => /[\u1000-\u109f]/.test(r.developer))!;
    const found = await t.database.query('SELECT 1 FROM projects WHERE rn_number = $1 AND developer = $2', [
      burmese.rnNumber,
      burmese.developer,
    ]);
    expect(found).toHaveLength(1);
  });
});

describe('demo company work (issue 13)', () => {
  it('links eiet@ and pile@ to companies with requests in every state, and gives the EIET company inspections', async () => {
    const linked = await t.database.query<{
      email: string;
      eiet_company_id: number | null;
      pile_company_id: number | null;
    }>(
      "SELECT email, eiet_company_id, pile_company_id FROM users WHERE email IN ('eiet@hpbc.test', 'pile@hpbc.test') ORDER BY email",
    );
    expect(linked.map((u) => [u.email, u.eiet_company_id !== null, u.pile_company_id !== null])).toEqual([
      ['eiet@hpbc.test', true, false],
      ['pile@hpbc.test', false, true],
    ]);
    const eietId = linked[0]!.eiet_company_id!;
    const statuses = await t.database.query<{ status: string }>(
      'SELECT DISTINCT status FROM service_requests WHERE eiet_id = $1 ORDER BY status',
      [eietId],
    );
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'completed', 'declined', 'new']);
    const chose = await t.database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM registrations WHERE submitted_at IS NOT NULL AND data ->> 'eiet_company_id' = $1",
      [String(eietId)],
    );
    // The company seed's two, and the three approved ones in construction (stages.seed.ts, issue 30).
    expect(Number(chose[0]!.n)).toBe(5);
    const upcoming = await t.database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM inspections WHERE eiet_company_id = $1 AND status = 'scheduled' AND scheduled_for > $2",
      [eietId, NOW.toISOString()],
    );
    // The company seed's three, and the structure inspection of the stages demo.
    expect(Number(upcoming[0]!.n)).toBe(4);
    const done = await t.database.query<{ report_path: string }>(
      // The company seed's own done inspection, with its report (the clocks seed adds a year of earlier ones, issue 27).
      "SELECT report_path FROM inspections WHERE eiet_company_id = $1 AND status = 'done' AND report_path IS NOT NULL",
      [eietId],
    );
    expect(done).toHaveLength(1);
    expect(existsSync(path.join(t.config.dataDir, 'uploads', done[0]!.report_path))).toBe(true);
  });
});
