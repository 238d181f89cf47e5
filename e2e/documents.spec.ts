import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DISCIPLINE_TITLES } from '../packages/shared/src/counterpart-review';
import { registrationStatusLabel } from '../packages/shared/src/registration-workflow';
import {
  XHR,
  tokenOf,
  expect as baseExpect,
  expectNoA11yViolations,
  localePattern,
  localeText,
  SHOTS,
  shot,
  signInAs,
  test,
  useBurmese,
  type Lang,
} from './fixtures';
import { ADMIN, COUNTERPART, SUBMITTER, draftNaming, submitDraft } from './support/registrations';
import { sheetPdf } from './support/documents';
import { BASE_URL } from './support/ports';

// The first visit of a page loads its code, its texts and pdf.js: slow on a busy 2-core CI machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Screenshots of the screen as it stands in English and Burmese at 1280 and 390 px (switched
 * with the header's language buttons, so the screen keeps its state), back to English 1280.
 */
async function shots(page: Page, name: string, part?: Locator, back: Lang = 'en') {
  if (!SHOTS) return;
  const language = page.getByRole('group', { name: /Language|ဘာသာစကား/ });
  for (const [lang, button] of [
    ['en', 'English'],
    ['my', 'မြန်မာ'],
  ] as const) {
    // The header's language buttons are clicked at 1280 px (the phone layout folds the header).
    await page.setViewportSize({ width: 1280, height: 800 });
    await language.getByRole('button', { name: button }).click();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      // The page lays itself out again (and the viewer draws the page again) at the new width.
      await page.waitForTimeout(800);
      const file = path.join(SHOTS, `${name}-${lang}-${width}.png`);
      // The review screen is very long: a part of it (the viewer, the comparison) is what is looked at.
      if (part) await part.screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: true });
    }
  }
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await language.getByRole('button', { name: back === 'my' ? 'မြန်မာ' : 'English' }).click();
  await page.setViewportSize(size ?? { width: 1280, height: 800 });
}

/** The share of a canvas's pixels that are dark (ink), from 0 to 1; 1 when nothing is drawn yet. */
function inkShare(canvas: Locator): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    if (!c.width || !c.height) return 1;
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i]! + data[i + 1]! + data[i + 2]! < 300 || data[i + 3] === 0) dark++;
    return dark / (data.length / 4);
  });
}

/** Fills one chosen file's sheet fields (the row that names the file). */
async function typeSheet(page: Page, file: string, kind: string, title: string, lang: Lang = 'en') {
  const row = page.getByTestId('sheet-row').filter({ hasText: file });
  await row.getByLabel(localeText(lang, 'documents', 'upload.kind')).selectOption(kind);
  await row.getByLabel(localeText(lang, 'documents', 'upload.sheetTitle')).fill(title);
}

test.describe('Design documents', () => {
  // In English at 1280 px, and in Burmese at 390 px (@phone), issue 25.
  test('a set uploaded with one upload cut off and resumed; pinned, replaced, compared, countersigned, approved and checked on /verify @phone', async ({
    page,
    browser,
    context,
  }, testInfo) => {
    test.setTimeout(300_000);
    const lang: Lang = testInfo.project.name === 'phone' ? 'my' : 'en';
    const L = (ns: string, key: string, values?: Record<string, string | number>) => localeText(lang, ns, key, values);
    const P = (ns: string, key: string, values?: Record<string, string | number>) =>
      localePattern(lang, ns, key, values);
    const architect = DISCIPLINE_TITLES.architect[lang];
    const newPage = async (ctx: typeof context) => {
      const p = await ctx.newPage();
      if (lang === 'my') await useBurmese(p);
      return p;
    };
    if (lang === 'my') await useBurmese(page);
    const projectName = `Drawn Tower ${Date.now().toString(36)}`;
    const draft = await draftNaming(page.request, projectName);
    const { id, headers } = draft;

    // The owner chooses two sheets at once; the larger one's upload is cut off halfway.
    await signInAs(page, SUBMITTER);
    await page.goto(`/user/projects/${id}/documents`);
    await expect(page.getByRole('heading', { level: 1, name: L('documents', 'page.title') })).toBeVisible();
    await expect(page.getByText(L('documents', 'page.missingTitle'))).toBeVisible();
    // The cut falls on the large sheet's second chunk (an offset past 0): by then the small one
    // is sent and attached, whichever of the two started first.
    let cut = false;
    await page.route('**/api/uploads/*', async (route) => {
      const offset = Number(route.request().headers()['upload-offset'] ?? 0);
      if (route.request().method() === 'PATCH' && offset > 0 && !cut) {
        cut = true;
        // The connection drops in the middle of the set: the browser goes offline for a moment.
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        setTimeout(() => void context.setOffline(false), 1500);
        return;
      }
      await route.continue();
    });
    await page.getByTestId('sheet-files').setInputFiles([
      {
        name: 'A-101.pdf',
        mimeType: 'application/pdf',
        buffer: await sheetPdf('A-101 Ground floor plan', { padding: 6 * 1024 * 1024 }),
      },
      { name: 'A-301.pdf', mimeType: 'application/pdf', buffer: await sheetPdf('A-301 Section') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a drawing') },
    ]);
    await expect(page.getByTestId('sheet-row').filter({ hasText: 'notes.txt' })).toContainText(
      L('documents', 'upload.error.notPdf'),
    );
    await typeSheet(page, 'A-101.pdf', 'floor_plan', 'Ground floor plan', lang);
    await typeSheet(page, 'A-301.pdf', 'section', 'Section A-A', lang);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: L('documents', 'upload.send', { count: 2 }) }).click();
    const big = page.getByTestId('sheet-row').filter({ hasText: 'A-101.pdf' });
    await expect(big.getByTestId('sheet-state')).toHaveText(P('documents', 'upload.state.retrying'));
    const added = (number: string, revision: string) => L('documents', 'upload.state.done', { number, revision });
    await expect(big.getByTestId('sheet-state')).toHaveText(added('A-101', 'A'), { timeout: 30_000 });
    await expect(page.getByTestId('sheet-row').filter({ hasText: 'A-301.pdf' }).getByTestId('sheet-state')).toHaveText(
      added('A-301', 'A'),
    );
    await page.unroute('**/api/uploads/*');
    // The resumed upload is the same bytes: the server counted its pages and hashed it.
    const listed = await page.request.get(`${BASE_URL}/api/registrations/${id}/documents`, { headers });
    const docs = ((await listed.json()) as { data: { number: string; size: number; pages: number }[] }).data;
    expect(docs.find((d) => d.number === 'A-101')).toMatchObject({ pages: 1 });
    expect(docs.find((d) => d.number === 'A-101')!.size).toBeGreaterThan(6 * 1024 * 1024);
    await expect(page.getByTestId('document-row')).toHaveCount(2);
    await expect(page.getByText(L('documents', 'page.complete'))).toBeVisible();
    if (lang === 'en') await shots(page, 'documents-upload');

    const reference = await submitDraft(page.request, draft);

    // The counterpart pins a comment on the floor plan, citing a clause, and requests changes.
    const reviewerContext = await browser.newContext({ baseURL: BASE_URL });
    const reviewer = await newPage(reviewerContext);
    await signInAs(reviewer, COUNTERPART);
    await reviewer.goto(`/user/national/reviews/${id}`);
    const sheets = reviewer.getByRole('region', { name: L('documents', 'review.title') });
    const view = `${L('documents', 'list.view')} — A-101`;
    await sheets.getByRole('button', { name: view }).click();
    const viewer = reviewer.getByTestId('drawing-viewer');
    await expect(viewer).toHaveAttribute('data-pages', '1');
    const pageArea = viewer.getByRole('region', { name: P('documents', 'viewer.pageArea') });
    await expect.poll(() => inkShare(pageArea.locator('canvas'))).toBeLessThan(0.2);
    // Inside the room's wall on the page, whatever the width the page is drawn at.
    const box = (await pageArea.locator('canvas').boundingBox())!;
    await pageArea.locator('canvas').click({ position: { x: box.width * 0.3, y: box.height * 0.45 } });
    await expect(reviewer.getByTestId('pin-place')).toHaveText(P('documents', 'review.pinPlace', { page: 1 }));
    await reviewer
      .getByLabel(L('documents', 'review.pinText'), { exact: true })
      .fill('The stair core is too narrow for the fire escape.');
    await reviewer.getByLabel(L('documents', 'review.clauseVolume')).selectOption('2');
    await reviewer.getByLabel(L('documents', 'review.clausePage')).fill('3');
    await reviewer.getByRole('button', { name: L('documents', 'review.clausePreview') }).click();
    await expect(reviewer.getByTestId('clause-frame')).toHaveAttribute('src', /part-2\.pdf#page=3/);
    await reviewer.getByRole('button', { name: L('documents', 'review.pinAdd') }).click();
    await expect(reviewer.getByText(L('documents', 'review.pinAdded', { number: 'A-101' }))).toBeVisible();
    await expect(viewer.getByTestId('pin')).toHaveCount(1);
    await expect(reviewer.getByTestId('pin-comment')).toContainText(P('documents', 'pins.clause', { page: 3 }));
    await expectNoA11yViolations(reviewer);
    if (lang === 'en') await shots(reviewer, 'review-viewer', reviewer.getByTestId('drawing-viewer'));
    await reviewer
      .getByLabel(L('reviews', 'review.requestText'))
      .fill('Widen the stair core, see the pinned comment on A-101.');
    await reviewer.getByRole('button', { name: L('reviews', 'review.requestButton') }).click();
    await expect(reviewer.getByTestId('review-status')).toHaveText(
      registrationStatusLabel('Returned for changes', lang),
    );

    // The owner sees the pin on the sheet and replaces the sheet (A → B).
    await page.reload();
    await page.getByTestId('document-row').filter({ hasText: 'A-101' }).getByRole('button', { name: view }).click();
    await expect(page.getByTestId('drawing-viewer').getByTestId('pin')).toHaveCount(1);
    await expect(page.getByTestId('pin-comment')).toContainText('stair core');
    await page.getByTestId('sheet-files').setInputFiles([
      {
        name: 'A-101-rev-b.pdf',
        mimeType: 'application/pdf',
        buffer: await sheetPdf('A-101 Ground floor plan', { wall: 380 }),
      },
    ]);
    await expect(page.getByTestId('sheet-row').getByLabel(L('documents', 'upload.number'))).toHaveValue('A-101');
    await typeSheet(page, 'A-101-rev-b.pdf', 'floor_plan', 'Ground floor plan', lang);
    // The server makes the document, but its answer is lost with the connection: the finished
    // upload waits (not sent again), and once online the retry finds revision B (decision 135).
    let attachLost = false;
    await page.route(`**/api/registrations/${id}/documents`, async (route) => {
      if (route.request().method() !== 'POST' || attachLost) return route.continue();
      attachLost = true;
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      setTimeout(() => void context.setOffline(false), 1500);
    });
    await page.getByRole('button', { name: L('documents', 'upload.send', { count: 1 }) }).click();
    await expect(page.getByTestId('sheet-row').getByTestId('sheet-state')).toHaveText(
      L('documents', 'upload.state.waiting'),
    );
    await expect(page.getByTestId('sheet-row').getByTestId('sheet-state')).toHaveText(added('A-101', 'B'), {
      timeout: 30_000,
    });
    await page.unroute(`**/api/registrations/${id}/documents`);
    const revisions = await page.request.get(`${BASE_URL}/api/registrations/${id}/documents`, { headers });
    expect(
      ((await revisions.json()) as { data: { number: string; revision: string }[] }).data
        .filter((d) => d.number === 'A-101')
        .map((d) => d.revision),
    ).toEqual(['A', 'B']);
    await submitDraft(page.request, draft);

    // The counterpart sees the replaced sheet, compares the revisions and countersigns.
    await reviewer.reload();
    await expect(reviewer.getByTestId('sheet-changes')).toContainText(
      L('documents', 'review.replaced', { older: 'A', newer: 'B' }),
    );
    await reviewer
      .getByTestId('sheet-changes')
      .getByRole('button', { name: `${L('documents', 'list.compare', { older: 'A', newer: 'B' })} — A-101` })
      .click();
    await expect(reviewer.getByTestId('overlay-changed')).toHaveText(P('documents', 'compare.changedShare'));
    if (lang === 'en') await shots(reviewer, 'review-overlay', reviewer.getByTestId('compare-view'));
    await reviewer.getByRole('radio', { name: L('documents', 'compare.side') }).click();
    await expect(reviewer.getByTestId('compare-view').getByRole('img')).toHaveCount(2);
    await expectNoA11yViolations(reviewer);
    if (lang === 'en') await shots(reviewer, 'review-compare', reviewer.getByTestId('compare-view'));
    await reviewer.getByRole('button', { name: L('reviews', 'review.countersign', { discipline: architect }) }).click();
    // A final act is confirmed first (issue 28).
    await reviewer
      .getByRole('dialog', { name: L('workflow', 'confirm.countersignTitle', { discipline: architect }) })
      .getByRole('button', { name: L('workflow', 'confirm.countersignConfirm'), exact: true })
      .click();
    await expect(reviewer.getByText(L('reviews', 'review.countersigned', { discipline: architect }))).toBeVisible();
    await reviewerContext.close();

    // The committee approves: each current sheet gets its stamped copy.
    const adminToken = await tokenOf(page.request, ADMIN);
    const approved = await page.request.patch(`${BASE_URL}/api/admin/registrations/${id}/status`, {
      data: { status: 'Approved' },
      headers: { ...XHR, Authorization: `Bearer ${adminToken}` },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    const current = (
      (await (await page.request.get(`${BASE_URL}/api/registrations/${id}/documents`, { headers })).json()) as {
        data: { id: number; number: string; status: string }[];
      }
    ).data.find((d) => d.number === 'A-101' && d.status === 'current')!;
    const stamped = await page.request.get(`${BASE_URL}/api/documents/${current.id}/approved`, { headers });
    expect(stamped.status()).toBe(200);

    // Anyone checks a stamped sheet they hold on /verify, computed in their browser.
    const visitorContext = await browser.newContext({ baseURL: BASE_URL });
    const visitor = await newPage(visitorContext);
    await visitor.goto(`/verify/${reference}`);
    await expect(visitor.getByTestId('approved-sheets')).toContainText('A-101');
    // The file picker speaks the page's language, not the browser's ("Choose File"): a visible
    // button-like label over a visually hidden input that keeps its name and the keyboard.
    const picker = visitor.getByLabel(L('documents', 'verify.chooseFile'));
    await expect(visitor.getByText(L('documents', 'verify.chooseFile'), { exact: true })).toBeVisible();
    await expect(visitor.getByTestId('verify-file-name')).toHaveText(L('documents', 'verify.noFileChosen'));
    await picker.focus();
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAccessibleName(
      `${L('documents', 'verify.checkFile')} ${L('documents', 'verify.chooseFile')}`,
    );
    await visitor.getByTestId('verify-file').setInputFiles({
      name: 'A-101-approved.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await stamped.body()),
    });
    await expect(visitor.getByTestId('verify-result')).toContainText(
      P('documents', 'verify.match', { number: 'A-101' }),
    );
    await expect(visitor.getByTestId('verify-file-name')).toHaveText(
      L('documents', 'verify.fileChosen', { name: 'A-101-approved.pdf' }),
    );
    await visitor.getByTestId('verify-file').setInputFiles({
      name: 'other.pdf',
      mimeType: 'application/pdf',
      buffer: await sheetPdf('Someone else'),
    });
    await expect(visitor.getByTestId('verify-result')).toContainText(L('documents', 'verify.noMatch'));
    await expectNoA11yViolations(visitor);
    await shot(visitor, `verify-documents-${lang}`, testInfo.project.name);
    await visitorContext.close();
  });

  test('the demo set in Burmese: sheets, the viewer with its pins, and the approved set on /verify @phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await useBurmese(page);
    const token = await signInAs(page, SUBMITTER);
    const list = await page.request.get(`${BASE_URL}/api/registrations`, {
      headers: { ...XHR, Authorization: `Bearer ${token}` },
    });
    const regs = ((await list.json()) as { data: { id: number; status: string; reference_number: string | null }[] })
      .data;
    // The demo's approved set: journeys that ran before (admin.spec) approve newer registrations
    // of the same submitter, whose sheets were never stamped.
    let approved = regs.find((r) => r.status === 'Approved')!;
    for (const r of regs.filter((x) => x.status === 'Approved').slice(0, 5)) {
      const verified = await page.request.get(`${BASE_URL}/api/verify/${r.reference_number}`, { headers: XHR });
      if (verified.ok() && ((await verified.json()) as { documents: unknown[] }).documents.length > 0) {
        approved = r;
        break;
      }
    }
    // The registration with pinned comments on the first revision of its floor plan.
    const reviewed = regs.find((r) => r.status === 'Under Review' || r.status === 'Returned for changes') ?? approved;

    await page.goto(`/user/projects/${reviewed.id}/documents`);
    await expect(page.getByRole('heading', { level: 1, name: 'ဒီဇိုင်း စာရွက်စာတမ်းများ' })).toBeVisible();
    await expect(page.getByTestId('document-row').first()).toBeVisible();
    await page
      .getByTestId('document-row')
      .first()
      .getByRole('button', { name: /^ကြည့်ရန်/ })
      .click();
    await expect(page.getByTestId('drawing-viewer')).toBeVisible();
    await expect(page.getByTestId('drawing-viewer').locator('canvas').first()).toBeVisible();
    // The sheet is drawn on white paper: mostly light pixels, not a page filled black.
    await expect
      .poll(() => inkShare(page.getByTestId('drawing-viewer').locator('[role=region] canvas')))
      .toBeLessThan(0.2);
    await expectNoA11yViolations(page);
    await shot(page, 'documents-my', testInfo.project.name);

    await page.goto(`/verify/${approved.reference_number}`);
    await expect(page.getByTestId('approved-sheets')).toBeVisible();
    await expect(page.getByText('သင့်ထံရှိ မိတ္တူကို စစ်ဆေးရန်')).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, 'verify-documents-my', testInfo.project.name);
  });
});
