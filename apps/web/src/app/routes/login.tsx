import { useTranslation } from '../../lib/translation';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  return <LoginForm />;
}
