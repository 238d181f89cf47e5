import { useTranslation } from 'react-i18next';
import { ProjectsDashboard } from '../../features/form-one/components/projects-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('form-one');
  useDocumentTitle(t('area.dashboardDocTitle'));
  return <ProjectsDashboard />;
}
