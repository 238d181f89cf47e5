import { useTranslation } from '../../lib/translation';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminUsers } from '../../features/admin/components/admin-users';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  useDocumentTitle(t('pageTitle'));
  return (
    <>
      <AdminNav />
      {/* Under the page's heading, the dashboard (issue 16) comes first; the accounts follow as before. */}
      <AdminUsers dashboard={<AdminDashboard />} />
    </>
  );
}
