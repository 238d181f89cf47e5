import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminClocks } from '../../features/admin/components/admin-clocks';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('clocks');
  useDocumentTitle(t('admin.pageTitle'));
  return (
    <>
      <AdminNav />
      <AdminClocks thisYear={Number(new Date().toISOString().slice(0, 4))} />
    </>
  );
}
