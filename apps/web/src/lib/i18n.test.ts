import { afterEach, describe, expect, it } from 'vitest';
import i18n from './i18n';

describe('numbers in translated text', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('puts Burmese digits into Burmese strings and leaves text values and English alone', async () => {
    i18n.addResources('my', 'test-digits', { step: 'အဆင့် {{step}} / {{total}}', mail: '{{email}} သို့' });
    i18n.addResources('en', 'test-digits', { step: 'Step {{step}} of {{total}}' });
    await i18n.changeLanguage('my');
    expect(i18n.t('step', { ns: 'test-digits', step: 3, total: 7 })).toBe('အဆင့် ၃ / ၇');
    // A text value (an address, a reference number) is not a number: it stays as it is.
    expect(i18n.t('mail', { ns: 'test-digits', email: 'a1@b2.example' })).toBe('a1@b2.example သို့');
    await i18n.changeLanguage('en');
    expect(i18n.t('step', { ns: 'test-digits', step: 3, total: 7 })).toBe('Step 3 of 7');
  });
});

describe('the translation store', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('picks the plural by the count, and falls back to English where Burmese lacks a text', async () => {
    i18n.addResources('en', 'test-store', {
      rows_one: '{{count}} row',
      rows_other: '{{count}} rows',
      only: 'Only in English',
      nested: { list: ['first {{n}}', 'second'] },
    });
    i18n.addResources('my', 'test-store', { rows_other: 'အတန်း {{count}} ခု' });
    const en = i18n.getFixedT('en', 'test-store');
    expect(en('rows', { count: 1 })).toBe('1 row');
    expect(en('rows', { count: 3 })).toBe('3 rows');
    expect(en('nested.list', { returnObjects: true, n: 1 })).toEqual(['first 1', 'second']);
    const my = i18n.getFixedT('my', 'test-store');
    expect(my('rows', { count: 1 })).toBe('အတန်း ၁ ခု');
    expect(my('only')).toBe('Only in English');
  });

  it('shows a missing key as given, or its default value', () => {
    const t = i18n.getFixedT('en', 'test-store');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('no.such.key', { defaultValue: 'Fallback {{x}}', x: 'here' })).toBe('Fallback here');
  });

  it('tells listeners once the language has changed, with the texts of the new one loaded', async () => {
    const seen: string[] = [];
    const stop = i18n.onLanguageChanged((lng) => seen.push(`${lng}:${i18n.isLoaded(lng, 'common')}`));
    await i18n.changeLanguage('my');
    await i18n.changeLanguage('my');
    stop();
    await i18n.changeLanguage('en');
    expect(seen).toEqual(['my:true']);
  });
});

describe('namespaces loaded together (docs/decisions/128)', () => {
  it('takes every namespace from one file per language, keeping one already loaded', async () => {
    i18n.addResources('en', 'test-kept', { a: 'kept' });
    const asked: string[] = [];
    const file = (lng: 'en' | 'my', texts: Record<string, unknown>) => () => {
      asked.push(lng);
      return Promise.resolve({ default: texts });
    };
    await i18n.loadTogether(['test-kept', 'test-new'], {
      en: file('en', { 'test-kept': { a: 'replaced' }, 'test-new': { b: 'new' } }),
      my: file('my', {}),
    });
    // English only: Burmese is not asked for while the page is in English.
    expect(asked).toEqual(['en']);
    expect(i18n.t('a', { ns: 'test-kept' })).toBe('kept');
    expect(i18n.t('b', { ns: 'test-new' })).toBe('new');
    expect(i18n.hasNamespaces(['test-kept', 'test-new'])).toBe(true);
  });

  it('asks for nothing when the namespaces are loaded already', async () => {
    i18n.addResources('en', 'test-loaded', { a: 'here' });
    let asked = 0;
    const load = () => {
      asked += 1;
      return Promise.resolve({ default: {} });
    };
    await i18n.loadTogether(['test-loaded'], { en: load, my: load });
    expect(asked).toBe(0);
  });
});
