import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createVerifiedUser, expect, expectNoA11yViolations, shot, signInAs, test } from './fixtures';

/**
 * Issue 28: the workflow as people live it. The submitter's timeline and the committee's
 * decision on screen (item 1), in English and Burmese; the language switch saved on the
 * account (item 3); the committee's view of everything (item 5). Mails and rules are
 * checked by the API tests (company/workflow.test.ts, profile/account-language.test.ts,
 * registrations/committee-view.test.ts).
 */
const SUBMITTER = 'project@hpbc.test';
const ADMIN = 'admin@hpbc.test';

/** The id of the demo submitter's approved registration (read as the page would, with its token). */
async function approvedId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/registrations', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const body = (await res.json()) as { data: { id: number; status: string }[] };
    return body.data.find((r) => r.status === 'Approved')!.id;
  });
}

test('the submitter sees the decision and the timeline, in English and Burmese @phone', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signInAs(page, SUBMITTER);
  await page.goto('/user/projects');
  const id = await approvedId(page);
  await page.goto(`/user/projects/${id}`);

  const decision = page.getByTestId('decision');
  await expect(decision).toContainText(/^Approved on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(decision.getByRole('link', { name: 'See the public project entry' })).toHaveAttribute(
    'href',
    /^\/project-detail\/\d+$/,
  );
  await expect(decision.getByRole('link', { name: 'Check it on the verification page' })).toHaveAttribute(
    'href',
    /^\/verify\/HPBC-/,
  );
  const timeline = page.getByTestId('timeline');
  await expect(timeline.getByRole('heading', { name: 'Where your registration is' })).toBeVisible();
  await expect(page.getByTestId('timeline-holder')).toHaveText(/The committee has decided/);
  const steps = timeline.getByRole('listitem');
  await expect(steps.first()).toContainText('Submitted');
  await expect(steps.last()).toContainText('Approved');
  await expectNoA11yViolations(page);
  await shot(page, 'timeline-en', info.project.name);

  // The page in Burmese: the same steps in Burmese words and digits.
  await page.evaluate(() => localStorage.setItem('hpbc.language', 'my'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'သင်၏ မှတ်ပုံတင်မှု ရောက်ရှိနေသည့် အဆင့်' })).toBeVisible();
  await expect(page.getByTestId('timeline').getByRole('listitem').last()).toContainText('အတည်ပြုပြီး');
  await expect(page.getByTestId('decision')).toContainText(/[၀-၉]/);
  await expectNoA11yViolations(page);
  await shot(page, 'timeline-my', info.project.name);
  // No sideways scroll on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the language switch is saved on the signed-in account @phone', async ({ page }) => {
  // basic@ receives no mail in other journeys, so switching its language disturbs none of them.
  await signInAs(page, 'basic@hpbc.test');
  await page.goto('/user/profile');
  const saved = (locale: string) =>
    page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/user/locale') &&
        r.request().method() === 'PUT' &&
        r.request().postDataJSON()?.locale === locale,
    );
  const toBurmese = saved('my');
  await page.getByRole('button', { name: 'မြန်မာ' }).first().click();
  expect((await toBurmese).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  const toEnglish = saved('en');
  await page.getByRole('button', { name: 'English' }).first().click();
  expect((await toEnglish).status()).toBe(200);
});

test('the committee sees service requests with the company’s answers, filtered by status @phone', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signInAs(page, ADMIN);
  await page.goto('/admin/service-requests');
  await expect(page.getByRole('heading', { name: 'Service requests', level: 1 })).toBeVisible();
  await page.getByLabel('Status').selectOption('declined');
  await expect(page).toHaveURL(/status=declined/);
  // The seeded declined request, with the company's reason beside it (table or card).
  // Phones show cards, wider screens the table: only the visible one counts.
  const shown = (text: string | RegExp) => page.getByText(text).filter({ visible: true }).first();
  await expect(shown('Our inspection teams are fully booked until March.')).toBeVisible();
  await expect(
    page.getByRole('main').getByText('Declined', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'admin-service-requests-en', info.project.name);

  await page.getByRole('link', { name: /^SR-/ }).filter({ visible: true }).first().click();
  const history = page.getByRole('region', { name: 'Status and the company’s answers' });
  await expect(history).toBeVisible();
  await expect(history).toContainText('Our inspection teams are fully booked until March.');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expectNoA11yViolations(page);
  await shot(page, 'admin-service-request-detail-en', info.project.name);

  await page.evaluate(() => localStorage.setItem('hpbc.language', 'my'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'အခြေအနေနှင့် ကုမ္ပဏီ၏ အကြောင်းပြန်ချက်များ' })).toBeVisible();
  await shot(page, 'admin-service-request-detail-my', info.project.name);
  await page.goto('/admin/service-requests?status=declined');
  await expect(shown('ငြင်းပယ်ပြီး')).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'admin-service-requests-my', info.project.name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the committee searches registrations, sees days waiting and countersignatures, exports CSV and keeps case notes @phone', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await signInAs(page, ADMIN);
  await page.goto('/admin/registrations');
  await expect(page.getByRole('heading', { name: 'Form One registrations', level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('Demo Project Submitter');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=Demo\+Project\+Submitter/);
  // Every row found is the demo submitter's, with its countersignatures and wait.
  const shown = (text: RegExp) => page.getByText(text).filter({ visible: true }).first();
  if (info.project.name === 'phone') {
    await expect(shown(/\d+ of \d+ countersigned|No countersignature needed/)).toBeVisible();
    await expect(shown(/\d+ days? waiting|Not with the reviewers/)).toBeVisible();
  } else {
    await expect(page.getByRole('columnheader', { name: 'Days waiting' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Countersignatures' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^\d+ of \d+$/ }).first()).toBeVisible();
  }
  await expectNoA11yViolations(page);
  await shot(page, 'admin-registrations-en', info.project.name);

  // The CSV of what is shown: a BOM, the header row, the demo submitter on every row.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the list as CSV' }).click();
  const file = await (await downloaded).path();
  const csv = readFileSync(file!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(
    'reference_number,project_name,status,submitter_name,submitter_email,submitted_at,days_waiting,countersignatures_done,countersignatures_needed',
  );
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain('project@hpbc.test');

  // A case note on the first registration found.
  await page
    .getByRole('link', { name: /^HPBC-/ })
    .filter({ visible: true })
    .first()
    .click();
  const notes = page.getByRole('region', { name: 'Case notes' });
  await expect(notes).toContainText('For the committee only');
  const text = `Phoned the submitter (${info.project.name}, ${Date.now()}).`;
  await notes.getByLabel('New case note').fill(text);
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await expect(notes.getByText('The note has been added.')).toBeVisible();
  await expect(notes.getByRole('list', { name: 'Case notes' })).toContainText(text);
  await expect(notes.getByRole('list', { name: 'Case notes' })).toContainText('Demo Administrator');
  await expectNoA11yViolations(page);
  await shot(page, 'admin-case-notes-en', info.project.name);

  await page.evaluate(() => localStorage.setItem('hpbc.language', 'my'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'အမှုတွဲ မှတ်ချက်များ' })).toContainText(text);
  await shot(page, 'admin-case-notes-my', info.project.name);
  await page.goto('/admin/registrations?search=Demo+Project+Submitter');
  await expect(shown(/တွဲဖက်လက်မှတ်|ခုအနက်/)).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'admin-registrations-my', info.project.name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

/** Whole-page sideways scroll (a phone must never have it). */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The demo registrations' ids by status, read as the admin list gives them. */
async function adminRegistrationIds(page: Page, status: string): Promise<number[]> {
  return page.evaluate(async (s) => {
    const res = await fetch(`/api/admin/registrations?status=${encodeURIComponent(s)}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const body = (await res.json()) as { data: { id: number; countersignatures: { done: number } }[] };
    return body.data.filter((r) => r.countersignatures.done > 0).map((r) => r.id);
  }, status);
}

test('the phone layout: a long name and the language switch on one line, the chrome under a quarter of the screen @phone', async ({
  page,
  request,
  mail,
}, info) => {
  test.setTimeout(120_000);
  const password = 'Long-Name-Phone-2026';
  const email = await createVerifiedUser(request, mail, 'Daw Khin Myat Thandar Soe', password);
  await signInAs(page, email, password);
  await page.goto('/user/dashboard');
  for (const language of ['en', 'my'] as const) {
    await page.evaluate((l) => localStorage.setItem('hpbc.language', l), language);
    await page.goto('/user/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const viewport = page.viewportSize()!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.height, 'the signed-in chrome').toBeLessThan(viewport.height / 4);
    // Each language button and the account button keep their text on one line.
    for (const button of await page
      .getByRole('group', { name: /Language|ဘာသာစကား/ })
      .getByRole('button')
      .all()) {
      expect((await button.boundingBox())!.height).toBeLessThanOrEqual(44);
    }
    const account = page.getByRole('button', { name: /Daw Khin Myat Thandar Soe/ });
    expect((await account.boundingBox())!.height).toBeLessThanOrEqual(48);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoA11yViolations(page);
    await shot(page, `phone-chrome-${language}`, info.project.name);
  }
});

test('the phone layout: no sideways scroll after countersignatures; the counterpart acts after (or beside) the form @phone', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  await signInAs(page, ADMIN);
  await page.goto('/admin/registrations');
  const [signed] = await adminRegistrationIds(page, 'Under Review');
  expect(signed, 'a demo registration with a countersignature').toBeTruthy();
  for (const language of ['en', 'my'] as const) {
    await page.evaluate((l) => localStorage.setItem('hpbc.language', l), language);
    await page.goto(`/admin/registrations/${signed}`);
    await expect(page.getByTestId('admin-counterparts')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await shot(page, `admin-countersigned-${language}`, info.project.name);
  }

  await page.evaluate(() => localStorage.setItem('hpbc.language', 'en'));
  const counterpart = await page.context().newPage();
  await signInAs(counterpart, 'national@hpbc.test');
  await counterpart.goto('/user/national/dashboard');
  const toReview = counterpart.getByRole('region', { name: /To review/ });
  await toReview.getByRole('link').first().click();
  const actions = counterpart.getByRole('region', { name: 'Your review' });
  await expect(actions).toBeVisible();
  const answers = counterpart.getByRole('region', { name: 'The registration' });
  const a = (await actions.boundingBox())!;
  const f = (await answers.boundingBox())!;
  if (info.project.name === 'phone') {
    // After the form, reached by the link at the top; each step can be hidden.
    expect(a.y).toBeGreaterThan(f.y);
    await expect(counterpart.getByRole('link', { name: /Go to your review/ })).toBeVisible();
  } else {
    // Beside the form.
    expect(a.x).toBeGreaterThan(f.x + f.width - 1);
  }
  const hide = counterpart.getByRole('button', { name: /^Hide this step — / }).first();
  await hide.click();
  await expect(counterpart.getByRole('button', { name: /^Show this step — / }).first()).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  expect(await noSidewaysScroll(counterpart)).toBe(true);
  await expectNoA11yViolations(counterpart);
  await shot(counterpart, 'counterpart-actions-en', info.project.name);
});
