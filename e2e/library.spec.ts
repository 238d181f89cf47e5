import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test, useBurmese } from './fixtures';

const VIEWER_PARAMS = 'toolbar=0&navpanes=0&scrollbar=1&view=FitH&zoom=100';
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Document Library' });

test.describe('library', () => {
  test('lists the eight volumes, shows the chosen one in the viewer, and goes fullscreen @phone', async ({ page }) => {
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'Myanmar National Building Code' })).toBeVisible();
    await expect(page.getByText('Digital Library 2025')).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveText([
      'Part 1: Administration of Planning, Building and Build Environment',
      'Part 2: Architectural & Urban Design',
      'Parts 3 & 4: Structural Design & Soil Foundation',
      'Part 5 (A,B,C): Building Services - Lighting, Electrical & Allied Installation',
      'Part 5 (D): Water Supply, Drainage & Sanitation',
      'Part 5 (E,F): Heating, Ventilation & Air Conditioning, Fire Protection',
      'Part 6: Building Materials',
      'Part 7: Construction Practices, Safety & Building Maintenance',
    ]);
    await expect(page.getByText('Select a document')).toBeVisible();
    await expect(page.getByText('Choose a document from the sidebar to view its contents')).toBeVisible();
    await expectNoA11yViolations(page);

    await sidebar(page).getByRole('link', { name: 'Part 6: Building Materials' }).click();
    await expect(page).toHaveURL(/\/library\?doc=7$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Part 6: Building Materials' })).toBeVisible();
    for (const text of ['Updated: 2025', 'Format: PDF', 'Official Document']) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    const viewer = page.getByLabel('Part 6: Building Materials (PDF)');
    await expect(viewer).toHaveAttribute('src', `/documents/library/part-7.pdf#${VIEWER_PARAMS}`);
    const pdf = await page.request.get('/documents/library/part-7.pdf');
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Fullscreen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Part 6: Building Materials' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Part 6: Building Materials (PDF)')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await dialog.getByRole('button', { name: 'Close fullscreen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeFocused();
  });

  test('blocks right-click, Ctrl+S and Ctrl+P on the viewer', async ({ page }) => {
    await page.goto('/library?doc=1');
    const viewer = page.getByTestId('pdf-viewer');
    await expect(viewer).toBeVisible();
    // Record, after the page's own handlers, whether they cancelled each event.
    await page.evaluate(() => {
      const w = window as unknown as { cancelled: string[] };
      w.cancelled = [];
      document.addEventListener('contextmenu', (e) => e.defaultPrevented && w.cancelled.push('contextmenu'));
      window.addEventListener('keydown', (e) => e.defaultPrevented && w.cancelled.push(e.key.toLowerCase()));
    });
    await page.getByRole('heading', { level: 2, name: /^Part 1:/ }).click();
    await page.keyboard.press('Control+s');
    await page.keyboard.press('Control+p');
    await page.keyboard.press('Control+a');
    await viewer.dispatchEvent('contextmenu', { bubbles: true, cancelable: true });
    expect(await page.evaluate(() => (window as unknown as { cancelled: string[] }).cancelled)).toEqual([
      's',
      'p',
      'contextmenu',
    ]);
  });

  test('offers a download where the browser cannot show PDFs', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'pdfViewerEnabled', { get: () => false }));
    await page.goto('/library?doc=5');
    await expect(page.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute(
      'href',
      '/documents/library/part-5.pdf',
    );
  });

  test('a search finds the page a word is on and opens the volume there @phone', async ({ page }) => {
    await page.goto('/library');
    await page.getByRole('searchbox', { name: 'Search the building code' }).fill('liquefaction');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?q=liquefaction$/);
    await expect(page.getByText('1 page found for “liquefaction”')).toBeVisible();
    const hit = page.getByRole('link', { name: /^Parts 3 & 4: Structural Design & Soil Foundation\s*Page 4/ });
    await expect(hit).toContainText('Page 4');
    await expect(hit.locator('mark').first()).toHaveText('liquefaction');
    await expectNoA11yViolations(page);

    await hit.click();
    await expect(page).toHaveURL(/\?doc=3&page=4&q=liquefaction$/);
    await expect(page.getByLabel(/Parts 3 & 4.*\(PDF\)/)).toHaveAttribute(
      'src',
      `/documents/library/part-3.pdf#page=4&${VIEWER_PARAMS}`,
    );
    await expect(page.getByText('Opened at page 4')).toBeVisible();
  });

  test('finds Burmese words, in Burmese', async ({ page }) => {
    await useBurmese(page);
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'မြန်မာနိုင်ငံ အမျိုးသား အဆောက်အအုံ စံချိန်စံညွှန်း' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'အဆောက်အအုံ စံချိန်စံညွှန်းတွင် ရှာရန်' }).fill('ငလျင်');
    await page.getByRole('searchbox', { name: 'အဆောက်အအုံ စံချိန်စံညွှန်းတွင် ရှာရန်' }).press('Enter');
    const hit = page.getByRole('link', { name: /စာမျက်နှာ ၅(?![၀-၉])/ });
    await expect(hit).toHaveCount(1);
    await expect(hit.locator('mark')).toHaveText('ငလျင်');
    await expectNoA11yViolations(page);
    await hit.click();
    await expect(page).toHaveURL(/\?doc=3&page=5&q=/);
  });

  test('an empty search asks for nothing, and odd text finds nothing without failing', async ({ page }) => {
    await page.goto('/library');
    const box = page.getByRole('searchbox', { name: 'Search the building code' });
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/library$/);
    await box.fill('"<script>&|!:*');
    await box.press('Enter');
    await expect(page.getByText(/No pages found for/)).toBeVisible();
  });
});
