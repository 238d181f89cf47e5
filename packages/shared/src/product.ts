/** The committee's short and full names, shown from this one place so they can change. */
export const PRODUCT = {
  short: 'HPBC',
  full: {
    en: 'High-rise and Public Building projects Committee',
    my: 'အထပ်မြင့်နှင့် အများပြည်သူသုံး အဆောက်အအုံ စီမံကိန်းများ ကော်မတီ',
  },
  formerly: 'CQHP',
  founded: 2003,
} as const;

/** The committee's blue: the emblem's square, the browser's theme colour (index.html, the web app manifest). */
export const THEME_COLOUR = '#1e3a8a';

export const LOCALES = ['en', 'my'] as const;
export type Locale = (typeof LOCALES)[number];

/** Picks the portal's language from an Accept-Language header; English unless Burmese is asked first. */
export function localeFromHeader(header: string | undefined): Locale {
  return header && /^\s*my\b/i.test(header) ? 'my' : 'en';
}

/**
 * The cookie the language switch sets beside its localStorage entry, so that the server can
 * serve a page's `<html lang>`, title and Open Graph tags in the reader's language.
 */
export const LANGUAGE_COOKIE = 'hpbc_lang';

/** A page's language: the switch's cookie when set, else Accept-Language (docs/decisions/084). */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = cookie ? /(?:^|;\s*)hpbc_lang=(en|my)\s*(?:;|$)/.exec(cookie)?.[1] : undefined;
  return (chosen as Locale | undefined) ?? localeFromHeader(acceptLanguage);
}
