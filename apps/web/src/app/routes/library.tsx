import { useTranslation } from '../../lib/translation';
import { LibraryView } from '../../features/library/components/library-view';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('library');
  useDocumentTitle(t('docTitle'));
  return <LibraryView />;
}
