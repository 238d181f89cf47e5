import type { Page } from '@playwright/test';
import { fieldLabel } from '../packages/shared/src/index';
import {
  expect,
  expectNoA11yViolations,
  fitsWidth,
  LANGS_AND_WIDTHS,
  localeText,
  runIn,
  signInAs,
  test,
  type Lang,
} from './fixtures';

// Issue 28, item 11 (decision 106): an administrator gives the recommendations Burmese texts
// beside the English ones; the public page shows them in Burmese and the English, marked
// lang="en", where none was given. In English and Burmese at 1280 and 390 px.
const ADMIN = 'admin@hpbc.test';
const SHOTS = process.env.SHOTS_DIR;

const tag = () => Date.now().toString(36) + Math.floor(Math.random() * 1e4).toString(36);
/** A field's label as the editor writes it (labelOf in register-editor.tsx). */
const label = (field: string, lang: Lang) => {
  const text = fieldLabel(field, lang);
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const admin = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  localeText(lang, 'admin-data', key, values);

/** A screenshot: the window for the editor's dialogs (the tree under them is thousands of nodes long). */
async function shot(page: Page, name: string, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

for (const [lang, width] of LANGS_AND_WIDTHS) {
  test(`an administrator gives the recommendations Burmese texts and the public page shows them (${lang}, ${width} px)`, async ({
    page,
  }) => {
    // The editor shows the whole tree (thousands of nodes), read whole by axe twice.
    test.setTimeout(240_000);
    await runIn(lang, width).prepare(page);
    const id = tag();
    const en = {
      discipline: `Fire Safety ${id}`,
      sub: `Means of Escape ${id}`,
      title: `Exit Routes ${id}`,
      subTitle: `Exit Doors ${id}`,
      item: `Door swing ${id}`,
      content: 'Doors on escape routes open in the direction of escape.',
    };
    const my = {
      discipline: `မီးဘေး လုံခြုံရေး ${id}`,
      sub: 'လွတ်မြောက်ရာ လမ်းကြောင်း',
      subTitle: 'ထွက်ပေါက် တံခါးများ',
      item: 'တံခါး ဖွင့်ရာ ဘက်',
      content: 'လွတ်မြောက်ရာ လမ်းကြောင်းပေါ်ရှိ တံခါးများကို လွတ်မြောက်ရာ ဘက်သို့ ဖွင့်ရမည်။',
    };

    await signInAs(page, ADMIN);
    await page.goto('/admin/recommendations');
    await expect(page.getByRole('heading', { level: 1, name: admin(lang, 'tree.title') })).toBeVisible();
    const save = admin(lang, 'save');
    const levelA = (level: string) => admin(lang, `tree.levelsA.${level}`);

    // The discipline: a Burmese name over 1000 characters is refused as the English one is.
    const addDiscipline = admin(lang, 'tree.add', { level: levelA('discipline') });
    await page.getByRole('button', { name: addDiscipline, exact: true }).click();
    let dialog = page.getByRole('dialog', { name: addDiscipline });
    await dialog.getByLabel(label('name', lang), { exact: true }).fill(en.discipline);
    await dialog.getByLabel(label('name_my', lang), { exact: true }).fill('က'.repeat(1001));
    await dialog.getByLabel(label('position', lang), { exact: true }).fill('900');
    await dialog.getByRole('button', { name: save }).click();
    const tooLong = dialog.getByRole('alert').filter({ hasText: label('name_my', lang) });
    await expect(tooLong.first()).toBeVisible();
    await dialog.getByLabel(label('name_my', lang), { exact: true }).fill(my.discipline);
    await shot(page, `rec-editor-discipline-${lang}-${width}`);
    await dialog.getByRole('button', { name: save }).click();
    await expect(dialog).toBeHidden();

    // Each level below it; the title is left without Burmese to show the fallback.
    const levels = [
      ['sub_discipline', en.sub, my.sub],
      ['title', en.title, ''],
      ['sub_title', en.subTitle, my.subTitle],
      ['item', en.item, my.item],
    ] as const;
    let parent = en.discipline;
    for (const [level, name, nameMy] of levels) {
      const add = admin(lang, 'tree.addUnder', { level: levelA(level), name: parent });
      await page.getByRole('button', { name: add, exact: true }).click();
      dialog = page.getByRole('dialog', { name: add });
      await dialog.getByLabel(label('name', lang), { exact: true }).fill(name);
      if (nameMy) await dialog.getByLabel(label('name_my', lang), { exact: true }).fill(nameMy);
      if (level === 'item') {
        await dialog.getByLabel(label('content', lang), { exact: true }).fill(en.content);
        await dialog.getByLabel(label('content_my', lang), { exact: true }).fill(my.content);
        // The Burmese boxes say which language they hold.
        await expect(dialog.getByLabel(label('content_my', lang), { exact: true })).toHaveAttribute('lang', 'my');
        await expectNoA11yViolations(page);
        await shot(page, `rec-editor-item-${lang}-${width}`);
      }
      await dialog.getByRole('button', { name: save }).click();
      await expect(dialog).toBeHidden();
      parent = name;
    }
    // The tree shows each Burmese name under its English one.
    await expect(page.getByText(my.discipline, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    // Editing the item shows what was saved, each Burmese box beside its English one.
    await page.getByRole('button', { name: admin(lang, 'editNamed', { name: en.item }), exact: true }).click();
    dialog = page.getByRole('dialog', { name: admin(lang, 'editTitle', { name: en.item }) });
    await expect(dialog.getByLabel(label('name_my', lang), { exact: true })).toHaveValue(my.item);
    await expect(dialog.getByLabel(label('content_my', lang), { exact: true })).toHaveValue(my.content);
    const english = await dialog.getByLabel(label('content', lang), { exact: true }).boundingBox();
    const burmese = await dialog.getByLabel(label('content_my', lang), { exact: true }).boundingBox();
    if (width === 1280) expect(Math.abs(english!.y - burmese!.y)).toBeLessThan(2);
    else expect(burmese!.y).toBeGreaterThan(english!.y);
    // Closed unchanged (in Burmese, Cancel and the dialog's Close both read ပိတ်ရန်).
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The public page, in the same language.
    await page.goto('/recommendation-process');
    const group = page.getByRole('group', { name: localeText(lang, 'recommendations', 'disciplines') });
    const shown = lang === 'my' ? my : { ...en, title: en.title };
    await group.getByRole('button', { name: shown.discipline, exact: true }).click();
    const section = page.getByRole('region', { name: shown.discipline });
    await expect(section.getByRole('heading', { level: 3, name: shown.sub })).toBeVisible();
    await expect(section.getByText(shown.item, { exact: true })).toBeVisible();
    await expect(section.getByText(shown.content, { exact: true })).toBeVisible();
    const title = section.getByRole('heading', { level: 4, name: en.title });
    await expect(title).toBeVisible();
    if (lang === 'my') {
      // No Burmese title was given: the English one stands in, marked as English, and the page says so.
      await expect(title.locator('[lang="en"]')).toHaveText(en.title);
      await expect(section.getByText(localeText('my', 'recommendations', 'partlyInEnglish'))).toBeVisible();
      await expect(section.getByText(en.item)).toHaveCount(0);
    } else {
      await expect(section.getByText(my.item)).toHaveCount(0);
      await expect(section.getByText(localeText('en', 'recommendations', 'partlyInEnglish'))).toHaveCount(0);
    }
    await fitsWidth(page, width);
    await expectNoA11yViolations(page);
    await section.getByRole('heading', { level: 3 }).scrollIntoViewIfNeeded();
    await shot(page, `rec-public-${lang}-${width}`, true);

    // Tidy: the discipline and everything under it go.
    await page.goto('/admin/recommendations');
    await page.getByRole('button', { name: admin(lang, 'deleteNamed', { name: en.discipline }), exact: true }).click();
    await page
      .getByRole('dialog', { name: admin(lang, 'tree.deleteTitle', { name: en.discipline }) })
      .getByRole('button', { name: admin(lang, 'delete'), exact: true })
      .click();
    await expect(page.getByText(admin(lang, 'tree.deleted', { name: en.discipline }))).toBeVisible();
  });
}
