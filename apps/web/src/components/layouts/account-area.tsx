import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { authStore, useAuth } from '../../lib/auth/auth-store';
import { buttonClasses } from '../ui/button';
import type { AccountAreaProps } from './account-area-props';
import type { SignedInArea as SignedInAreaComponent } from './signed-in-area';
import i18n from '../../lib/i18n';

/**
 * The signed-in part (greeting, initials menu, logout) is loaded only when someone is signed
 * in, together with its texts: most first visits are visitors' (docs/decisions/062).
 */
let signedInArea: Promise<{ default: typeof SignedInAreaComponent }> | undefined;
const loadSignedInArea = () =>
  (signedInArea ??= Promise.all([import('./signed-in-area'), i18n.loadNamespaces('account')]).then(([m]) => ({
    default: m.SignedInArea,
  })));
const SignedInArea = lazy(loadSignedInArea);

/**
 * A visitor who comes back signed in (a token kept from an earlier visit) needs it at once:
 * fetched now, beside the page's own code and the profile, not after the first render.
 */
export function preloadSignedInArea(): void {
  if (authStore.getState().token) void loadSignedInArea();
}

/**
 * The right-hand account part of the public navigation. Logged out it offers Login and Register;
 * the accounts feature replaces the inside with the greeting and the initials menu.
 */
export function AccountArea({ placement, onNavigate }: AccountAreaProps) {
  const { t } = useTranslation();
  // Authenticated means a token is present (section 4); the name follows when the profile arrives.
  const signedIn = useAuth((s) => s.token !== null);
  if (signedIn) {
    return (
      <Suspense fallback={null}>
        <SignedInArea placement={placement} onNavigate={onNavigate} />
      </Suspense>
    );
  }
  if (placement === 'menu') {
    return (
      <div className="grid grid-cols-2 gap-2">
        <Link to="/login" onClick={onNavigate} className={buttonClasses('secondary')}>
          {t('nav.login')}
        </Link>
        <Link to="/register" onClick={onNavigate} className={buttonClasses('primary')}>
          {t('nav.register')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link to="/login" className={buttonClasses('secondary', 'sm')}>
        {t('nav.login')}
      </Link>
      <Link to="/register" className={buttonClasses('primary', 'sm')}>
        {t('nav.register')}
      </Link>
    </div>
  );
}
