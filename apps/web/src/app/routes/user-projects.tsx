import { useTranslation } from '../../lib/translation';
import { ProjectsList } from '../../features/form-one/components/projects-list';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('form-one');
  useDocumentTitle(t('area.listDocTitle'));
  return <ProjectsList />;
}
