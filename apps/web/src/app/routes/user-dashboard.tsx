import { useTranslation } from '../../lib/translation';
import { hasRole } from '@hpbc/shared';
import { UserDashboard } from '../../features/dashboard/components/user-dashboard';
import { useReviewFiguresText } from '../../features/reviews/components/use-review-figures';
import { useAuth } from '../../lib/auth/auth-store';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('dashboard.pageTitle'));
  const roles = useAuth((s) => s.roles);
  // The counterpart card shows the real figures of the review (pending and overdue).
  const nationalText = useReviewFiguresText(hasRole(roles, 'national-counterpart'));
  return <UserDashboard nationalText={nationalText} />;
}
