import { AdminConcerns } from '../../features/admin/components/admin-concerns';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTranslation } from '../../lib/translation';

export function Component() {
  const { t } = useTranslation('concerns');
  useDocumentTitle(t('admin.pageTitle'));
  return (
    <>
      <AdminNav />
      <AdminConcerns />
    </>
  );
}
