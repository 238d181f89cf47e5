import { useTranslation } from 'react-i18next';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminUsers } from '../../features/admin/components/admin-users';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  useDocumentTitle(t('pageTitle'));
  return (
    <>
      <AdminNav />
      <AdminUsers />
    </>
  );
}
