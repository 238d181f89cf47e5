import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, runIn, signInAs, test, type Lang } from './fixtures';

/**
 * A committee officer prints the admin dashboard or the public statistics and gets every
 * figure on paper (decision 131): the charts drawn by then, each chart not yet drawn as its
 * note, and every chart's numbers as its table, also where the charts were never scrolled near
 * (a phone: they are below its first screen, so uPlot was never fetched).
 */

const PAGES = [
  {
    name: 'dashboard',
    path: '/admin',
    namespace: 'admin-data',
    heading: 'dashboard.work',
    charts: ['dashboard.perMonth', 'dashboard.medianDays', 'dashboard.inspections'],
    tables: ['dashboard.tableCaption', 'dashboard.inspections'],
    note: 'dashboard.chartNotDrawn',
  },
  {
    name: 'statistics',
    path: '/statistics',
    namespace: 'transparency',
    heading: 'stats.perMonth',
    charts: ['stats.registrationsChart', 'stats.inspections'],
    tables: ['stats.registrationsChart', 'stats.inspections'],
    note: 'stats.chartNotDrawn',
  },
] as const;

/**
 * Text without its white space: pdftotext breaks lines where the page does, and a line broken
 * inside a Burmese word (no spaces between its words) comes back with a space in it.
 */
const flat = (s: string) => s.replace(/\s+/g, '');

/** What the page heard of printing: `beforeprint`, `afterprint` and the print media query's changes. */
async function listenForPrinting(page: Page) {
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    window.addEventListener('beforeprint', () => heard.push('beforeprint'));
    window.addEventListener('afterprint', () => heard.push('afterprint'));
    window.matchMedia('print').addEventListener('change', (e) => heard.push(`print ${e.matches}`));
  });
}
/** A PDF's text as poppler reads it, in drawing order (`-raw`: decision 103), without white space. */
const paperText = (file: string) =>
  flat(execFileSync('pdftotext', ['-q', '-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard);

for (const [lang, width] of [
  ['en', 1280],
  ['en', 390],
  ['my', 1280],
  ['my', 390],
] as [Lang, number][]) {
  test(`the dashboard and the statistics print every figure without being scrolled (${lang}, ${width} px)`, async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const run = runIn(lang, width);
    await run.prepare(page);
    // On a 390 px phone the first chart of the statistics can start within a quarter screen of
    // its 844 px window: a shorter window keeps every chart away, so that this run prints
    // charts never drawn (uPlot never fetched), which is what a phone that never scrolled does.
    if (width === 390) await page.setViewportSize({ width, height: 500 });
    await listenForPrinting(page);
    await signInAs(page, 'admin@hpbc.test');

    for (const p of PAGES) {
      const text = (key: string) => run.text(p.namespace, key);
      await page.emulateMedia({ media: 'screen' });
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 2, name: text(p.heading) })).toBeVisible();
      const figures = page.locator('figure');
      await expect(figures).toHaveCount(p.charts.length);
      // No scrolling. The charts whose box is within a quarter screen of the window are drawn
      // (decision 122), and only they: on a phone all are below, so uPlot is never fetched.
      const near = await figures.evaluateAll(
        (all) =>
          all.filter(
            (f) => f.querySelector('figcaption + div')!.getBoundingClientRect().top < window.innerHeight * 1.25,
          ).length,
      );
      if (width === 390) expect(near, 'charts near the first screen of a short phone window').toBe(0);
      await expect(page.locator('figure canvas')).toHaveCount(near);
      const tables = page.locator('details table');
      await expect(tables).toHaveCount(p.tables.length);
      const firstRows = await tables.evaluateAll((all) =>
        all.map((t) => [...t.querySelectorAll('tbody tr:first-child > *')].map((c) => c.textContent ?? '')),
      );

      // Print media: each chart's caption, and its chart or its note; every table unfolded.
      await page.emulateMedia({ media: 'print' });
      for (const [i, key] of p.charts.entries()) {
        const figure = figures.nth(i);
        await expect(figure.locator('figcaption')).toHaveText(text(key));
        await expect(
          figure
            .locator('canvas')
            .or(figure.getByText(text(p.note)))
            .first(),
        ).toBeVisible();
      }
      for (const [i, key] of p.tables.entries()) {
        const table = tables.nth(i);
        await expect(table).toBeVisible();
        await expect(table.locator('tbody tr')).toHaveCount(12);
        // Its caption names it on paper, not the screen's "Show ... as a table".
        await expect(page.locator('details summary').nth(i)).toHaveText(text(key), { useInnerText: true });
      }

      // Chromium's own print to PDF: read back, it holds every caption and each table's first row.
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const file = info.outputPath(`${p.name}-${lang}-${width}.pdf`);
      writeFileSync(file, pdf);
      const paper = paperText(file);
      for (const key of [...p.charts, ...p.tables]) expect(paper, `"${text(key)}" on paper`).toContain(flat(text(key)));
      for (const row of firstRows) expect(paper, 'a table row on paper').toContain(flat(row.join(' ')));
      // What Chromium's page.pdf() tells the page (decision 131): it fires `beforeprint` and
      // `afterprint`, so where uPlot had come every chart was drawn for the paper.
      expect(await heard(page)).toEqual(expect.arrayContaining(['beforeprint', 'afterprint']));
      if (near > 0) await expect(page.locator('figure canvas')).toHaveCount(p.charts.length);
      else {
        expect(paper, 'the note of a chart not drawn').toContain(flat(text(p.note)));
        // That print fetched uPlot: a print once it has come draws every chart, and no note is left.
        const again = info.outputPath(`${p.name}-${lang}-${width}-again.pdf`);
        await expect
          .poll(async () => {
            writeFileSync(again, await page.pdf({ format: 'A4', printBackground: true }));
            return page.locator('figure canvas').count();
          })
          .toBe(p.charts.length);
        await expect(page.getByText(text(p.note))).toHaveCount(0);
        expect(paperText(again), 'no note left').not.toContain(flat(text(p.note)));
      }
    }
  });
}
