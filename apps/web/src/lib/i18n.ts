import i18next, { type BackendModule, type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { toMyanmarDigits, type Locale } from '@hpbc/shared';
import enCommon from '../locales/en/common.json';
import myCommon from '../locales/my/common.json';

export const LANGUAGE_KEY = 'hpbc.language';

/** Feature namespaces load with the route that needs them; `common` ships with the first page. */
const lazyNamespaces = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyNamespaces[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (e: Error) => callback(e, null),
    );
  },
};

function initialLanguage(): Locale {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'my' ? 'my' : 'en';
  } catch {
    return 'en';
  }
}

export function currentLanguage(): Locale {
  return i18next.language === 'my' ? 'my' : 'en';
}

export async function setLanguage(language: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  await i18next.changeLanguage(language);
}

export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language === 'my' ? 'my' : 'en';
}

/**
 * Every number put into a Burmese string is written with Burmese digits ("အဆင့် ၃ / ၇"):
 * i18next calls this for each {{value}} (alwaysFormat). Text values (an e-mail address, a
 * reference number) pass unchanged; so does everything in English.
 */
const burmeseNumbers: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // i18next's type says string, but it hands over the value as given (and expects it back).
  format: ((value: unknown, _format: string | undefined, lng: string | undefined) =>
    lng === 'my' && typeof value === 'number' ? toMyanmarDigits(value) : value) as FormatterModule['format'],
};

void i18next
  .use(lazyBackend)
  .use(burmeseNumbers)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: enCommon }, my: { common: myCommon } },
    interpolation: { escapeValue: false, alwaysFormat: true },
    react: { useSuspense: true },
    returnNull: false,
  });
applyDocumentLanguage(i18next.language);
i18next.on('languageChanged', applyDocumentLanguage);

export default i18next;
