import { useTranslation } from '../../lib/translation';
import { useAuth } from '../../lib/auth/auth-store';
import { useLogout } from '../../lib/auth/use-logout';
import type { AccountAreaProps } from './account-area-props';
import { AccountLinks } from './account-links';
import { UserMenu } from './user-menu';

const menuLinkClass =
  'block rounded-md px-3 py-3 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-amber-400';

/**
 * The signed-in parts of the public navigation (section 2): a greeting with the name and
 * the initials menu on wide screens; in the mobile menu the same links as a plain list.
 */
export function SignedInArea({ placement, onNavigate }: AccountAreaProps) {
  const { t } = useTranslation('account');
  const user = useAuth((s) => s.user);
  const logout = useLogout(onNavigate);

  if (placement === 'menu') {
    return (
      <div className="space-y-2">
        {user && <p className="px-3 text-sm text-slate-700">{t('menu.greeting', { name: user.name })}</p>}
        <ul className="space-y-1">
          <AccountLinks
            linkClass={menuLinkClass}
            logoutClass={`${menuLinkClass} w-full text-left`}
            onFollow={onNavigate}
            onLogout={() => void logout()}
          />
        </ul>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-3">
      {user && (
        <span className="hidden max-w-72 truncate text-sm text-slate-700 xl:block">
          {t('menu.greeting', { name: user.name })}
        </span>
      )}
      <UserMenu onNavigate={onNavigate} />
    </div>
  );
}
