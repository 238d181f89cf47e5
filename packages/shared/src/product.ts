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

export const LOCALES = ['en', 'my'] as const;
export type Locale = (typeof LOCALES)[number];

/** Picks the portal's language from an Accept-Language header; English unless Burmese is asked first. */
export function localeFromHeader(header: string | undefined): Locale {
  return header && /^\s*my\b/i.test(header) ? 'my' : 'en';
}
