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
