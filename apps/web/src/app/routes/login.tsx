import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  return <LoginForm />;
}
