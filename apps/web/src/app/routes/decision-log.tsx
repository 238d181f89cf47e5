import { DecisionLogPage } from '../../features/transparency/components/decision-log-page';
import { useTranslation } from '../../lib/translation';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('transparency');
  useDocumentTitle(t('log.pageTitle'));
  return <DecisionLogPage />;
}
