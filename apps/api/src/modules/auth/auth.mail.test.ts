import { describe, expect, it } from 'vitest';
import { PRODUCT } from '@hpbc/shared';
import { passwordChangedMail, passwordResetMail, verificationMail } from './auth.mail';

const url = 'https://portal.example/reset-password?token=abc&email=a%40b.co';
const when = new Date('2026-03-01T06:00:00Z');

describe('account mails', () => {
  it.each(['en', 'my'] as const)('come in %s, in text and HTML, with the committee name and the link', (locale) => {
    for (const m of [
      verificationMail({ name: 'Aung', url, locale }),
      passwordResetMail({ name: 'Aung', url, locale }),
      passwordChangedMail({ name: 'Aung', when, locale, loginUrl: 'https://portal.example/login' }),
    ]) {
      expect(m.subject).toMatch(/^HPBC - /);
      expect(m.text).toContain(PRODUCT.full[locale]);
      expect(m.html).toContain(PRODUCT.full[locale]);
      expect(m.html).toContain(`lang="${locale}"`);
      expect(m.text).toContain('Aung');
    }
    expect(verificationMail({ name: 'A', url, locale }).text).toContain(url);
    expect(passwordResetMail({ name: 'A', url, locale }).html).toContain(url.replace(/&/g, '&amp;'));
  });

  it('escapes names in HTML', () => {
    const m = verificationMail({ name: '<script>x</script>', url, locale: 'en' });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
  });

  it('gives the time of a password change in Myanmar time', () => {
    expect(passwordChangedMail({ name: 'A', when, locale: 'en', loginUrl: url }).text).toContain(
      'March 1, 2026 at 12:30 PM (Myanmar time)',
    );
    expect(passwordChangedMail({ name: 'A', when, locale: 'my', loginUrl: url }).text).toContain('၁၂:၃၀');
  });
});
