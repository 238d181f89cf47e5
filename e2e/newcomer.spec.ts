import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { SERVICE_REQUEST_MAX_LENGTH } from '@hpbc/shared';
import { FORM_ONE_FIELDS } from '@hpbc/shared/form-one';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import {
  createVerifiedUser,
  tokenOf,
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  signInAs,
  test,
  uniqueEmail,
  useBurmese,
  localeText,
} from './fixtures';
import { testPdf } from './support/pdf';
import { BASE_URL } from './support/ports';

// Issue 10: what a newcomer trips over. Screens at 1280 px, and at 390 px for tests tagged @phone.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const ADMIN = 'admin@hpbc.test';
const LANGS = ['en', 'my'] as const;

/** A text of the front end's locale files (fixtures.ts), so that the journey runs the same in both languages. */
const text = localeText;

/**
 * Set SHOTS_DIR to keep screenshots of the screens, for people to look at (as the other journeys
 * do): they check nothing, and a whole-page screenshot of each screen cost seconds in every run.
 */
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`), fullPage: true });
}

/** New accounts need a password the policy accepts (the demo password is refused for them). */
const USER_PASSWORD = 'Quiet lantern meadow 47';

/** One unbroken word of `n` letters: the hardest value to wrap. */
const longWord = (n: number, letter = 'W') => letter.repeat(n);

/** The longest address the schemas take as one unbroken run (a long local part and domain labels). */
function longEmail(): string {
  const tag = Math.random().toString(36).slice(2, 8);
  return `${'l'.repeat(58)}${tag}@${'d'.repeat(60)}.${'e'.repeat(60)}.example.test`;
}

test.describe('unknown paths', () => {
  test('answer HTTP 404 with the not-found page, which links to Contact @phone', async ({ page, request }) => {
    for (const path of ['/no-such-page', '/user/no-such-page', '/project-detail/1/extra']) {
      const res = await request.get(`${BASE_URL}${path}`);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type']).toContain('text/html');
    }
    expect((await request.get(`${BASE_URL}/terms`)).status()).toBe(200);
    expect((await request.get(`${BASE_URL}/project-detail/1`)).status()).toBe(200);

    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'contact the committee' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  });
});

test.describe('Terms of Service, Privacy Policy and Contact', () => {
  for (const lang of LANGS) {
    test(`are real pages linked from the footer and the register form (${lang}) @phone`, async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      if (lang === 'my') await useBurmese(page);
      const names =
        lang === 'en'
          ? { terms: 'Terms of Service', privacy: 'Privacy Policy', contact: 'Contact', email: 'E-mail' }
          : {
              terms: 'ဝန်ဆောင်မှု စည်းမျဉ်းများ',
              privacy: 'ကိုယ်ရေးအချက်အလက် မူဝါဒ',
              contact: 'ဆက်သွယ်ရန်',
              email: 'အီးမေးလ်',
            };
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      for (const [key, path] of [
        ['terms', '/terms'],
        ['privacy', '/privacy'],
        ['contact', '/contact'],
      ] as const) {
        await footer.getByRole('link', { name: names[key], exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1, name: names[key] })).toBeVisible();
        await expectNoSidewaysScroll(page, path);
        await expectNoA11yViolations(page);
        await shot(page, testInfo, `legal-${key}-${lang}`);
      }
      // The committee's contact details come from the settings (demo values here).
      await expect(page.getByRole('link', { name: 'contact@hpbc.local' })).toHaveAttribute(
        'href',
        'mailto:contact@hpbc.local',
      );
      await expect(page.getByText(names.email, { exact: true })).toBeVisible();

      await page.goto('/privacy');
      const privacy = page.getByRole('main');
      await expect(privacy.getByRole('heading', { level: 2 })).toHaveCount(5);

      await page.goto('/register');
      const form = page.getByRole('main');
      const terms = form.getByRole('link', { name: names.terms, exact: true });
      await expect(terms).toHaveAttribute('href', '/terms');
      await expect(terms).toHaveAttribute('target', '_blank');
      await expect(form.getByRole('link', { name: names.privacy, exact: true })).toHaveAttribute('href', '/privacy');
      await shot(page, testInfo, `register-${lang}`);
    });
  }
});

test.describe('the signed-in user area', () => {
  for (const lang of LANGS) {
    test(`leads back to the site, and its logo to the dashboard (${lang}) @phone`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      if (lang === 'my') await useBurmese(page);
      await signInAs(page, 'basic@hpbc.test');
      await page.goto('/user/dashboard');
      const main = page.getByRole('navigation', { name: lang === 'en' ? 'Main' : undefined }).first();
      await expect(main.getByRole('link', { name: lang === 'en' ? 'EIET List' : /EIET/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /^HPBC/ }).first()).toHaveAttribute('href', '/user/dashboard');
      // Form One gives the project role: the Basic dashboard says so.
      await expect(
        page.getByText(
          lang === 'en'
            ? /Submitting Form One for a project gives your account the Project role/
            : /Form One ကို တင်သွင်းလိုက်သည်နှင့်/,
        ),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, '/user/dashboard');
      await expectNoA11yViolations(page);
      await shot(page, testInfo, `user-dashboard-${lang}`);

      await main.getByRole('link', { name: lang === 'en' ? 'EIET List' : /EIET/ }).click();
      await expect(page).toHaveURL(/\/eiet-list$/);

      // An already verified user is told so on /verify-email, and led to the dashboard.
      await page.goto('/verify-email');
      await expect(
        page.getByRole('heading', {
          name: lang === 'en' ? 'Your email address is verified' : 'သင့်အီးမေးလ်လိပ်စာကို အတည်ပြုပြီးပါပြီ',
        }),
      ).toBeVisible();
      await shot(page, testInfo, `verify-email-verified-${lang}`);
      await page.getByRole('link', { name: lang === 'en' ? 'Go to your dashboard' : 'သင့် ဒက်ရှ်ဘုတ်သို့ သွားရန်' }).click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);
    });
  }

  for (const lang of LANGS) {
    test(`a user deactivated mid-session is told the account was deactivated (${lang}) @phone`, async ({
      page,
      request,
      mail,
    }) => {
      if (lang === 'my') await useBurmese(page);
      const email = uniqueEmail('deactivated');
      await createVerifiedUser(request, mail, 'Daw Deactivated', USER_PASSWORD, email);
      await signInAs(page, email, USER_PASSWORD);
      await page.goto('/user/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /Daw Deactivated/ })).toBeVisible();

      const admin = { ...XHR, Authorization: `Bearer ${await tokenOf(request, ADMIN)}` };
      const list = await request.get(`${BASE_URL}/api/admin/users?search=${encodeURIComponent(email)}`, {
        headers: admin,
      });
      const id = ((await list.json()) as { data: { id: number; email: string }[] }).data.find(
        (u) => u.email === email,
      )!.id;
      const off = await request.patch(`${BASE_URL}/api/admin/users/${id}`, {
        data: { status: 'inactive' },
        headers: admin,
      });
      expect(off.status(), await off.text()).toBe(200);

      // The next page asks the server, whose 401 says the account is inactive: the login page says so.
      await page.goto('/user/profile');
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByText(text(lang, 'auth', 'login.inactiveTitle'))).toBeVisible();
      await expect(page.getByText(text(lang, 'auth', 'login.inactive'))).toBeVisible();
    });
  }
});

test.describe('service-request references and staff notices', () => {
  for (const lang of LANGS) {
    test(`the success dialog and the admin list and detail show the SR reference; staff are mailed (${lang}) @phone`, async ({
      page,
      mail,
    }, testInfo) => {
      const t = (ns: string, key: string, values?: Record<string, string>) => text(lang, ns, key, values);
      if (lang === 'my') await useBurmese(page);
      const since = new Date(Date.now() - 1000);
      await page.goto('/eiet-list');
      const ask = t('directory', 'entry.requestFrom', { name: '@@' }).split('@@');
      await page
        .getByRole('button', { name: new RegExp(`^${ask[0]}.*${ask[1]}$`) })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('requests', 'fields.project_name'), { exact: false }).fill('Reference Tower');
      await dialog.getByLabel(t('requests', 'fields.project_information'), { exact: false }).fill('Twelve storeys.');
      await dialog.getByLabel(t('requests', 'fields.company_name'), { exact: false }).fill('Reference Builders');
      await dialog.getByLabel(t('requests', 'fields.address'), { exact: true }).fill('No. 1, Yangon');
      await dialog
        .getByLabel(t('requests', 'fields.company_email'), { exact: false })
        .fill('ref.builders@example.test');
      await dialog.getByLabel(t('requests', 'fields.contact_phone'), { exact: false }).fill('09 123 456 789');
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'letter.pdf',
        mimeType: 'application/pdf',
        buffer: await testPdf([['We ask for an inspection of the Reference Tower project.']]),
      });
      await dialog.getByRole('button', { name: t('requests', 'submit') }).click();
      const done = page.getByRole('dialog', { name: t('requests', 'success.title') });
      const reference = (await done.getByTestId('request-reference').textContent())!.trim();
      expect(reference).toMatch(/^SR-\d{6}$/);
      await shot(page, testInfo, `request-success-${lang}`);

      for (const staff of ['staff.desk@hpbc.test', 'staff.chair@hpbc.test']) {
        const notice = await mail.waitFor({ to: staff, subject: reference, since });
        expect(notice.text).toContain('Reference Tower');
      }

      await signInAs(page, ADMIN);
      await page.goto('/admin/service-requests');
      await page.getByRole('link', { name: reference }).first().click();
      await expect(page).toHaveURL(/\/admin\/service-requests\/\d+$/);
      await expect(page.getByText(reference).first()).toBeVisible();
      // Times on the web are in Myanmar time, the zone named.
      // (The detail names the time in its fields and again in the request's history.)
      await expect(
        page.getByText(lang === 'en' ? '(Myanmar time)' : '(မြန်မာစံတော်ချိန်)', { exact: false }).first(),
      ).toBeVisible();
      await shot(page, testInfo, `admin-request-detail-${lang}`);
    });
  }
});

test.describe('every page', () => {
  const guest = [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/national-counterpart',
    '/recommendation-process',
    '/eiet-list',
    '/pile-company-list',
    '/project-list',
    '/project-detail/1',
    '/library',
    '/form-one',
    '/terms',
    '/privacy',
    '/contact',
    '/no-such-page',
  ];
  const signedIn: [string, string[]][] = [
    [
      ADMIN,
      [
        '/admin',
        '/admin/registrations',
        '/admin/service-requests',
        '/user/dashboard',
        '/user/profile',
        '/user/profile/edit',
      ],
    ],
    [
      'project@hpbc.test',
      ['/user/projects/dashboard', '/user/projects', '/user/projects/999999', '/user/no-such-page'],
    ],
    ['eiet@hpbc.test', ['/user/eiet/dashboard']],
    ['national@hpbc.test', ['/user/national/dashboard']],
  ];

  const groups: [string, string | null, string[]][] = [
    ['visitor', null, guest],
    ...signedIn.map(([account, paths]): [string, string | null, string[]] => [account, account, paths]),
  ];
  for (const lang of LANGS) {
    for (const [who, account, paths] of groups) {
      test(`pass axe (WCAG, best-practice and experimental rules) at 1280 px and fit 390 px, as ${who} in ${lang} @phone`, async ({
        page,
      }, testInfo) => {
        // What axe finds seldom depends on the window's width, and the journeys scan their phone
        // screens themselves: at 390 px this sweep checks only that every page fits, which
        // halves its time (it was 40 % of the Playwright run).
        const scan = testInfo.project.name === 'desktop';
        test.setTimeout(60_000 + paths.length * (scan ? 30_000 : 10_000));
        if (lang === 'my') await useBurmese(page);
        if (account) await signInAs(page, account);
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectNoSidewaysScroll(page, path);
          if (scan) await test.step(`axe ${path}`, () => expectNoA11yViolations(page));
        }
      });
    }
  }
});

test.describe('long values', () => {
  test('the longest values the schemas allow wrap on every screen, with no sideways scroll @phone', async ({
    page,
    request,
    mail,
  }, testInfo) => {
    test.setTimeout(180_000);
    const name = longWord(255, 'N');
    const email = longEmail();
    await createVerifiedUser(request, mail, name, USER_PASSWORD, email);
    const headers = { ...XHR, Authorization: `Bearer ${await tokenOf(request, email, USER_PASSWORD)}` };

    // A Form One registration with every text field at its longest, submitted.
    const data = completeFormOne();
    for (const f of FORM_ONE_FIELDS) {
      if (f.kind === 'text' || f.kind === 'textarea') data[f.name] = longWord(f.max, 'F');
    }
    const created = await request.post(`${BASE_URL}/api/registrations`, { data: {}, headers });
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const submitted = await request.post(`${BASE_URL}/api/registrations/${id}/submit`, { data: { data }, headers });
    expect(submitted.status(), await submitted.text()).toBe(200);

    // The same values in a draft, to be seen on Form One's review page before submitting.
    const draft = await request.post(`${BASE_URL}/api/registrations`, { data: { data, current_step: 7 }, headers });
    expect(draft.status(), await draft.text()).toBe(201);
    const draftId = ((await draft.json()) as { data: { id: number } }).data.id;

    await signInAs(page, email, USER_PASSWORD);
    for (const path of [
      '/user/dashboard',
      '/user/profile',
      '/user/profile/edit',
      '/user/projects',
      `/user/projects/${id}`,
      `/form-one?draft=${draftId}&step=review`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, path);
      await shot(page, testInfo, `long-${path.replace(/\W+/g, '-')}`);
    }
    // The open user menu with the long name and address.
    await page.goto('/user/dashboard');
    await page.getByRole('button', { name: /account menu/ }).click();
    await expectNoSidewaysScroll(page, 'user menu');

    // The service-request dialog and its success dialog with the longest values.
    await page.goto('/pile-company-list');
    await page
      .getByRole('button', { name: /^Request service from/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Project Name/).fill(longWord(SERVICE_REQUEST_MAX_LENGTH.project_name, 'P'));
    await dialog.getByLabel(/Project Information/).fill(longWord(SERVICE_REQUEST_MAX_LENGTH.project_information, 'I'));
    await dialog.getByLabel(/Company Name/).fill(longWord(SERVICE_REQUEST_MAX_LENGTH.company_name, 'C'));
    await dialog.getByLabel('Address', { exact: true }).fill(longWord(SERVICE_REQUEST_MAX_LENGTH.address, 'A'));
    await dialog.getByLabel(/Company Email/).fill(longEmail());
    await expectNoSidewaysScroll(page, 'request dialog');

    // The admin's screens with the long account and registration.
    await signInAs(page, ADMIN);
    for (const path of ['/admin', '/admin/registrations', `/admin/registrations/${id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, path);
      await shot(page, testInfo, `long-${path.replace(/\W+/g, '-')}`);
    }
  });
});
