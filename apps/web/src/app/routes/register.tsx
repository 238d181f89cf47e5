import { useTranslation } from '../../lib/translation';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.pageTitle'));
  return <RegisterForm />;
}
