import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useAuth } from '../../lib/auth/auth-store';

interface AccountLinksProps {
  linkClass: string;
  logoutClass: string;
  /** Classes of the Logout list item. */
  logoutItemClass?: string;
  /** Offer Dashboard to users who are not admins; admins always get Admin Dashboard. */
  showDashboard?: boolean;
  onFollow?: () => void;
  onLogout: () => void;
}

/** The signed-in user's list items (section 2): Your Profile, Dashboard or Admin Dashboard, Logout. */
export function AccountLinks({
  linkClass,
  logoutClass,
  logoutItemClass,
  showDashboard = true,
  onFollow,
  onLogout,
}: AccountLinksProps) {
  const { t } = useTranslation('account');
  const isAdmin = useAuth((s) => s.user?.is_admin);
  return (
    <>
      <li>
        <Link to="/user/profile" className={linkClass} onClick={onFollow}>
          {t('menu.profile')}
        </Link>
      </li>
      {(showDashboard || isAdmin) && (
        <li>
          {isAdmin ? (
            <Link to="/admin" className={linkClass} onClick={onFollow}>
              {t('menu.adminDashboard')}
            </Link>
          ) : (
            <Link to="/user/dashboard" className={linkClass} onClick={onFollow}>
              {t('menu.dashboard')}
            </Link>
          )}
        </li>
      )}
      <li className={logoutItemClass}>
        <button type="button" className={logoutClass} onClick={onLogout}>
          {t('menu.logout')}
        </button>
      </li>
    </>
  );
}
