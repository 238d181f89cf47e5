import { writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { makeTestPdf } from '../../apps/api/src/modules/library/library.test-pdf';

/** A real PDF (one page per entry, each a list of lines), as a user would upload it: a cover letter, a report. */
export const testPdf = makeTestPdf;

/**
 * The same PDF written to a file, as a user would pick it, in the test's own output folder
 * (which Playwright empties before each run).
 */
export async function testPdfFile(name: string, pages: string[][]): Promise<string> {
  const file = test.info().outputPath(name);
  writeFileSync(file, await makeTestPdf(pages));
  return file;
}
