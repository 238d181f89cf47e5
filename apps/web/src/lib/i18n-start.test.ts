import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The language the app starts in, and the cookie that tells the server (docs/decisions/084).
// Each test loads the module afresh: the start language is decided when it loads.
const clearCookie = () => (document.cookie = 'hpbc_lang=; Path=/; Max-Age=0');

describe('the start language and the server’s cookie', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    clearCookie();
    document.documentElement.lang = '';
  });
  afterEach(() => {
    localStorage.clear();
    clearCookie();
  });

  it('starts in the language the server served when nothing was chosen, and sets no cookie', async () => {
    document.documentElement.lang = 'my';
    const { currentLanguage } = await import('./i18n');
    expect(currentLanguage()).toBe('my');
    expect(document.cookie).not.toContain('hpbc_lang');
  });

  it('prefers the switch’s earlier choice and carries it over into the cookie', async () => {
    document.documentElement.lang = 'en';
    localStorage.setItem('hpbc.language', 'my');
    const { currentLanguage } = await import('./i18n');
    expect(currentLanguage()).toBe('my');
    expect(document.cookie).toContain('hpbc_lang=my');
    expect(document.documentElement.lang).toBe('my');
  });

  it('sets the cookie with every switch', async () => {
    const { setLanguage } = await import('./i18n');
    await setLanguage('my');
    expect(document.cookie).toContain('hpbc_lang=my');
    await setLanguage('en');
    expect(document.cookie).toContain('hpbc_lang=en');
    expect(localStorage.getItem('hpbc.language')).toBe('en');
  });
});
