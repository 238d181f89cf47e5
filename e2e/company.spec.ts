import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectNoA11yViolations,
  fitsWidth,
  fromAnotherClient,
  LANGS_AND_WIDTHS,
  runIn,
  signInAs,
  test,
  uniqueEmail,
  useBurmese,
} from './fixtures';
import { testPdfFile } from './support/pdf';
import { BASE_URL } from './support/ports';

/** The company the demo account works for, as the API says. */
async function companyOf(page: Page, email: string): Promise<{ id: number; name: string }> {
  const login = await page.request.post(`${BASE_URL}/api/user/login`, {
    data: { email, password: DEMO_PASSWORD, remember: false, type: 'user' },
    headers: fromAnotherClient(),
  });
  return ((await login.json()) as { user: { company: { id: number; name: string } } }).user.company;
}

/** A moment `days` from now as the datetime-local field takes it, in Myanmar time. */
function myanmarLocal(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 3600 * 1000 + 6.5 * 3600 * 1000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

test.describe('company work areas', () => {
  // In English and Burmese, at 1280 and 390 px (issue 28): the same acts, the texts from the
  // locale files, the mails found by their status in the requester's language.
  for (const [lang, width] of LANGS_AND_WIDTHS) {
    test(`a visitor sends an EIET request; the company accepts it; the tracking page shows Accepted; the company completes it (${lang}, ${width} px)`, async ({
      page,
      browser,
      mail,
    }) => {
      test.setTimeout(150_000);
      const run = runIn(lang, width);
      const { text } = run;
      const status = (s: 'new' | 'accepted' | 'completed') => text('company', `status.${s}`);
      await run.prepare(page);
      const since = new Date();
      const requester = uniqueEmail('requester');
      const company = await companyOf(page, 'eiet@hpbc.test');
      const project = `Tracking Tower ${Date.now().toString(36)}`;

      // The visitor, with no account, sends the request from the public EIET list.
      await page.goto(`/eiet-list?name=${encodeURIComponent(company.name)}`);
      await page.getByRole('button', { name: text('directory', 'entry.requestFrom', { name: company.name }) }).click();
      const dialog = page.getByRole('dialog', { name: text('requests', 'eiet.title') });
      const field = (name: string) => dialog.getByLabel(text('requests', `fields.${name}`));
      await field('project_name').fill(project);
      await field('project_information').fill('Fifteen storeys, one basement.');
      await field('company_name').fill('Shwe Builders Co., Ltd.');
      await field('address').fill('No. 12, Pyay Road, Yangon');
      await field('company_email').fill(requester);
      await field('contact_phone').fill('09 123 456 789');
      await dialog
        .locator('input[type="file"]')
        .setInputFiles(await testPdfFile('cover-letter.pdf', [['Cover letter']]));
      await expectNoA11yViolations(page);
      await dialog.getByRole('button', { name: text('requests', 'submit') }).click();
      await page
        .getByRole('dialog', { name: text('requests', 'success.title') })
        .getByRole('button', { name: text('requests', 'success.ok') })
        .click();

      const confirmation = await mail.waitFor({ to: requester, since });
      const tracking = confirmation.links.find((l) => l.includes('/service-requests/track/'));
      expect(tracking, 'the confirmation carries the private tracking link').toBeTruthy();

      // The tracking page: New, for whoever holds the link.
      const visitor = await run.newPage(browser);
      await visitor.goto(tracking!);
      await expect(visitor.getByRole('heading', { level: 1, name: text('company', 'track.pageTitle') })).toBeVisible();
      await expect(visitor.getByText(project)).toBeVisible();
      await expect(visitor.getByRole('definition').filter({ hasText: status('new') })).toBeVisible();
      await expectNoA11yViolations(visitor);
      await fitsWidth(visitor, width);

      // The company's user finds it in the inbox, filtered to new requests, and accepts it.
      await signInAs(page, 'eiet@hpbc.test');
      await page.goto('/user/company/requests');
      await expect(page.getByRole('heading', { level: 1, name: text('company', 'requests.pageTitle') })).toBeVisible();
      await page.getByRole('combobox', { name: text('company', 'requests.filterLabel') }).selectOption('new');
      await expect(page).toHaveURL(/status=new/);
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);
      // A table row from 768 px, a card below (the same link: the reference).
      const entry = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: project }).first();
      await entry.getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: text('company', 'request.openCoverLetter') }).click();
      expect((await download).suggestedFilename()).toBe('cover-letter.pdf');
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);
      await page.getByLabel(text('company', 'request.noteLabel')).fill('Our team will call you tomorrow.');
      const accepting = new Date();
      await page.getByRole('button', { name: text('company', 'request.accept'), exact: true }).click();
      await expect(page.getByText(text('company', 'request.saved', { status: status('accepted') }))).toBeVisible();

      // The mail's subject names the new status in the requester's language.
      const accepted = await mail.waitFor({
        to: requester,
        subject: new RegExp(status('accepted'), 'i'),
        since: accepting,
      });
      expect(accepted.text).toContain('Our team will call you tomorrow.');

      await visitor.reload();
      await expect(visitor.getByRole('definition').filter({ hasText: status('accepted') })).toBeVisible();
      await expect(
        visitor.getByText(text('company', 'request.noteFrom', { note: 'Our team will call you tomorrow.' })),
      ).toBeVisible();

      // Declining is no longer offered; completing is.
      await expect(page.getByRole('button', { name: text('company', 'request.decline') })).toHaveCount(0);
      const completing = new Date();
      await page.getByRole('button', { name: text('company', 'request.complete') }).click();
      await expect(page.getByText(text('company', 'request.saved', { status: status('completed') }))).toBeVisible();
      await mail.waitFor({ to: requester, subject: new RegExp(status('completed'), 'i'), since: completing });
      await visitor.reload();
      await expect(visitor.getByRole('definition').filter({ hasText: status('completed') })).toBeVisible();
      await fitsWidth(visitor, width);
      if (process.env.SHOTS_DIR) {
        await visitor.screenshot({
          path: `${process.env.SHOTS_DIR}/track-completed-${lang}-${width}.png`,
          fullPage: true,
        });
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/company-request-${lang}-${width}.png`,
          fullPage: true,
        });
      }
      await visitor.context().close();
    });
  }

  test('the EIET user schedules, cannot record a result before its date, records a failed result with a report and a pass on visits that are due; the submitter sees both @phone', async ({
    page,
    browser,
    mail,
  }) => {
    test.setTimeout(150_000);
    const since = new Date();
    const tag = Date.now().toString(36);
    await signInAs(page, 'eiet@hpbc.test');
    await page.goto('/user/company/inspections');
    await expect(page.getByRole('heading', { level: 1, name: 'Inspections' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sule Square Annex' }) });
    await expect(card).toBeVisible();
    await expectNoA11yViolations(page);

    // Schedule the first inspection.
    await card.getByRole('button', { name: 'Schedule an inspection' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please choose the kind of inspection.')).toBeVisible();
    await dialog.getByLabel('Kind of inspection').selectOption('structure');
    await dialog.getByLabel('Date and time (Myanmar time)').fill(myanmarLocal(3, 10));
    await dialog.getByLabel('Notes for the site (optional)').fill(`First visit ${tag}`);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. The submitter has been e-mailed.')).toBeVisible();
    await mail.waitFor({ to: 'project@hpbc.test', subject: 'inspection scheduled', since });

    // Its day has not come: the dialog names the project and the date, and the portal says
    // why a result cannot be recorded yet (issue 28, items 6 and 8).
    const first = card.getByRole('listitem').filter({ hasText: `First visit ${tag}` });
    await first.getByRole('button', { name: 'Record result' }).click();
    dialog = page.getByRole('dialog', { name: 'Record the result' });
    await expect(dialog).toContainText(/Structure inspection of Sule Square Annex, set for/);
    await dialog.getByLabel('Result').selectOption('passed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText(
        /The result cannot be recorded before the inspection date \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}, Myanmar time\)\./,
      ),
    ).toBeVisible();
    await dialog
      .getByRole('button', { name: /Close|Cancel/ })
      .first()
      .click();
    await expect(dialog).toHaveCount(0);

    // A visit whose day has passed (the demo has some): record it as failed, with the report picked as a PDF file.
    const due = () =>
      card
        .getByRole('listitem')
        .filter({ hasText: /result to be recorded/ })
        .filter({ has: page.getByRole('button', { name: 'Record result' }) })
        .first();
    const failedVisit = (await due().textContent())!.match(/Site visit \d/)![0];
    const failedItem = card.getByRole('listitem').filter({ hasText: failedVisit });
    await due().getByRole('button', { name: 'Record result' }).click();
    dialog = page.getByRole('dialog', { name: 'Record the result' });
    await dialog.getByLabel('Result').selectOption('failed');
    // Unique remarks: the journey runs at 1280 px and at 390 px on the same registration.
    await dialog.getByLabel('Remarks').fill(`Cracks in the level 3 slab (${tag}).`);
    const report = dialog.getByLabel('Report (PDF, under 10 MB, optional)');
    await expect(report).toHaveAttribute('accept', 'application/pdf');
    await report.setInputFiles(
      await testPdfFile('slab-report.pdf', [['Inspection report: cracks in the level 3 slab.']]),
    );
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(failedItem.getByText('Failed', { exact: true })).toBeVisible();
    await expect(failedItem.getByText('Report: slab-report.pdf')).toBeVisible();
    await expect(failedItem.getByRole('button', { name: 'Record result' })).toHaveCount(0);
    const failedMail = await mail.waitFor({ to: 'project@hpbc.test', subject: 'inspection result: Failed', since });
    expect(failedMail.text).toContain(`Cracks in the level 3 slab (${tag}).`);

    // The next visit that is due: record it as passed.
    const passedVisit = (await due().textContent())!.match(/Site visit \d/)![0];
    const second = card.getByRole('listitem').filter({ hasText: passedVisit });
    await due().getByRole('button', { name: 'Record result' }).click();
    dialog = page.getByRole('dialog', { name: 'Record the result' });
    await dialog.getByLabel('Result').selectOption('passed');
    await dialog.getByLabel('Remarks').fill(`Repairs done as required (${tag}).`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(second.getByText('Passed', { exact: true })).toBeVisible();
    await mail.waitFor({ to: 'project@hpbc.test', subject: 'inspection result: Passed', since });

    // The submitter sees both on the registration page and opens the report.
    const submitterContext = await browser.newContext({ baseURL: BASE_URL });
    const submitter = await submitterContext.newPage();
    const token = await signInAs(submitter, 'project@hpbc.test');
    const mine = await submitter.request.get(`${BASE_URL}/api/registrations`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { data } = (await mine.json()) as { data: { id: number; project_name: string }[] };
    const id = data.find((r) => r.project_name === 'Sule Square Annex')!.id;
    await submitter.goto(`/user/projects/${id}`);
    const section = submitter.getByRole('region', { name: 'Inspections' });
    await expect(
      section.getByRole('listitem').filter({ hasText: `Cracks in the level 3 slab (${tag}).` }),
    ).toContainText('Failed');
    await expect(section.getByRole('listitem').filter({ hasText: `Repairs done as required (${tag}).` })).toContainText(
      'Passed',
    );
    const download = submitter.waitForEvent('download');
    await section
      .getByRole('listitem')
      .filter({ hasText: `Cracks in the level 3 slab (${tag}).` })
      .getByRole('button', { name: 'Download the report' })
      .click();
    expect((await download).suggestedFilename()).toBe('slab-report.pdf');
    await expectNoA11yViolations(submitter);
    await submitterContext.close();
  });

  test('the administrator links an account to a pile company from the users screen', async ({ page }) => {
    const email = uniqueEmail('piler');
    const password = 'Teak forest 4 river';
    const reg = await page.request.post(`${BASE_URL}/api/user/register`, {
      data: { name: 'New Pile Clerk', email, password, password_confirmation: password, terms: true },
      headers: fromAnotherClient(),
    });
    expect(reg.status()).toBe(201);
    await signInAs(page, 'admin@hpbc.test');
    await page.goto(`/admin?search=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Edit New Pile Clerk' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit account' });
    await dialog.getByLabel('Works for').selectOption('pile');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Choose the company, or choose No company.')).toBeVisible();
    await dialog.getByLabel('Company', { exact: true }).selectOption({ index: 1 });
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page
        .getByRole('table')
        .getByText(/Company: /)
        .first(),
    ).toBeVisible();
  });

  test('every new page passes axe in Burmese', async ({ page }) => {
    test.setTimeout(120_000);
    await useBurmese(page);
    await signInAs(page, 'eiet@hpbc.test');
    await page.goto('/user/company/requests');
    await expect(page.getByRole('heading', { level: 1, name: 'ဝန်ဆောင်မှု တောင်းဆိုချက်များ' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('button', { name: 'တင်ပြစာကို ဒေါင်းလုဒ်ဆွဲရန်' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/user/company/inspections');
    await expect(page.getByRole('heading', { name: 'Pearl Garden Tower' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'ရလဒ် မှတ်တမ်းတင်ရန်' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/service-requests/track/not-a-real-token-at-all');
    await expect(page.getByText('ဤလင့်ခ် မမှန်ကန်ပါ။', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
