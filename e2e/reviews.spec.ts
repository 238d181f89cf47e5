import { MESSAGE_TEMPLATES } from '../packages/shared/src/messages';
import { DISCIPLINE_TITLES } from '../packages/shared/src/counterpart-review';
import { formOneField } from '../packages/shared/src/form-one';
import {
  tokenOf,
  XHR,
  expect,
  expectNoA11yViolations,
  fitsWidth,
  LANGS_AND_WIDTHS,
  localePattern,
  runIn,
  SHOTS,
  shot,
  signInAs,
  test,
  useBurmese,
} from './fixtures';
import { ADMIN, COUNTERPART, SUBMITTER, draftNaming, submitDraft } from './support/registrations';
import { BASE_URL } from './support/ports';
import { attachDrawing } from './support/documents';
import { qrOfPage } from '../apps/api/test/qr';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('The committee review', () => {
  // In English and Burmese, at 1280 and 390 px (issue 28): every screen in that language; the
  // mails in each person's own (the demo accounts' English).
  for (const [lang, width] of LANGS_AND_WIDTHS) {
    test(`a counterpart comments and requests changes, the submitter changes it, the counterpart countersigns, the committee approves and anyone can verify (${lang}, ${width} px)`, async ({
      page,
      browser,
      mail,
    }, testInfo) => {
      test.skip(testInfo.project.name === 'phone', 'each run sets its own width');
      test.setTimeout(300_000);
      const run = runIn(lang, width);
      const { text, label } = run;
      const architect = DISCIPLINE_TITLES.architect[lang];
      await run.prepare(page);
      const projectName = `Countersigned Tower ${Date.now().toString(36)}`;

      // The submitter registers a project naming the demo counterpart for architecture.
      const draft = await draftNaming(page.request, projectName);
      const { id, headers } = draft;
      // Submitting needs a drawing for each discipline that names a counterpart.
      await attachDrawing(page.request, headers, id, 'architect');
      const since = new Date();
      const reference = await submitDraft(page.request, draft);
      const named = await mail.waitFor({ to: COUNTERPART, subject: `${reference}: awaiting your review`, since });
      expect(named.links).toContain(`${BASE_URL}/user/national/reviews/${id}`);

      // The counterpart finds it waiting, comments on a field and requests changes.
      await signInAs(page, COUNTERPART);
      await page.goto('/user/dashboard');
      await expect(page.getByRole('link', { name: text('account', 'dashboard.nationalTitle') })).toBeVisible();
      await expect(page.getByText(localePattern(lang, 'reviews', 'dashboard.card'))).toBeVisible();
      await page.goto('/user/national/dashboard');
      const toReview = page.getByRole('region', {
        name: new RegExp(escapeRegExp(text('reviews', 'dashboard.toReview'))),
      });
      await expect(toReview.getByRole('link', { name: projectName })).toBeVisible();
      await expect(
        page.getByRole('region', { name: new RegExp(escapeRegExp(text('reviews', 'dashboard.changesRequested'))) }),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: new RegExp(escapeRegExp(text('reviews', 'dashboard.countersigned'))) }),
      ).toBeVisible();
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);
      await shot(page, `dashboard-${lang}`, String(width));
      await toReview.getByRole('link', { name: projectName }).click();

      await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
      await expect(page.getByText(text('reviews', 'review.firstRound'))).toBeVisible();
      const area = formOneField('project_area')!.messageLabel[lang];
      await page.getByRole('button', { name: `${text('reviews', 'review.commentTitle')} — ${area}` }).click();
      await page
        .getByLabel(text('reviews', 'review.commentField', { field: area }))
        .fill('The project area must match the site plan.');
      await page
        .locator('[data-field="project_area"]')
        .getByRole('button', { name: text('reviews', 'review.addComment') })
        .click();
      await expect(page.getByText(text('reviews', 'review.commentAdded'))).toBeVisible();
      await expect(page.locator('[data-field="project_area"] [data-comment="project_area"]')).toContainText(
        'must match the site plan',
      );
      await expect(page.getByTestId('review-status')).toHaveText(label('Under Review'));
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);
      await shot(page, `review-${lang}`, String(width));

      const asked = new Date();
      await page.getByLabel(text('reviews', 'review.requestField')).selectOption('project_area');
      await page
        .getByLabel(text('reviews', 'review.requestText'))
        .fill('Give the project area of the approved site plan: 4,800 sq m.');
      await page.getByRole('button', { name: text('reviews', 'review.requestButton') }).click();
      await expect(page.getByText(text('reviews', 'review.requested'))).toBeVisible();
      await expect(page.getByTestId('review-status')).toHaveText(label('Returned for changes'));
      const returnedMail = await mail.waitFor({
        to: SUBMITTER,
        subject: `${reference}: changes requested`,
        since: asked,
      });
      expect(returnedMail.text).toContain('4,800 sq m');

      // The submitter sees each comment beside its field, changes it and resubmits.
      const own = await run.newPage(browser);
      await signInAs(own, SUBMITTER);
      await own.goto(`/user/projects/${id}`);
      await expect(own.locator('[data-field="project_area"] [data-comment="project_area"]').first()).toContainText(
        'site plan',
      );
      await own.goto(`/form-one?draft=${id}&step=4`);
      const commented = own.locator('[data-commented="project_area"]');
      await expect(commented).toContainText('4,800 sq m');
      await own.locator('[name="project_area"]').fill('4,800 sq m');
      await expect(own.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
      await own
        .getByRole('navigation', { name: text('form-one', 'stepsLabel') })
        .getByRole('button', { name: localePattern(lang, 'form-one', 'stepButton', { step: 7 }) })
        .click();
      const resubmitted = new Date();
      await own.getByRole('button', { name: text('form-one', 'submitForm') }).click();
      await own.getByRole('button', { name: text('form-one', 'review.submit') }).click();
      await expect(own.getByTestId('reference-number')).toHaveText(reference);
      await mail.waitFor({ to: COUNTERPART, subject: `${reference}: resubmitted with changes`, since: resubmitted });

      // The counterpart sees exactly what changed, highlighted, and countersigns.
      await page.goto(`/user/national/reviews/${id}`);
      await expect(page.getByTestId('review-changes')).toContainText('4,500 sq m');
      await expect(page.getByTestId('review-changes')).toContainText('4,800 sq m');
      await expect(page.locator('[data-change="project_area"]')).toContainText('4,800 sq m');
      await page
        .getByRole('button', { name: text('reviews', 'review.countersign', { discipline: architect }) })
        .click();
      // A final act is confirmed first, saying what cannot be undone (issue 28, item 7).
      const confirmSign = page.getByRole('dialog', {
        name: text('workflow', 'confirm.countersignTitle', { discipline: architect }),
      });
      const sign = confirmSign.getByRole('button', {
        name: text('workflow', 'confirm.countersignConfirm'),
        exact: true,
      });
      const signed = page.getByText(text('reviews', 'review.countersigned', { discipline: architect }));
      await expect(confirmSign).toContainText(text('workflow', 'confirm.countersignUndo'));
      await sign.click();
      await expect(signed).toBeVisible();
      // Until the committee decides, the counterpart can take it back (and give it again).
      await page.getByRole('button', { name: text('workflow', 'confirm.withdrawButton') }).click();
      await page
        .getByRole('dialog', { name: text('workflow', 'confirm.withdrawTitle', { discipline: architect }) })
        .getByRole('button', { name: text('workflow', 'confirm.withdrawConfirm'), exact: true })
        .click();
      await expect(page.getByText(text('workflow', 'confirm.withdrawn', { discipline: architect }))).toBeVisible();
      await page
        .getByRole('button', { name: text('reviews', 'review.countersign', { discipline: architect }) })
        .click();
      await sign.click();
      await expect(signed).toBeVisible();
      await fitsWidth(page, width);
      await expect(page.getByTestId('countersignatures')).toContainText('Demo National Counterpart');
      await mail.waitFor({ to: SUBMITTER, subject: `${reference}: countersigned`, since: resubmitted });

      // The committee approves; the project is published at once and linked from the registration.
      const admin = await run.newPage(browser);
      await signInAs(admin, ADMIN);
      await admin.goto(`/admin/registrations/${id}`);
      const counterparts = admin.getByTestId('admin-counterparts');
      await expect(counterparts).toContainText(COUNTERPART);
      await expect(counterparts).toContainText(text('admin', 'counterparts.hasAccount'));
      await expect(counterparts).toContainText(localePattern(lang, 'admin', 'counterparts.signed'));
      await expectNoA11yViolations(admin);
      await admin.getByLabel(text('admin', 'review.newStatus')).selectOption('Approved');
      await admin.getByRole('button', { name: text('admin', 'review.save') }).click();
      const confirmApproval = admin.getByRole('dialog', {
        name: text('workflow', 'confirm.approveTitle', { reference }),
      });
      await expect(confirmApproval).toContainText(text('workflow', 'confirm.approveUndo'));
      await expectNoA11yViolations(admin);
      await confirmApproval
        .getByRole('button', { name: text('workflow', 'confirm.approveConfirm'), exact: true })
        .click();
      await expect(admin.getByTestId('admin-status')).toHaveText(label('Approved'));
      await fitsWidth(admin, width);
      const published = admin.getByTestId('published-project');
      await expect(published).toBeVisible();
      await published.click();
      await expect(admin).toHaveURL(/\/project-detail\/\d+$/);
      await expect(
        admin.getByRole('row', { name: `${text('projects', 'columns.name')} ${projectName}` }),
      ).toBeVisible();
      await expect(
        admin.getByRole('row', {
          name: `${text('projects', 'columns.status')} ${text('projects', 'statuses.Active')}`,
        }),
      ).toBeVisible();
      await admin.context().close();
      const list = await page.request.get(`${BASE_URL}/api/project-list`);
      const projects = ((await list.json()) as { data: { project_name: string; status: string }[] }).data;
      // Found by name: the four runs of this journey approve at the same time, so "the newest" may be another's.
      expect(projects.find((p) => p.project_name === projectName)).toMatchObject({
        project_name: projectName,
        status: 'Active',
      });

      // Anyone can verify it; the PDF's QR code holds that address.
      const visitor = await run.newPage(browser);
      await visitor.goto(`/verify/${reference}`);
      await expect(visitor.getByTestId('verify-status')).toHaveText(label('Approved'));
      await expect(visitor.getByTestId('countersignatures')).toContainText('Demo National Counterpart');
      await expect(visitor.getByTestId('countersignatures')).toContainText(text('reviews', 'verify.current'));
      await expect(visitor.locator('body')).not.toContainText('@');
      await expectNoA11yViolations(visitor);
      await fitsWidth(visitor, width);
      await shot(visitor, `verify-${lang}`, String(width));
      await visitor.context().close();

      const pdf = await page.request.get(`${BASE_URL}/api/registrations/${id}/pdf`, { headers });
      expect(pdf.status()).toBe(200);
      expect(qrOfPage(await pdf.body())).toBe(`${BASE_URL}/verify/${reference}`);
      await own.context().close();
    });
  }

  test('a countersignature on a version that changed meanwhile is refused, saying so, and the new version is shown', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'a rule of the review, checked once');
    test.setTimeout(120_000);
    const projectName = `Changing Tower ${Date.now().toString(36)}`;
    const draft = await draftNaming(page.request, projectName);
    const { id, headers: submitter, data } = draft;
    const counterpart = { ...XHR, Authorization: `Bearer ${await tokenOf(page.request, COUNTERPART)}` };
    // Submitting needs a current drawing for the discipline that names a counterpart (issue 25).
    await attachDrawing(page.request, submitter, id, 'architect');
    await submitDraft(page.request, draft);

    // The counterpart reads the first version...
    await signInAs(page, COUNTERPART);
    await page.goto('/user/national/dashboard');
    await page
      .getByRole('region', { name: /To review/ })
      .getByRole('link', { name: projectName })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    const firstHash = await page.getByText(/^[0-9a-f]{64}$/).textContent();
    // ...while it goes back for changes and returns changed (elsewhere, through the API).
    const back = await page.request.post(`${BASE_URL}/api/reviews/${id}/request-changes`, {
      data: { discipline: 'architect', comments: [{ text: 'Give the area of the site plan.' }] },
      headers: counterpart,
    });
    expect(back.status()).toBe(200);
    const changed = { ...data, project_area: '4,900 sq m' };
    const again = await page.request.post(`${BASE_URL}/api/registrations/${id}/submit`, {
      data: { data: changed },
      headers: submitter,
    });
    expect(again.status(), await again.text()).toBe(200);

    // The page still shows the first version: countersigning it (through the confirmation,
    // issue 28 item 7) is refused, and the screen says why.
    const confirmSign = page.getByRole('dialog', { name: 'Countersign as Architect?' });
    await page.getByRole('button', { name: 'Countersign as Architect' }).click();
    await confirmSign.getByRole('button', { name: 'Countersign', exact: true }).click();
    await expect(page.getByText('The registration changed after you opened it')).toBeVisible();
    await expect(page.getByText(/^[0-9a-f]{64}$/)).not.toHaveText(firstHash!);
    await expect(page.locator('[data-change="project_area"]')).toContainText('4,900 sq m');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Countersign as Architect' }).click();
    await confirmSign.getByRole('button', { name: 'Countersign', exact: true }).click();
    await expect(page.getByText('Countersigned as Architect.')).toBeVisible();
  });

  test('the counterpart dashboard, the review screen and the verify page read in Burmese without accessibility problems @phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await tokenOf(page.request, COUNTERPART);
    const reviews = await page.request.get(`${BASE_URL}/api/reviews`, {
      headers: { ...XHR, Authorization: `Bearer ${token}` },
    });
    const items = (
      (await reviews.json()) as {
        data: { registration: { id: number; project_name: string; reference_number: string } }[];
      }
    ).data;
    const resubmitted = items.find((i) => i.registration.project_name === 'Yadanar Residences')!.registration;

    await useBurmese(page);
    await signInAs(page, COUNTERPART);
    await page.goto('/user/national/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'နိုင်ငံသား တွဲဖက်ပညာရှင် ဒက်ရှ်ဘုတ်' })).toBeVisible();
    await expect(page.getByText('ရက်ကျော်နေသည်').first()).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, 'dashboard-my', testInfo.project.name);

    await page.goto(`/user/national/reviews/${resubmitted.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'ယခင် အကြိမ်မှ ပြောင်းလဲထားသည်များ' })).toBeVisible();
    await expect(page.locator('[data-change="project_area"]')).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, 'review-my', testInfo.project.name);

    await page.goto(`/verify/${resubmitted.reference_number}`);
    await expect(page.getByTestId('verify-reference')).toHaveText(resubmitted.reference_number);
    await expectNoA11yViolations(page);
    await shot(page, 'verify-my', testInfo.project.name);

    if (SHOTS) {
      // The English pages at this width too.
      await page.addInitScript(() => localStorage.setItem('hpbc.language', 'en'));
      for (const [name, url] of [
        ['dashboard-en', '/user/national/dashboard'],
        ['review-en', `/user/national/reviews/${resubmitted.id}`],
        ['verify-en', `/verify/${resubmitted.reference_number}`],
      ] as const) {
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        await shot(page, `${name}-seeded`, testInfo.project.name);
      }
    }
  });

  // In English and Burmese, at 1280 and 390 px (issue 28). The seeded registrations are shared
  // by the four runs: the first moves "Thiri Mingalar Tower" to Under Review, the others find it there.
  for (const [lang, width] of LANGS_AND_WIDTHS) {
    test(`the committee sees each counterpart and why approval waits; the submitter sees comments beside the fields (${lang}, ${width} px)`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const run = runIn(lang, width);
      const { text, label } = run;
      await run.prepare(page);
      const token = await tokenOf(page.request, SUBMITTER);
      const mine = await page.request.get(`${BASE_URL}/api/registrations`, {
        headers: { ...XHR, Authorization: `Bearer ${token}` },
      });
      const regs = ((await mine.json()) as { data: { id: number; project_name: string }[] }).data;
      const waiting = regs.find((r) => r.project_name === 'Thiri Mingalar Tower')!;
      const returned = regs.find((r) => r.project_name === 'Golden Valley Condominium')!;

      await signInAs(page, ADMIN);
      await page.goto(`/admin/registrations/${waiting.id}`);
      const counterparts = page.getByTestId('admin-counterparts');
      await expect(counterparts).toContainText(text('admin', 'counterparts.noAccount'));
      await expect(counterparts).toContainText(text('admin', 'counterparts.missing'));
      const status = page.getByTestId('admin-status');
      const newStatus = page.getByLabel(text('admin', 'review.newStatus'));
      const change = page.getByRole('button', { name: text('admin', 'review.save') });
      await expect(status).toHaveText(new RegExp(`^(${label('Submitted')}|${label('Under Review')})$`));
      if ((await status.textContent()) === label('Submitted')) {
        await newStatus.selectOption('Under Review');
        await change.click();
        await expect(status).toHaveText(label('Under Review'));
      }
      await newStatus.selectOption('Approved');
      await change.click();
      await page
        .getByRole('dialog', { name: localePattern(lang, 'workflow', 'confirm.approveTitle') })
        .getByRole('button', { name: text('workflow', 'confirm.approveConfirm'), exact: true })
        .click();
      // The refusal names the disciplines still to countersign, in the page's language.
      const refused = MESSAGE_TEMPLATES.countersignatures_missing[lang].split(/[:။]/)[0]!;
      const missing = (['architect', 'structure', 'electrical'] as const).map((d) => DISCIPLINE_TITLES[d][lang]);
      await expect(page.getByText(new RegExp([refused, ...missing].map(escapeRegExp).join('.*')))).toBeVisible();
      await expect(status).toHaveText(label('Under Review'));
      await expectNoA11yViolations(page);
      await fitsWidth(page, width);
      await shot(page, `admin-${lang}-${width}`, 'desktop');

      const own = await run.newPage(browser);
      await signInAs(own, SUBMITTER);
      await own.goto(`/user/projects/${returned.id}`);
      await expect(own.locator('[data-field="total_area_1"] [data-comment="total_area_1"]')).toContainText(
        'total floor area per building',
      );
      await expect(own.getByRole('region', { name: text('form-one', 'reviewNotes.countersignatures') })).toContainText(
        'soil investigation',
      );
      await expectNoA11yViolations(own);
      await fitsWidth(own, width);
      await shot(own, `submitter-${lang}-${width}`, 'desktop');
      await own.goto(`/form-one?draft=${returned.id}&step=4`);
      await expect(own.locator('[data-commented="total_area_1"]')).toContainText('total floor area per building');
      await fitsWidth(own, width);
      await shot(own, `form-${lang}-${width}`, 'desktop');
      await own.context().close();
    });
  }
});
