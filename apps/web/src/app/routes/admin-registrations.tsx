import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminRegistrations } from '../../features/admin/components/admin-registrations';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('registrations.pageTitle'));
  return (
    <>
      <AdminNav />
      <AdminRegistrations />
    </>
  );
}
