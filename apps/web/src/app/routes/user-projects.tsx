import { useTranslation } from 'react-i18next';
import { ProjectsList } from '../../features/form-one/components/projects-list';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('form-one');
  useDocumentTitle(t('area.listDocTitle'));
  return <ProjectsList />;
}
