import { useTranslation } from 'react-i18next';
import { TwoFactorSettings } from '../../features/profile/components/two-factor-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('twoFactor.title'));
  return <TwoFactorSettings />;
}
