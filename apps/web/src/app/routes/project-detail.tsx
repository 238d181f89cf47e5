import { useParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { ProjectDetailView } from '../../features/projects/components/project-detail-view';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('projects');
  const { id } = useParams();
  useDocumentTitle(t('detail.docTitle'));
  // A new id is a new page: no state of the previous project carries over.
  return <ProjectDetailView key={id} id={id?.trim() || undefined} />;
}
