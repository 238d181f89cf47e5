import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminLibrary } from '../../features/admin/components/admin-library';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('admin-data');
  useDocumentTitle(t('library.title'));
  return (
    <>
      <AdminNav />
      <AdminLibrary />
    </>
  );
}
