import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminAuditLog } from '../../features/admin/components/admin-audit-log';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('admin-data');
  useDocumentTitle(t('audit.title'));
  return (
    <>
      <AdminNav />
      <AdminAuditLog />
    </>
  );
}
