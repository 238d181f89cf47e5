import { useTranslation } from '../../lib/translation';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.pageTitle'));
  return <ForgotPasswordForm />;
}
