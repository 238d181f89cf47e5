import { useTranslation } from '../../lib/translation';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminRecommendations } from '../../features/admin/components/admin-recommendations';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('admin-data');
  useDocumentTitle(t('tree.title'));
  return (
    <>
      <AdminNav />
      <AdminRecommendations />
    </>
  );
}
