import { useTranslation } from '../../lib/translation';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.pageTitle'));
  return <ResetPasswordForm />;
}
