import { useTranslation } from 'react-i18next';
import { VerifyEmailPanel } from '../../features/auth/components/verify-email-panel';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.pageTitle'));
  return <VerifyEmailPanel />;
}
