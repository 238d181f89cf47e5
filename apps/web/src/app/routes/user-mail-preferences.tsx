import { MailPreferences } from '../../features/notices/components/mail-preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTranslation } from '../../lib/translation';

export function Component() {
  const { t } = useTranslation('notices');
  useDocumentTitle(t('prefs.pageTitle'));
  return <MailPreferences />;
}
