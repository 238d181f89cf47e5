import { useTranslation } from '../../lib/translation';
import { TwoFactorSettings } from '../../features/profile/components/two-factor-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('twoFactor.title'));
  return <TwoFactorSettings />;
}
