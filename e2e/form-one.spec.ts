import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { completeFormOne } from '../packages/shared/src/form-one.fixture';
import { DEMO_PASSWORD, expect, expectNoA11yViolations, signInAs, test, useBurmese } from './fixtures';

const SUBMITTER = 'project@hpbc.test';

/** Fills every answered field of a step from the complete example, leaving out `skip`. */
async function fillStep(page: Page, skip: string[] = []) {
  const data = completeFormOne();
  const form = page.locator('form[aria-labelledby="form-one-step-title"]');
  // The step's fields, read once: asking the page about each of the example's fields in turn
  // (most of them on other steps) cost hundreds of round trips per journey.
  const here = new Set(
    await form.evaluate((f) => [...f.querySelectorAll('[name]')].map((e) => e.getAttribute('name') ?? '')),
  );
  for (const [name, value] of Object.entries(data)) {
    if (skip.includes(name)) continue;
    if (!here.has(name)) continue; // on another step
    const input = form.locator(`[name="${name}"]`);
    if (typeof value === 'boolean') {
      if (value) await input.check();
    } else {
      await input.fill(value);
    }
  }
}

const counter = (page: Page) => page.getByTestId('step-counter');
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

test.describe('Form One', () => {
  test('a signed-in user fills the seven steps, fixes an error from the summary, reviews, submits, gets the mail and downloads the PDF', async ({
    page,
    mail,
  }) => {
    test.setTimeout(240_000);
    const since = new Date();
    await signInAs(page, SUBMITTER);
    await page.goto('/form-one?new=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Form One: Project Registration' })).toBeVisible();

    for (let step = 1; step <= 7; step++) {
      await expect(counter(page)).toHaveText(`Step ${step} of 7`);
      await expect(
        page.getByRole('navigation', { name: 'Form steps' }).locator('[aria-current="step"]'),
      ).toHaveAttribute('data-step', String(step));
      await expectNoA11yViolations(page);
      // The deliberate mistake: the QC head is left out on step 2.
      await fillStep(page, ['qc_head']);
      if (step < 7) await next(page).click();
    }
    await expect(page.getByRole('group', { name: '(16) Mechanical (B.S)' })).toBeVisible();
    await expect(next(page)).toBeDisabled();

    await page.getByRole('button', { name: 'Submit Form' }).click();
    const summary = page
      .getByRole('alert')
      .filter({ hasText: 'Please fix all validation errors before submitting the form.' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['QC head name is required']);
    await expect(page.locator('[data-step="2"]')).toHaveAttribute('data-state', 'errors');
    await expectNoA11yViolations(page);

    await summary.getByRole('link', { name: 'QC head name is required' }).click();
    await expect(counter(page)).toHaveText('Step 2 of 7');
    const qc = page.locator('[name="qc_head"]');
    await expect(qc).toBeFocused();
    await qc.fill('U Tin Win');
    await expect(page.locator('[data-step="2"]')).toHaveAttribute('data-state', 'complete');

    await page
      .getByRole('navigation', { name: 'Form steps' })
      .getByRole('button', { name: /Step 7/ })
      .click();
    await page.getByRole('button', { name: 'Submit Form' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expect(page.getByText('U Tin Win')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Submit registration' }).click();
    const done = page.getByTestId('form-one-submitted');
    await expect(done).toContainText('Form submitted successfully!');
    const reference = (await page.getByTestId('reference-number').textContent())!.trim();
    expect(reference).toMatch(/^HPBC-\d{4}-\d{6}$/);

    const confirmation = await mail.waitFor({ to: SUBMITTER, subject: reference, since });
    expect(confirmation.text).toContain(reference);
    expect(confirmation.text).toContain('Shwe Pyi Tower');

    await page.goto('/user/projects');
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Submitted');
    await expectNoA11yViolations(page);
    await row.getByRole('link', { name: `View ${reference}` }).click();
    await expect(page.getByTestId('detail-reference')).toHaveText(reference);
    await expect(page.getByText('U Tin Win')).toBeVisible();
    await expectNoA11yViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${reference}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/user/projects/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Project dashboard' })).toBeVisible();
    await expect(page.getByText(reference)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a draft is saved as the user types, comes back after a reload, and can be deleted', async ({ page }) => {
    // Unique, so a retried run does not meet the draft of the attempt before.
    const name = `Resumed Tower ${Date.now()}`;
    await signInAs(page, SUBMITTER);
    await page.goto('/form-one?new=1');
    await page.locator('[name="project_name"]').fill(name);
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
    await expect(page).toHaveURL(/[?&]draft=\d+/);
    await next(page).click();
    await page.locator('[name="project_manager"]').fill('U Kyaw Zaw');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

    await page.reload();
    await expect(counter(page)).toHaveText('Step 2 of 7');
    await expect(page.locator('[name="project_manager"]')).toHaveValue('U Kyaw Zaw');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.locator('[name="project_name"]')).toHaveValue(name);

    // A reload inside the autosave delay loses nothing either.
    await page.locator('[name="project_owner"]').fill('Owner typed just before reload');
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Form steps' })
      .getByRole('button', { name: /Step 1:/ })
      .click();
    await expect(page.locator('[name="project_owner"]')).toHaveValue('Owner typed just before reload');
    await expect(page.locator('[name="project_name"]')).toHaveValue(name);

    // The draft is listed on the dashboard and can be deleted there, after a confirmation.
    await page.goto('/user/projects/dashboard');
    const drafts = page.getByRole('region', { name: 'Drafts to finish' });
    await drafts.getByRole('button', { name: `Delete the draft ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Delete draft' }).click();
    await expect(page.getByText(`The draft “${name}” was deleted.`)).toBeVisible();
    await expect(drafts.getByText(name, { exact: true })).toHaveCount(0);
    await page.goto('/user/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Your registrations' })).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  });

  test("a visitor's answers wait in the browser, and signing in at submit brings them into the account @phone", async ({
    page,
  }) => {
    await page.goto('/form-one');
    await expect(page.getByText('your answers are kept in this browser only')).toBeVisible();
    await page.locator('[name="project_name"]').fill('Visitor Tower');
    await page.locator('[name="project_owner"]').fill('Daw Visitor');
    await expect(page.getByTestId('save-status')).toHaveText('Saved in this browser');
    await page.goto('/form-one?step=review');
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Sign in to submit' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Email address').fill(SUBMITTER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/form-one\?.*step=review/);
    await expect(page.getByText('now saved in your account')).toBeVisible();
    await expect(page.getByText('Visitor Tower')).toBeVisible();
    await expect(page.getByText('Daw Visitor')).toBeVisible();
    await expect(page).toHaveURL(/[?&]draft=\d+/);
    expect(await page.evaluate(() => localStorage.getItem('hpbc.formOne.draft'))).toBeNull();
  });

  test('reads in Burmese with the English role names, without accessibility problems @phone', async ({ page }) => {
    await useBurmese(page);
    await page.goto('/form-one?step=3');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('စီမံကိန်း မှတ်ပုံတင်မှု');
    await expect(page.getByRole('group', { name: 'Architect', exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'နိုင်ငံသား တွဲဖက်ပညာရှင် (Architect)' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Architect', exact: true }).getByLabel(/အမည်/)).toHaveAttribute(
      'name',
      'architect_name',
    );
    await expectNoA11yViolations(page);
  });

  test('another account cannot open a registration it does not own', async ({ page, request }) => {
    const token = await signInAs(page, SUBMITTER);
    const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
    const created = await request.post('/api/registrations', { headers, data: { data: { project_name: 'Mine' } } });
    const { data } = (await created.json()) as { data: { id: number } };

    const login = await request.post('/api/user/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email: 'basic@hpbc.test', password: DEMO_PASSWORD, remember: false, type: 'user' },
    });
    const other = ((await login.json()) as { token: string }).token;
    const res = await request.get(`/api/registrations/${data.id}`, {
      headers: { Authorization: `Bearer ${other}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status()).toBe(404);
  });
});
