import type { Page } from '@playwright/test';
import { toMyanmarDigits } from '@hpbc/shared';
import { expect, expectNoA11yViolations, test, useBurmese } from './fixtures';
import { PROJECT_DETAIL_ROWS, PROJECT_LIST_COLUMNS } from '@hpbc/shared/projects.fixture';

// The demo data has 300 projects (DEMO_PROJECTS), 25 to a page: 12 pages. Journeys running at
// the same time publish approved registrations (issue 12) and retire projects (issue 16), so
// each test reads how many the list holds when it starts.
async function listTotal(page: Page): Promise<number> {
  const res = await page.request.get('/api/project-list?page=1&per_page=1');
  return ((await res.json()) as { meta: { total: number } }).meta.total;
}
const table = (page: Page) => page.getByRole('table', { name: 'Projects, highest RN number first' });
const rows = (page: Page) => table(page).locator('tbody tr');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Project list pages' });

async function rnNumbers(page: Page): Promise<number[]> {
  return (await rows(page).locator('td:first-child').allTextContents()).map(Number);
}

test.describe('project list', () => {
  test('shows 25 projects a page, highest RN number first, with a window of five page numbers', async ({ page }) => {
    const total = await listTotal(page);
    const last = Math.ceil(total / 25);
    await page.goto('/project-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Project List' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'About this list' })).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText(PROJECT_LIST_COLUMNS);
    await expect(rows(page)).toHaveCount(25);
    const first = await rnNumbers(page);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    await expect(pager(page).getByText(`Showing 1 to 25 of ${total} results`)).toBeVisible();
    await expect(pager(page).getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3', '4', '5']);
    await expect(pager(page).getByRole('button', { name: /Previous/ })).toBeDisabled();

    await pager(page).getByRole('button', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/project-list\?page=2$/);
    await expect(pager(page).getByText(`Showing 26 to 50 of ${total} results`)).toBeVisible();
    const second = await rnNumbers(page);
    expect(second[0]).toBeLessThan(first[24]!);

    await pager(page).getByRole('button', { name: 'Page 5' }).click();
    await expect(pager(page).getByRole('button', { name: /^Page \d+$/ })).toHaveText(['3', '4', '5', '6', '7']);
    await expect(pager(page).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    for (const n of [...new Set([7, 9, 11, last])])
      await pager(page)
        .getByRole('button', { name: `Page ${n}` })
        .click();
    await expect(pager(page).getByText(`Showing ${(last - 1) * 25 + 1} to ${total} of ${total} results`)).toBeVisible();
    await expect(pager(page).getByRole('button', { name: /Next/ })).toBeDisabled();
    await expect(pager(page).getByRole('button', { name: /^Page \d+$/ })).toHaveText(
      [4, 3, 2, 1, 0].map((back) => String(last - back)),
    );
    await expectNoA11yViolations(page);
  });

  test('filters after a pause, back on page 1, mirrored to the URL without new history entries', async ({ page }) => {
    const total = await listTotal(page);
    await page.goto('/project-list?page=3');
    await expect(pager(page).getByText(`Showing 51 to 75 of ${total} results`)).toBeVisible();
    const historyLength = await page.evaluate(() => history.length);

    await page.getByRole('searchbox', { name: 'Project name' }).pressSequentially('Tower', { delay: 40 });
    await expect(page).toHaveURL(/\/project-list\?project=Tower$/);
    // The previous rows stay, marked busy, until the filtered page arrives.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const names = await table(page).getByRole('link').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('tower');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('Active');
    await expect(page).toHaveURL(/\?project=Tower&status=Active$/);
    // The previous rows stay, marked busy, until the new page arrives.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const statuses = await table(page).locator('tbody tr td:nth-child(4)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Active']));

    await page.getByRole('searchbox', { name: 'Location' }).fill('no such township');
    await expect(page.getByText('No projects found.')).toBeVisible();
    await expect(pager(page)).toHaveCount(0);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/project-list$/);
    await expect(rows(page)).toHaveCount(25);
  });

  test('the status list offers All Statuses and each status present, sorted', async ({ page }) => {
    await page.goto('/project-list');
    await expect(page.getByRole('combobox', { name: 'Status' }).locator('option')).toHaveText([
      'All Statuses',
      'Active',
      'Cancelled',
      'Completed',
      'On Hold',
      'Pending',
    ]);
  });

  test('back from a project detail restores the filters and page; leaving elsewhere forgets them', async ({ page }) => {
    await page.goto('/project-list');
    await page.getByRole('searchbox', { name: 'Location' }).fill('Yangon');
    await expect(page).toHaveURL(/\?location=Yangon$/);
    await pager(page).getByRole('button', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\?location=Yangon&page=2$/);

    const link = table(page).getByRole('link').first();
    const name = (await link.textContent())!;
    await link.click();
    await expect(page).toHaveURL(/\/project-detail\/\d+$/);
    const details = page.getByRole('table', { name: 'Project Details' });
    await expect(details.getByRole('rowheader')).toHaveText(PROJECT_DETAIL_ROWS);
    await expect(details.getByRole('row', { name: /Project Name/ })).toContainText(name);
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: /Back to Project Lists/ }).click();
    await expect(page).toHaveURL(/\/project-list\?location=Yangon&page=2$/);
    await expect(page.getByRole('searchbox', { name: 'Location' })).toHaveValue('Yangon');
    await expect(pager(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // Reloading keeps them (session storage); going elsewhere and coming back does not.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Location' })).toHaveValue('Yangon');
    await page.getByRole('link', { name: 'EIET List' }).first().click();
    await expect(page).toHaveURL(/\/eiet-list/);
    await page.getByRole('link', { name: 'Project List' }).first().click();
    await expect(page).toHaveURL(/\/project-list$/);
    await expect(page.getByRole('searchbox', { name: 'Location' })).toHaveValue('');
    await expect(pager(page).getByText(/^Showing 1 to 25 of \d+ results$/)).toBeVisible();
  });

  test('saved filters win over the URL on load', async ({ page }) => {
    await page.addInitScript(() =>
      sessionStorage.setItem(
        'projectListFilters',
        JSON.stringify({ projectName: '', status: 'Pending', location: '', currentPage: 1 }),
      ),
    );
    await page.goto('/project-list?status=Active');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
    await expect(page).toHaveURL(/\?status=Pending$/);
  });

  test('an unknown project shows the yellow not-found box', async ({ page }) => {
    const answer = await page.goto('/project-detail/999999');
    expect(answer?.status(), 'HTTP status of a missing project').toBe(404);
    await expect(page.getByRole('alert')).toHaveText('Project not found.');
    await expectNoA11yViolations(page);
  });

  test('is readable on a phone: one card per project @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'cards replace the table on narrow screens only');
    await page.goto('/project-list');
    const cards = page.getByRole('list', { name: 'Projects, highest RN number first' }).getByRole('listitem');
    await expect(cards).toHaveCount(25);
    await expect(cards.first().getByRole('link')).toBeVisible();
    await expect(cards.first()).toContainText('RN No.');
    // Page numbers stay on phones: the current page and its neighbours beside Previous and Next.
    await pager(page).getByRole('button', { name: 'Page 3' }).click();
    await expect(pager(page).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    for (const n of [2, 3, 4]) await expect(pager(page).getByRole('button', { name: `Page ${n}` })).toBeVisible();
    const pagerBox = await pager(page).getByRole('list').boundingBox();
    const nextBox = await pager(page).getByRole('button', { name: /Next/ }).boundingBox();
    expect(nextBox!.y, 'Next stays on the row of the numbers').toBeLessThan(pagerBox!.y + 48);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });

  test('is written in Burmese when Burmese is chosen @phone', async ({ page }) => {
    await useBurmese(page);
    await page.goto('/project-list');
    await expect(page.getByRole('heading', { level: 1, name: 'စီမံကိန်းစာရင်း' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'အခြေအနေ' }).locator('option').first()).toHaveText('အခြေအနေအားလုံး');
    const total = toMyanmarDigits(await listTotal(page));
    await expect(page.getByText(`ရလဒ် ${total} ခုအနက် ၁ မှ ၂၅ အထိ ပြသနေသည်`)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.locator('a[href^="/project-detail/"]').filter({ visible: true }).first().click();
    await expect(page.getByRole('table', { name: 'စီမံကိန်း အသေးစိတ်' })).toBeVisible();
    await expect(page.getByRole('link', { name: /စီမံကိန်းစာရင်းသို့ ပြန်သွားရန်/ })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
