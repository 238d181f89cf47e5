import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { completeFormOne } from '../packages/shared/src/form-one.fixture';
import {
  createVerifiedUser,
  expect,
  expectNoA11yViolations,
  signInAs,
  test,
  tokenOf,
  useBurmese,
  type MailBox,
} from './fixtures';
import { BASE_URL } from './support/ports';

/**
 * Construction stages (issue 30): the owner of an approved registration reports a stage; the
 * EIET company it names is mailed, follows the mail's link and schedules the stage's
 * inspection from the prefilled form; the public project page shows the stage. In English and
 * Burmese, at 1280 and 390 px; every screen passes axe (and is photographed into SHOTS_DIR when set).
 */
const PASSWORD = 'Bright-Foundation-Piles-2026';
const EIET = 'eiet@hpbc.test';
const ADMIN = 'admin@hpbc.test';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** Set SHOTS_DIR to keep screenshots of the screens (they check nothing, and cost time in every run). */
const SHOTS = process.env.SHOTS_DIR;

const TEXT = {
  en: {
    region: 'Construction stages',
    stage: 'Stage',
    date: 'Date the stage began',
    note: 'Note (optional)',
    submit: 'Report the stage',
    saved: 'The Foundation stage is reported. Your EIET company has been told.',
    reported: /Reported for/,
    kind: 'Kind of inspection',
    when: 'Date and time (Myanmar time)',
    save: 'Save',
    scheduled: 'Saved. The submitter has been e-mailed.',
    fromNotice: /From the owner’s notice: the Foundation stage/,
    current: 'Foundation',
    verify: 'Check the registration and its countersignatures',
    projectPage: 'Public project page: construction stages and inspections',
  },
  my: {
    region: 'ဆောက်လုပ်ရေး အဆင့်များ',
    stage: 'အဆင့်',
    date: 'အဆင့် စတင်သည့် ရက်စွဲ',
    note: 'မှတ်ချက် (မဖြည့်လည်း ရပါသည်)',
    submit: 'အဆင့်ကို အစီရင်ခံရန်',
    saved: 'အုတ်မြစ် အဆင့်ကို အစီရင်ခံပြီးပါပြီ။ သင်၏ EIET ကုမ္ပဏီသို့ အကြောင်းကြားပြီးပါပြီ။',
    reported: /အစီရင်ခံထားသည်/,
    kind: 'စစ်ဆေးခြင်း အမျိုးအစား',
    when: 'ရက်စွဲနှင့် အချိန် (မြန်မာစံတော်ချိန်)',
    save: 'သိမ်းဆည်းရန်',
    scheduled: 'သိမ်းဆည်းပြီးပါပြီ။ တင်သွင်းသူထံ အီးမေးလ် ပို့ပြီးပါပြီ။',
    fromNotice: /ပိုင်ရှင်၏ အကြောင်းကြားချက်မှ/,
    current: 'အုတ်မြစ်',
    verify: 'မှတ်ပုံတင်မှုနှင့် ၎င်း၏ တွဲဖက်လက်မှတ်များကို စစ်ဆေးရန်',
    projectPage: 'အများပြည်သူ စီမံကိန်း စာမျက်နှာ - ဆောက်လုပ်ရေး အဆင့်များနှင့် စစ်ဆေးခြင်းများ',
  },
} as const;

/**
 * A new owner's registration naming the demo EIET company, submitted and approved through the
 * API. A fresh owner per run: the demo submitter's list of approved registrations, which other
 * journeys search, stays as it was.
 */
async function approvedRegistration(request: APIRequestContext, mail: MailBox, projectName: string) {
  const email = await createVerifiedUser(request, mail, 'Daw Hnin Wai', PASSWORD);
  const owner = { ...XHR, Authorization: `Bearer ${await tokenOf(request, email, PASSWORD)}` };
  const inspector = { ...XHR, Authorization: `Bearer ${await tokenOf(request, EIET)}` };
  const admin = { ...XHR, Authorization: `Bearer ${await tokenOf(request, ADMIN)}` };
  const me = (await (await request.get(`${BASE_URL}/api/user`, { headers: inspector })).json()) as {
    user: { company: { id: number } };
  };
  const created = await request.post(`${BASE_URL}/api/registrations`, { data: {}, headers: owner });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const submitted = await request.post(`${BASE_URL}/api/registrations/${id}/submit`, {
    data: { data: completeFormOne({ project_name: projectName, eiet_company_id: String(me.user.company.id) }) },
    headers: owner,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const reference = ((await submitted.json()) as { data: { reference_number: string } }).data.reference_number;
  for (const status of ['Under Review', 'Approved']) {
    const moved = await request.patch(`${BASE_URL}/api/admin/registrations/${id}/status`, {
      data: { status },
      headers: admin,
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const record = (await (await request.get(`${BASE_URL}/api/registrations/${id}`, { headers: owner })).json()) as {
    data: { project_id: number };
  };
  return { id, reference, projectId: record.data.project_id, email };
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

for (const lang of ['en', 'my'] as const) {
  test(`the owner reports a stage; the EIET company schedules its inspection from the notice; the public page shows the stage (${lang}) @phone`, async ({
    page,
    browser,
    mail,
  }) => {
    test.setTimeout(150_000);
    const tx = TEXT[lang];
    const since = new Date();
    const projectName = `Stage Tower ${lang} ${Date.now().toString(36)}`;
    const { id, reference, projectId, email } = await approvedRegistration(page.request, mail, projectName);
    expect(projectId).toBeTruthy();

    // The owner reports the foundation stage on the project's page.
    if (lang === 'my') await useBurmese(page);
    await signInAs(page, email, PASSWORD);
    await page.goto(`/user/projects/${id}`);
    const region = page.getByRole('region', { name: tx.region });
    await expect(region).toBeVisible();
    await region.getByRole('button', { name: tx.submit }).click();
    await expect(region.getByLabel(tx.stage, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await region.getByLabel(tx.stage, { exact: true }).selectOption('foundation');
    await region.getByLabel(tx.note, { exact: true }).fill(`Piles driven (${lang}).`);
    await expectNoA11yViolations(page);
    await region.getByRole('button', { name: tx.submit }).click();
    await expect(region.getByText(tx.saved)).toBeVisible();
    const foundation = region.getByTestId('stage-foundation');
    await expect(foundation).toContainText(tx.reported);
    await expect(foundation).toContainText(`Piles driven (${lang}).`);
    await expectNoA11yViolations(page);
    await shot(page, `owner-${lang}`);

    // The EIET company is mailed with a link that opens the scheduling prefilled from the notice.
    const notice = await mail.waitFor({ to: EIET, subject: `${reference}: Foundation stage reported`, since });
    expect(notice.text).toContain(`Piles driven (${lang}).`);
    const link = notice.links.find((l) => l.includes('/user/company/inspections?'))!;
    expect(new URL(link).searchParams.get('stage')).toBe('foundation');
    const companyContext = await browser.newContext({ baseURL: BASE_URL, viewport: page.viewportSize() });
    const company = await companyContext.newPage();
    if (lang === 'my') await useBurmese(company);
    await signInAs(company, EIET);
    await company.goto(new URL(link).pathname + new URL(link).search);
    const dialog = company.getByRole('dialog');
    await expect(dialog.getByTestId('schedule-from-notice')).toContainText(tx.fromNotice);
    await expect(dialog.getByLabel(tx.kind, { exact: true })).toHaveValue('foundation');
    await expect(dialog.getByLabel(tx.when, { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}T10:00$/);
    await expectNoA11yViolations(company);
    await shot(company, `company-schedule-${lang}`);
    await dialog.getByRole('button', { name: tx.save }).click();
    await expect(company.getByText(tx.scheduled)).toBeVisible();
    // The timeline on the company's page shows the stage with its inspection now scheduled.
    const card = company.getByRole('listitem').filter({ has: company.getByRole('heading', { name: projectName }) });
    await expect(card.getByTestId('stage-foundation')).toContainText(tx.reported);
    await expect(card.getByTestId('stage-foundation').getByRole('listitem')).toHaveCount(1);
    await expectNoA11yViolations(company);
    await shot(company, `company-timeline-${lang}`);
    await companyContext.close();

    // The public project page: the current stage, the way to /verify, and back.
    const visitorContext = await browser.newContext({ baseURL: BASE_URL, viewport: page.viewportSize() });
    const visitor = await visitorContext.newPage();
    if (lang === 'my') await useBurmese(visitor);
    await visitor.goto(`/project-detail/${projectId}`);
    await expect(visitor.getByTestId('current-stage')).toHaveText(tx.current);
    await expectNoA11yViolations(visitor);
    await shot(visitor, `public-${lang}`);
    await visitor.getByRole('link', { name: tx.verify }).click();
    await expect(visitor).toHaveURL(new RegExp(`/verify/${reference}$`));
    await expect(visitor.getByTestId('verify-reference')).toHaveText(reference);
    await visitor.getByRole('link', { name: tx.projectPage }).click();
    await expect(visitor).toHaveURL(new RegExp(`/project-detail/${projectId}$`));
    await expect(visitor.getByTestId('current-stage')).toHaveText(tx.current);
    await visitorContext.close();
  });
}
