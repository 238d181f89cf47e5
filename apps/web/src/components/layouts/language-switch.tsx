import { useTranslation } from '../../lib/translation';
import { LOCALES, type Locale } from '@hpbc/shared/product';
import { cx } from '../../lib/cx';
import { setLanguage } from '../../lib/i18n';

/** Each language is named in its own script, so a reader finds theirs whatever is showing now. */
const NAMES: Record<Locale, string> = { en: 'English', my: 'မြန်မာ' };

/**
 * Switches the screen at once; a signed-in person's choice is also saved on the account
 * (loaded only then, so the first page of a visitor carries no API code: decision 062).
 */
async function switchTo(locale: Locale): Promise<void> {
  await setLanguage(locale);
  if (localStorage.getItem('token')) await (await import('../../lib/account-language')).saveAccountLanguage(locale);
}

export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const active: Locale = i18n.language === 'my' ? 'my' : 'en';
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cx('inline-flex shrink-0 rounded-md border border-slate-300 bg-white p-0.5 text-sm', className)}
    >
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={active === locale}
          onClick={() => void switchTo(locale)}
          className={cx(
            'min-h-9 shrink-0 rounded px-2.5 font-medium whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-amber-400',
            active === locale ? 'bg-blue-900 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {NAMES[locale]}
        </button>
      ))}
    </div>
  );
}
