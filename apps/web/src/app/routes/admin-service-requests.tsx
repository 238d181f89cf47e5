import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminServiceRequests } from '../../features/admin/components/admin-service-requests';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('serviceRequests.pageTitle'));
  return (
    <>
      <AdminNav />
      <AdminServiceRequests />
    </>
  );
}
