import { useTranslation } from '../../../lib/translation';
import type { Locale } from '@hpbc/shared';

/** The page language as a Locale; re-renders when the language switch changes it. */
export function useLang(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'my' ? 'my' : 'en';
}
