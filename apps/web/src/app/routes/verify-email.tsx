import { useTranslation } from '../../lib/translation';
import { VerifyEmailPanel } from '../../features/auth/components/verify-email-panel';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.pageTitle'));
  return <VerifyEmailPanel />;
}
