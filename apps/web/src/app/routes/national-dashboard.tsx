import { useTranslation } from 'react-i18next';
import { PRODUCT } from '@hpbc/shared';
import { icons } from '../../features/dashboard/components/dashboard-card';
import { RoleDashboard } from '../../features/dashboard/components/role-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('national.pageTitle'));
  return (
    <RoleDashboard
      title={t('national.title')}
      intro={t('national.intro', { product: PRODUCT.short })}
      dutiesTitle={t('national.dutiesTitle')}
      duties={t('national.duties', { returnObjects: true }) as string[]}
      workTitle={t('national.reviewsTitle')}
      emptyTitle={t('national.emptyTitle')}
      emptyText={t('national.emptyText')}
      link={{ to: '/national-counterpart', label: t('national.rulesLink') }}
      icon={icons.national}
    />
  );
}
