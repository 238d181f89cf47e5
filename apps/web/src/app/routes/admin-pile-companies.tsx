import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminPileCompanies } from '../../features/admin/components/admin-registers';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('admin-data');
  useDocumentTitle(t('pile.title'));
  return (
    <>
      <AdminNav />
      <AdminPileCompanies />
    </>
  );
}
