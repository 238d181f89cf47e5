import { useTranslation } from '../../lib/translation';
import { ProfileEditForm } from '../../features/profile/components/profile-edit-form';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation(['account', 'auth']);
  useDocumentTitle(t('edit.pageTitle'));
  return <ProfileEditForm />;
}
