import { useTranslation } from '../../lib/translation';
import { ProjectsDashboard } from '../../features/form-one/components/projects-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('form-one');
  useDocumentTitle(t('area.dashboardDocTitle'));
  return <ProjectsDashboard />;
}
