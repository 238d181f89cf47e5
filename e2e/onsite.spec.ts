import { createHash } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { sitePhotoPng } from '../apps/api/src/db/seed/onsite.seed';
import { BASE_URL } from './support/ports';
import { XHR, expect, expectNoA11yViolations, signInAs, test, tokenOf, useBurmese } from './fixtures';

// Issue 30, on site: the inspector loads the day's work, loses the connection, records a
// checklist, three photos and the result, reloads, closes and reopens the page, and comes back
// online: everything arrives exactly once, the photos' hashes match, the owner sees the result.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Set SHOTS_DIR to keep screenshots of the screens, for people to look at: they check nothing. */
const SHOTS = process.env.SHOTS_DIR;

/** A screenshot into SHOTS_DIR: the whole page, or the part given. */
async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return;
  const file = path.join(SHOTS, `onsite-${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: true });
  else await target.screenshot({ path: file });
}

interface Summary {
  id: number;
  project_name: string;
  owner: { name: string };
  inspections: { id: number; status: string; outcome: string | null }[];
}

/** A foundation inspection of one of the demo company's registrations, due a few seconds from now. */
async function dueInspection(request: APIRequestContext, token: string) {
  const headers = { ...XHR, Authorization: `Bearer ${token}` };
  const list = (await (await request.get(`${BASE_URL}/api/company/registrations`, { headers })).json()) as {
    data: Summary[];
  };
  const registration = list.data.find((r) => r.project_name === 'Sule Square Annex') ?? list.data[0]!;
  const created = await request.post(`${BASE_URL}/api/registrations/${registration.id}/inspections`, {
    headers,
    data: { kind: 'foundation', scheduled_for: new Date(Date.now() + 4000).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { registration, inspection: (await created.json()).data as { id: number } };
}

async function waitingText(page: Page) {
  return page.getByTestId('outbox-waiting');
}

for (const lang of ['en', 'my'] as const) {
  const T =
    lang === 'en'
      ? {
          day: 'On site today',
          passed: 'Passed',
          failed: 'Failed',
          note: 'Note',
          recordChecklist: 'Record the checklist',
          photos: 'Take or choose photos',
          recordResult: 'Record the result',
          waiting5: '5 records are waiting to be sent:',
          nothing: 'Nothing is waiting to be sent.',
          sent5: '5 records sent.',
          offline: 'No connection',
          kept: 'Kept on this phone',
        }
      : {
          day: 'ယနေ့ လုပ်ငန်းခွင် စစ်ဆေးခြင်းများ',
          passed: 'အောင်မြင်',
          failed: 'မအောင်မြင်',
          note: 'မှတ်ချက်',
          recordChecklist: 'စစ်ဆေးရန်စာရင်းကို မှတ်တမ်းတင်ရန်',
          photos: 'ဓာတ်ပုံ ရိုက်ရန် သို့မဟုတ် ရွေးရန်',
          recordResult: 'ရလဒ်ကို မှတ်တမ်းတင်ရန်',
          waiting5: 'ပို့ရန် စောင့်နေသော မှတ်တမ်း ၅ ခု-',
          nothing: 'ပို့ရန် စောင့်နေသည် မရှိပါ။',
          sent5: 'မှတ်တမ်း ၅ ခု ပို့ပြီးပါပြီ။',
          offline: 'အင်တာနက် မရှိပါ',
          kept: 'ဤဖုန်းတွင် သိမ်းထားသည့် အချိန်',
        };

  test(`(${lang}) records a checklist, three photos and the result offline; all arrive once after a reload and a reopened tab`, async ({
    page,
    context,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const token = await tokenOf(request, 'eiet@hpbc.test');
    const headers = { ...XHR, Authorization: `Bearer ${token}` };
    const { registration, inspection } = await dueInspection(request, token);
    await context.grantPermissions(['geolocation'], { origin: BASE_URL });
    await context.setGeolocation({ latitude: 16.7795, longitude: 96.1595, accuracy: 8 });
    if (lang === 'my') await useBurmese(page);
    await signInAs(page, 'eiet@hpbc.test');

    // Before site: the day's work is kept on the phone, and the service worker takes the pages.
    await page.goto('/user/company/onsite');
    await expect(page.getByRole('heading', { level: 1, name: T.day })).toBeVisible();
    await expect(page.getByTestId('kept-at')).toContainText(T.kept);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByTestId('kept-at')).toBeVisible();
    await shot(page, `day-390-${lang}`);
    await page.locator(`a[href="/user/company/onsite/${inspection.id}"]`).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(registration.project_name);

    // On site, with no connection.
    await context.setOffline(true);
    await expect(page.getByTestId('connection')).toHaveText(T.offline);
    const items = page.locator('ol > li fieldset');
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    for (let n = 0; n < count; n++) {
      const item = items.nth(n);
      await item.getByLabel(n === 1 ? T.failed : T.passed, { exact: true }).check();
      if (n === 1) await item.getByLabel(T.note).fill('Cover 30 mm where 50 mm is drawn.');
    }
    await page.getByRole('button', { name: T.recordChecklist }).click();
    // Generated "site photos", one different picture each, as the demo's (db/seed/onsite.seed.ts).
    const photos = [1, 2, 3].map((seed) => sitePhotoPng(64, 48, seed));
    await page
      .getByLabel(T.photos)
      .setInputFiles(photos.map((buffer, n) => ({ name: `site-${n + 1}.png`, mimeType: 'image/png', buffer })));
    await expect(page.getByTestId('photo-list').getByRole('listitem')).toHaveCount(3);
    await page.getByRole('combobox').selectOption('passed');
    await page.getByRole('button', { name: T.recordResult }).click();
    await expect(await waitingText(page)).toHaveText(T.waiting5);
    await shot(page, `inspection-offline-390-${lang}`);
    if (lang === 'en') await expectNoA11yViolations(page);

    // A reload with no connection: the worker serves the page, IndexedDB the work.
    await page.reload();
    await expect(await waitingText(page)).toHaveText(T.waiting5);
    await expect(page.getByTestId('photo-list').getByRole('listitem')).toHaveCount(3);

    // The tab closed and opened again, still offline.
    const url = page.url();
    await page.close();
    const again = await context.newPage();
    await again.goto(url);
    await expect(await waitingText(again)).toHaveText(T.waiting5);

    // Back online: the queue is sent, each request with its key, once.
    await context.setOffline(false);
    await expect(await waitingText(again)).toHaveText(T.nothing, { timeout: 30_000 });
    await expect(again.getByTestId('outbox-sent')).toHaveText(T.sent5);
    await shot(again, `inspection-sent-390-${lang}`);

    const record = (await (
      await request.get(`${BASE_URL}/api/inspections/${inspection.id}/onsite`, { headers })
    ).json()) as { data: { checklist: { result: string }[]; photos: { sha256: string }[] } };
    expect(record.data.checklist.length).toBe(count);
    expect(record.data.checklist[1]!.result).toBe('failed');
    expect(record.data.photos.map((p) => p.sha256).sort()).toEqual(photos.map(sha).sort());
    for (const p of record.data.photos as { original_url: string; sha256: string }[]) {
      const original = await request.get(`${BASE_URL}${p.original_url}`, { headers });
      expect(sha(await original.body())).toBe(p.sha256);
    }

    // The owner sees the result.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    if (lang === 'my') await useBurmese(owner);
    const ownerToken = await signInAs(owner, 'project@hpbc.test');
    const seen = (await (
      await request.get(`${BASE_URL}/api/inspections/${inspection.id}/onsite`, {
        headers: { ...XHR, Authorization: `Bearer ${ownerToken}` },
      })
    ).json()) as { data: { photos: unknown[] } };
    expect(seen.data.photos.length).toBe(3);
    await owner.goto(`/user/projects/${registration.id}`);
    const section = owner.getByRole('region', { name: lang === 'en' ? 'Inspections' : /စစ်ဆေး/ });
    await expect(section).toContainText(lang === 'en' ? 'Passed' : 'အောင်မြင်');
    // What was recorded on site: the checklist and the three photos.
    const records = section.locator('details');
    for (let n = 0; n < (await records.count()); n++) await records.nth(n).locator('summary').click();
    const ours = section.locator('details', { hasText: 'Cover 30 mm where 50 mm is drawn.' }).first();
    await expect(ours.locator('img')).toHaveCount(3);
    await shot(ours, `owner-record-390-${lang}`);
    await ownerContext.close();
  });
}

test('the portal is installable: the manifest has what a browser needs and a service worker controls the inspector pages', async ({
  page,
  request,
}) => {
  const manifest = (await (await request.get(`${BASE_URL}/manifest.webmanifest`)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { sizes: string; type: string }[];
  };
  expect(manifest.name).toBeTruthy();
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.start_url).toBe('/');
  expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
  expect(manifest.icons.some((i) => i.sizes === '192x192' && i.type === 'image/png')).toBe(true);
  expect(manifest.icons.some((i) => i.sizes === '512x512' && i.type === 'image/png')).toBe(true);
  const sw = await request.get(`${BASE_URL}/sw.js`);
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);

  await signInAs(page, 'eiet@hpbc.test');
  await page.goto('/user/company/onsite');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${BASE_URL}/`);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  // The worker caches no API answer: a company call still goes to the network.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names)
      for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
  expect(cached).toContain('/user/company/onsite');
});

test('the administrator edits the checklists like the other public data; the screens at 1280 and 390 px in both languages', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'admin@hpbc.test');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/inspection-checklists');
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection checklists' })).toBeVisible();
  await expect(page.getByText('Reinforcement cover and spacing').filter({ visible: true }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Add a checklist item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Save/ }).click();
  await expect(dialog.getByText(/required/).first()).toBeVisible();
  await shot(page, 'admin-checklists-1280-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-checklists-390-en');
  await page.evaluate(() => localStorage.setItem('hpbc.language', 'my'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'စစ်ဆေးရန်စာရင်းများ' })).toBeVisible();
  await shot(page, 'admin-checklists-390-my');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'admin-checklists-1280-my');

  // The inspector's day and the demo's recorded inspection at 1280 px.
  const inspector = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 900 } });
  const p = await inspector.newPage();
  await signInAs(p, 'eiet@hpbc.test');
  for (const lang of ['en', 'my']) {
    await p.evaluate((l) => localStorage.setItem('hpbc.language', l), lang).catch(() => undefined);
    await p.goto('/user/company/onsite');
    await p.evaluate((l) => localStorage.setItem('hpbc.language', l), lang);
    await p.reload();
    await expect(p.getByTestId('kept-at')).toBeVisible();
    await shot(p, `day-1280-${lang}`);
    await p.locator('a[href^="/user/company/onsite/"]').first().click();
    await expect(p.locator('#checklist-heading')).toBeVisible();
    await shot(p, `inspection-1280-${lang}`);
    if (lang === 'en') await expectNoA11yViolations(p);
  }
  await inspector.close();
});
