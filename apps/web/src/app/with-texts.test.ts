import { describe, expect, it } from 'vitest';
import { PAGE_TEXT_BUNDLES } from 'virtual:page-texts';
import i18n from '../lib/i18n';
import { PAGE_PRELOADS, pageTexts } from './page-preloads';
import { withTexts } from './with-texts';

describe("a page's texts in one file (docs/decisions/128)", () => {
  it('holds every namespace of the review screen, in each language, as src/locales has them', async () => {
    const files = PAGE_TEXT_BUNDLES['user/national/reviews/:id']!;
    const en = (await files.en()).default;
    const my = (await files.my()).default;
    expect(Object.keys(en).sort()).toEqual(pageTexts('user/national/reviews/:id').sort());
    expect(Object.keys(my).sort()).toEqual(Object.keys(en).sort());
    expect(en.reviews).toEqual((await import('../locales/en/reviews.json')).default);
    expect(my.reviews).toEqual((await import('../locales/my/reviews.json')).default);
  });

  it('is built for every preloaded page with more than one namespace, and only for those', () => {
    const several = Object.entries(PAGE_PRELOADS)
      .filter(([, spec]) => spec.namespaces.length > 1)
      .map(([page]) => page);
    expect(Object.keys(PAGE_TEXT_BUNDLES).sort()).toEqual(several.sort());
  });

  it("loads with the page's code", async () => {
    const load = withTexts('user/company/inspections', () => Promise.resolve('page'));
    await expect(load()).resolves.toBe('page');
    expect(i18n.hasNamespaces(pageTexts('user/company/inspections'))).toBe(true);
  });
});
