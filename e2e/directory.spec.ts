import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test, uniqueEmail, useBurmese } from './fixtures';
import { testPdfFile } from './support/pdf';

/** A calendar date `days` from today, in the browser's (and this machine's) calendar. */
function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test.describe('EIET list', () => {
  test('filters by location case-insensitively, keeps the filter in the URL, and clears it @phone', async ({
    page,
  }) => {
    await page.goto('/eiet-list');
    await expect(page.getByRole('heading', { level: 1, name: 'EIET List' })).toBeVisible();
    await expect(page.getByText(/^Total \d+ companies found$/)).toBeVisible();
    const total = Number((await page.getByText(/^Total \d+ companies found$/).textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThan(10);

    await page.getByRole('searchbox', { name: 'Location' }).fill('mANDALAY');
    const summary = page.getByText(/^Total \d+ compan(y|ies) found$/);
    await expect(summary).not.toHaveText(`Total ${total} companies found`);
    await expect(page).toHaveURL(/\?location=mANDALAY$/);
    const articles = page.getByRole('article');
    const count = await articles.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await expect(articles.nth(i)).toContainText(/mandalay/i);
    }

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Location' })).toHaveValue('mANDALAY');
    await page.getByRole('searchbox', { name: 'Company name' }).fill('no company has this name');
    await expect(page.getByText('No Results Found')).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByText(`Total ${total} companies found`)).toBeVisible();
    await expect(page).toHaveURL(/\/eiet-list$/);
    await expectNoA11yViolations(page);
  });

  test('pages by ten with Previous, Next and Page X of Y', async ({ page }) => {
    await page.goto('/eiet-list');
    const pager = page.getByRole('navigation', { name: 'Pages of results' });
    await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(10);
    await expect(pager.getByRole('button', { name: /Previous/ })).toBeDisabled();
    const first = await page.getByRole('article').first().getByRole('heading').textContent();

    await pager.getByRole('button', { name: /Next/ }).click();
    await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('article').first().getByRole('heading')).not.toHaveText(first!);

    // Ten results or fewer: no pager at all.
    await page.getByRole('searchbox', { name: 'Company name' }).fill('Inspection Co');
    await expect(page).toHaveURL(/name=Inspection\+Co$/);
    const n = await page.getByRole('article').count();
    expect(n).toBeLessThanOrEqual(10);
    await expect(page.getByRole('navigation', { name: 'Pages of results' })).toHaveCount(0);
  });

  test('colours certificate expiry against today: 30 days for EIET, 90 days for pile companies', async ({ page }) => {
    const eiet = (id: number, name: string, expires: string | null) => ({
      id,
      eiet_name: name,
      ceo_name: 'U Test',
      office_address: 'Yangon',
      email_address: 'first@example.test\nsecond@example.test',
      phone_number: '09 1',
      issue_certificate_date: inDays(-700),
      certificate_expire_date: expires,
    });
    await page.route('**/api/eiet-list', (route) =>
      route.fulfill({
        json: {
          status: 'success',
          eietList: [
            eiet(1, 'Expires in ten days', inDays(10)),
            eiet(2, 'Expires in forty-five days', inDays(45)),
            eiet(3, 'Expired yesterday', inDays(-1)),
            eiet(4, 'No expiry date', null),
          ],
        },
      }),
    );
    await page.route('**/api/pile-list', (route) =>
      route.fulfill({
        json: {
          status: 'success',
          pileList: [
            {
              id: 1,
              company_name: 'Pile expiring in sixty days',
              item: 'Bored piling',
              address: 'Yangon',
              email_address: 'p@example.test',
              phone_number: '09',
              issue_certificate_date: null,
              certificate_expire_date: inDays(60),
            },
          ],
        },
      }),
    );

    await page.goto('/eiet-list');
    const soon = card(page, 'Expires in ten days');
    await expect(soon.getByText('Certificate expiring soon!')).toBeVisible();
    await expect(soon.locator('[data-expiry]')).toHaveClass(/text-red-700/);
    await expect(soon.getByRole('link', { name: 'second@example.test' })).toBeVisible();

    const later = card(page, 'Expires in forty-five days');
    await expect(later.getByText('Certificate expiring soon!')).toHaveCount(0);
    await expect(later.locator('[data-expiry]')).toHaveClass(/text-green-700/);

    const past = card(page, 'Expired yesterday');
    await expect(past.getByText('Certificate expiring soon!')).toHaveCount(0);
    await expect(past.getByText('Certificate expired', { exact: true })).toBeVisible();
    await expect(past.locator('[data-expiry]')).toHaveClass(/text-slate-700/);
    await expect(past.getByText(/You can still send a request/)).toBeVisible();

    await expect(card(page, 'No expiry date').getByText('Not specified')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages of results' })).toHaveCount(0);

    await page.goto('/pile-company-list');
    await expect(card(page, 'Pile expiring in sixty days').getByText('Certificate expiring soon!')).toBeVisible();
  });

  test('an answer that fails empties the list', async ({ page }) => {
    await page.route('**/api/eiet-list', (route) => route.fulfill({ status: 500, json: { message: 'Server error.' } }));
    await page.goto('/eiet-list');
    await expect(page.getByText('No Results Found')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});

test.describe('service requests', () => {
  test('a full EIET request with a real PDF, ending with the confirmation mail @phone', async ({ page, mail }) => {
    const since = new Date();
    const requester = uniqueEmail('requester');
    const pdf = await testPdfFile('cover-letter.pdf', [
      ['Shwe Builders Co., Ltd.', 'To the EIET team: we ask for an inspection of the Pearl Tower project.'],
    ]);
    await page.goto('/eiet-list');
    const entry = page.getByRole('article').first();
    const company = (await entry.getByRole('heading').textContent())!;
    const companyEmail = (await entry.getByRole('link', { name: /@/ }).first().textContent())!;
    await entry.getByRole('button', { name: `Request service from ${company}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Request EIET Service' });
    await expect(dialog).toContainText(company);
    await expect(dialog.getByLabel('Project Name')).toBeFocused();
    const submit = dialog.getByRole('button', { name: 'Submit Request' });
    await expect(submit).toBeDisabled();

    await dialog.getByLabel('Project Name').fill('Pearl Tower');
    await dialog.getByLabel('Project Information').fill('Twenty storeys, two basements.\nMixed use, Kamayut.');
    await dialog.getByLabel('Company Name').fill('Shwe Builders Co., Ltd.');
    await dialog.getByLabel('Address').fill('No. 12, Pyay Road, Kamayut, Yangon');
    await dialog.getByLabel('Company Email').fill(requester);
    await dialog.getByLabel('Contact Phone Number').fill('09 123 456 789');
    await expect(submit).toBeDisabled();

    // A text file is refused in the browser, with the specification's message.
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'letter.pdf.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await expect(dialog.getByText('Please select a PDF file.')).toBeVisible();
    await expect(submit).toBeDisabled();

    await input.setInputFiles(pdf);
    await expect(dialog.getByText('cover-letter.pdf')).toBeVisible();
    await expect(dialog.getByText('Please select a PDF file.')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await submit.click();

    const done = page.getByRole('dialog', { name: 'Request Submitted Successfully!' });
    await expect(done).toContainText('You will receive an email confirmation and HPBC will contact you soon.');
    await expect(dialog).toHaveCount(0);
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(done).toHaveCount(0);

    const confirmation = await mail.waitFor({ to: requester, since });
    expect(confirmation.subject).toBe('HPBC: your EIET service request has been received');
    expect(confirmation.text).toContain('Pearl Tower');
    expect(confirmation.text).toContain(company);
    expect(confirmation.text).toContain('cover-letter.pdf');
    // The company is told too, with the requester's address to reply to.
    const notice = await mail.waitFor({ to: companyEmail, subject: 'new service request', since });
    expect(notice.text).toContain(requester);
    expect(notice.text).toContain('Pearl Tower');
  });

  test('the pile request dialog in Burmese keeps what was typed when the server refuses the file', async ({ page }) => {
    await useBurmese(page);
    await page.goto('/pile-company-list');
    const entry = page.getByRole('article').first();
    await entry.getByRole('button', { name: /ဝန်ဆောင်မှု တောင်းဆိုရန်$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'ပိုင်လုပ်ငန်း ဝန်ဆောင်မှု တောင်းဆိုရန်' });
    await dialog.getByLabel('စီမံကိန်းအမည်').fill('ပုလဲ မျှော်စင်');
    await dialog.getByLabel('စီမံကိန်း အချက်အလက်').fill('အထပ် ၂၀');
    await dialog.getByLabel('ကုမ္ပဏီအမည်').fill('ရွှေ ဆောက်လုပ်ရေး');
    await dialog.getByLabel('လိပ်စာ').fill('ရန်ကုန်');
    await dialog.getByLabel('ကုမ္ပဏီ အီးမေးလ်').fill(uniqueEmail('pile'));
    await dialog.getByLabel('ဆက်သွယ်ရန် ဖုန်းနံပါတ်').fill('09 123 456 789');
    // Named and typed as a PDF, but its content is text: only the server can tell.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'renamed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello, not a PDF') });
    await dialog.getByRole('button', { name: 'တောင်းဆိုချက် တင်သွင်းရန်' }).click();
    await expect(dialog.getByRole('alert')).toContainText('PDF ဖိုင်ကို ရွေးချယ်ပါ။');
    await expect(dialog.getByLabel('စီမံကိန်းအမည်')).toHaveValue('ပုလဲ မျှော်စင်');
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('information pages', () => {
  test('technical recommendation: disciplines by id, selection in the URL @phone', async ({ page }) => {
    await page.goto('/recommendation-process');
    const group = page.getByRole('group', { name: 'Disciplines' });
    const buttons = group.getByRole('button');
    await expect(buttons.first()).toHaveAttribute('aria-pressed', 'true');
    const second = buttons.nth(1);
    const name = (await second.textContent())!;
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\?discipline=\d+$/);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Subtitle' }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Principles' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectNoA11yViolations(page);
  });

  test('national counterpart: five types, qualifications and duties, in Burmese too @phone', async ({ page }) => {
    await page.goto('/national-counterpart');
    await expect(page.getByRole('heading', { level: 1, name: 'National Counterpart Information' })).toBeVisible();
    await expect(page.getByText('2025-Revised').first()).toBeVisible();
    const types = page.getByRole('region', { name: 'Types of national counterpart' }).getByRole('listitem');
    await expect(types).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Duties' }).getByRole('listitem')).toHaveCount(6);
    await expect(page.getByText('have at least 2 years of professional experience;')).toBeVisible();
    await expectNoA11yViolations(page);

    await useBurmese(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'နိုင်ငံသား တွဲဖက်ပညာရှင် အချက်အလက်' })).toBeVisible();
    await expect(page.getByText('ဗိသုကာပညာရှင် (Architect)')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  for (const url of ['/eiet-list', '/pile-company-list', '/recommendation-process']) {
    test(`${url} passes axe in Burmese`, async ({ page }) => {
      await useBurmese(page);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('article').or(page.getByRole('table')).first()).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});
