import { useTranslation } from 'react-i18next';
import { UserDashboard } from '../../features/dashboard/components/user-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('dashboard.pageTitle'));
  return <UserDashboard />;
}
