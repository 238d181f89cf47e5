import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { TwoFactorSettings } from '../../features/profile/components/two-factor-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import { captureSecurityLink } from '../../lib/auth/security-link';
import { PasskeysCard } from '../../features/security/components/passkeys-card';
import { SecurityLinkForm } from '../../features/security/components/security-link-form';

export function Component() {
  // The mailed link (docs/decisions/076) opens this page with ?security=.
  useState(() => captureSecurityLink());
  const { t } = useTranslation('auth');
  useDocumentTitle(t('twoFactor.title'));
  return (
    <TwoFactorSettings linkForm={<SecurityLinkForm />}>
      <PasskeysCard />
    </TwoFactorSettings>
  );
}
