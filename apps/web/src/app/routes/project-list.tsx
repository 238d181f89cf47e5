import { useTranslation } from '../../lib/translation';
import { ProjectListView } from '../../features/projects/components/project-list-view';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('projects');
  useDocumentTitle(t('list.docTitle'));
  return <ProjectListView />;
}
