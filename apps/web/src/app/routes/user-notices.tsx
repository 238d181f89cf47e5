import { NoticesPage } from '../../features/notices/components/notices-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTranslation } from '../../lib/translation';

export function Component() {
  const { t } = useTranslation('notices');
  useDocumentTitle(t('pageTitle'));
  return <NoticesPage />;
}
