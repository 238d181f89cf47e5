import type { APIRequestContext } from '@playwright/test';
import { completeFormOne } from '../packages/shared/src/form-one.fixture';
import {
  expect,
  expectNoA11yViolations,
  fitsWidth,
  LANGS_AND_WIDTHS,
  runIn,
  signInAs,
  test,
  fromAnotherClient,
} from './fixtures';
import { BASE_URL } from './support/ports';

const ADMIN = 'admin@hpbc.test';
const SUBMITTER = 'project@hpbc.test';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Creates and submits a complete Form One as the submitter, through the API. */
async function submitRegistration(request: APIRequestContext, projectName: string) {
  const login = await request.post(`${BASE_URL}/api/user/login`, {
    data: { email: SUBMITTER, password: 'DemoPass!2025', remember: false, type: 'user' },
    headers: fromAnotherClient(),
  });
  expect(login.status()).toBe(200);
  const headers = { ...XHR, Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const created = await request.post(`${BASE_URL}/api/registrations`, { data: {}, headers });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const submitted = await request.post(`${BASE_URL}/api/registrations/${id}/submit`, {
    data: { data: completeFormOne({ project_name: projectName }) },
    headers,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const reference = ((await submitted.json()) as { data: { reference_number: string } }).data.reference_number;
  return { id, reference };
}

test.describe('Admin review', () => {
  // In English and Burmese, at 1280 and 390 px (issue 28): the admin's and the submitter's
  // screens in that language; the submitter's mail in the submitter's own (the account's, English).
  for (const [lang, width] of LANGS_AND_WIDTHS) {
    test(`an admin reviews and approves a submitted registration; the submitter is told and sees it (${lang}, ${width} px)`, async ({
      page,
      browser,
      mail,
    }) => {
      test.setTimeout(180_000);
      const run = runIn(lang, width);
      const { text, label } = run;
      await run.prepare(page);
      const projectName = `Review Tower ${Date.now().toString(36)}`;
      const { reference } = await submitRegistration(page.request, projectName);
      const since = new Date();

      await signInAs(page, ADMIN);
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: text('admin', 'nav.label') });
      await expect(nav.getByRole('link', { name: text('admin', 'nav.users') })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2, name: text('admin', 'usersTitle') })).toBeVisible();

      await nav.getByRole('link', { name: text('admin', 'nav.registrations') }).click();
      await expect(page.getByRole('heading', { level: 1, name: text('admin', 'registrations.title') })).toBeVisible();
      await page.getByLabel(text('admin', 'registrations.filterLabel'), { exact: true }).selectOption('Submitted');
      await expect(page).toHaveURL(/status=Submitted/);
      // A table row from the tablet width up, a card on a phone.
      const row = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: reference }).first();
      await expect(row).toContainText(projectName);
      await expect(row).toContainText(label('Submitted'));
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);
      await row.getByRole('link', { name: reference }).click();

      await expect(page.getByTestId('admin-reference')).toHaveText(reference);
      await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);

      // A note is required to reject it; the error names the field and nothing changes.
      const newStatus = page.getByLabel(text('admin', 'review.newStatus'));
      const change = page.getByRole('button', { name: text('admin', 'review.save') });
      await newStatus.selectOption('Rejected');
      await change.click();
      await expect(page.getByRole('alert').filter({ hasText: text('admin', 'review.errorsTitle') })).toBeFocused();
      await expect(page.getByTestId('admin-status')).toHaveText(label('Submitted'));

      await newStatus.selectOption('Under Review');
      await change.click();
      await expect(page.getByText(text('admin', 'review.saved', { status: label('Under Review') }))).toBeVisible();
      await expect(page.getByTestId('admin-status')).toHaveText(label('Under Review'));

      await newStatus.selectOption('Approved');
      await page.getByLabel(text('admin', 'review.note')).fill('All documents are in order.');
      await change.click();
      await page
        .getByRole('dialog', { name: text('workflow', 'confirm.approveTitle', { reference }) })
        .getByRole('button', { name: text('workflow', 'confirm.approveConfirm'), exact: true })
        .click();
      await expect(page.getByText(text('admin', 'review.saved', { status: label('Approved') }))).toBeVisible();
      await expect(page.getByTestId('admin-status')).toHaveText(label('Approved'));
      await expect(page.getByText(text('admin', 'review.final', { status: label('Approved') }))).toBeVisible();
      const history = page.getByRole('region', { name: text('admin', 'registrations.history') });
      await expect(history.getByRole('listitem')).toHaveCount(3);
      await expect(history).toContainText('All documents are in order.');
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/admin-approved-${lang}-${width}.png`, fullPage: true });
      }

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text('admin', 'registrations.download') }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${reference}.pdf`);

      const notice = await mail.waitFor({ to: SUBMITTER, subject: `${reference}: Approved`, since });
      expect(notice.text).toContain('New status: Approved');
      expect(notice.text).toContain('All documents are in order.');

      const own = await run.newPage(browser);
      await signInAs(own, SUBMITTER);
      await own.goto('/user/projects');
      await expect(
        own.getByRole('row').or(own.getByRole('listitem')).filter({ hasText: reference }).first(),
      ).toContainText(label('Approved'));
      await fitsWidth(own, width);
      await own.context().close();

      // The public entry shows what the submitter gave: Form One asks no height, so none is
      // published (it was floors × 3 m, shown as measured), issue 28, item 6.
      const verified = await page.request.get(`${BASE_URL}/api/project-list`, { headers: XHR });
      const entry = (
        (await verified.json()) as { data: { id: number; project_name: string; building_height: unknown }[] }
      ).data.find((p) => p.project_name === projectName)!;
      expect(entry.building_height).toBeNull();
      const pub = await run.newPage(browser);
      await pub.goto(`/project-detail/${entry.id}`);
      await expect(pub.getByRole('row').filter({ hasText: text('projects', 'detail.heightNotGiven') })).toBeVisible();
      await expectNoA11yViolations(pub);
      await fitsWidth(pub, width);
      if (process.env.SHOTS_DIR) {
        await pub.screenshot({
          path: `${process.env.SHOTS_DIR}/project-no-height-${lang}-${width}.png`,
          fullPage: true,
        });
      }
      await pub.context().close();
    });
  }

  test('an admin returns a registration for changes; the submitter changes it and submits it again', async ({
    page,
    browser,
    mail,
  }) => {
    test.setTimeout(180_000);
    const projectName = `Returned Tower ${Date.now().toString(36)}`;
    const { id, reference } = await submitRegistration(page.request, projectName);
    const since = new Date();
    const note = 'Please name the soil investigation engineer.';

    await signInAs(page, ADMIN);
    await page.goto(`/admin/registrations/${id}`);
    await expect(page.getByTestId('admin-reference')).toHaveText(reference);
    await page.getByLabel('New status').selectOption('Returned for changes');
    await page.getByLabel(/Note to the submitter/).fill(note);
    await page.getByRole('button', { name: 'Change status' }).click();
    await expect(page.getByText('The status is now Returned for changes.')).toBeVisible();
    await expect(page.getByText('with the submitter for changes')).toBeVisible();
    const notice = await mail.waitFor({ to: SUBMITTER, subject: `${reference}: Returned for changes`, since });
    expect(notice.text).toContain(note);

    const submitter = await browser.newContext({ baseURL: BASE_URL });
    const own = await submitter.newPage();
    await signInAs(own, SUBMITTER);
    await own.goto('/user/projects/dashboard');
    const returned = own.getByRole('region', { name: 'Returned to you for changes' });
    await expect(returned).toContainText(reference);
    await expectNoA11yViolations(own);
    await returned.getByRole('link', { name: `Make changes to ${reference}` }).click();

    // The form opens on the returned registration with the committee's note.
    await expect(own.getByRole('alert').filter({ hasText: note })).toBeVisible();
    await expect(own.locator('[name="project_name"]')).toHaveValue(projectName);
    await own.locator('[name="project_name"]').fill(`${projectName} revised`);
    await expect(own.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
    await expectNoA11yViolations(own);
    await own
      .getByRole('navigation', { name: 'Form steps' })
      .getByRole('button', { name: /Step 7/ })
      .click();
    await own.getByRole('button', { name: 'Submit Form' }).click();
    await own.getByRole('button', { name: 'Submit registration' }).click();
    // Sent again under the same reference number.
    await expect(own.getByTestId('reference-number')).toHaveText(reference);
    await own.goto(`/user/projects/${id}`);
    await expect(own.getByTestId('detail-reference')).toHaveText(reference);
    await expect(own.getByRole('heading', { level: 1, name: `${projectName} revised` })).toBeVisible();
    // The submitter's timeline names the steps as lived, and who holds it now (issue 28, item 1).
    const timeline = own.getByRole('region', { name: 'Where your registration is' });
    await expect(timeline.getByRole('listitem')).toHaveCount(3);
    await expect(timeline.getByRole('listitem').last()).toContainText('Resubmitted');
    await expect(timeline).toContainText('Now with the national counterparts and the committee');
    await submitter.close();

    // Back with the committee, ready for review.
    await page.reload();
    await expect(page.getByTestId('admin-status')).toHaveText('Submitted');
    await expect(page.getByLabel('New status')).toBeVisible();
  });

  test('on a phone the accounts are cards with everything the table shows @phone', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the table shows on wider screens');
    await signInAs(page, ADMIN);
    await page.goto('/admin');
    const cards = page.getByRole('list', { name: 'User accounts' }).getByRole('listitem');
    const admin = cards.filter({ hasText: ADMIN });
    await expect(admin).toContainText('Active');
    await expect(admin.getByRole('button', { name: /^Edit / })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });

  test('the service requests screen lists requests or says there are none', async ({ page }) => {
    await signInAs(page, ADMIN);
    await page.goto('/admin/service-requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Service requests' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Service requests' }).or(page.getByText('No service requests yet.')),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('non-admins are kept out of the admin pages', async ({ page }) => {
    await signInAs(page, SUBMITTER);
    await page.goto('/admin/registrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Form One registrations' })).toHaveCount(0);
  });
});
