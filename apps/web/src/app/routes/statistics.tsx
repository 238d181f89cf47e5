import { StatisticsPage } from '../../features/transparency/components/statistics-page';
import { useTranslation } from '../../lib/translation';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('transparency');
  useDocumentTitle(t('stats.pageTitle'));
  return <StatisticsPage />;
}
