import { useTranslation } from '../../lib/translation';
import { ProfileView } from '../../features/profile/components/profile-view';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The page shows its own "please log in again" state, so the user layout does not add one. */
export const handle = { handlesSignOut: true };

export function Component() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('profile.pageTitle'));
  return <ProfileView />;
}
