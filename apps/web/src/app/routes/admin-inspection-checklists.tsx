import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminChecklists } from '../../features/admin/components/admin-registers';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('admin-data');
  useDocumentTitle(t('checklists.title'));
  return (
    <>
      <AdminNav />
      <AdminChecklists />
    </>
  );
}
