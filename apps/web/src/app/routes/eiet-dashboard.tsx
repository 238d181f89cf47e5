import { useTranslation } from 'react-i18next';
import { PRODUCT } from '@hpbc/shared';
import { icons } from '../../features/dashboard/components/dashboard-card';
import { RoleDashboard } from '../../features/dashboard/components/role-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('eiet.pageTitle'));
  return (
    <RoleDashboard
      title={t('eiet.title')}
      intro={t('eiet.intro', { product: PRODUCT.short })}
      dutiesTitle={t('eiet.dutiesTitle')}
      duties={t('eiet.duties', { returnObjects: true }) as string[]}
      workTitle={t('eiet.inspectionsTitle')}
      emptyTitle={t('eiet.emptyTitle')}
      emptyText={t('eiet.emptyText')}
      link={{ to: '/eiet-list', label: t('eiet.listLink') }}
      icon={icons.eiet}
    />
  );
}
