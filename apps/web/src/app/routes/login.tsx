import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { captureSecurityLink } from '../../lib/auth/security-link';

export function Component() {
  // The link mailed for setting up two-step sign-in opens the sign-in page (docs/decisions/076).
  useState(() => captureSecurityLink());
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.pageTitle'));
  return <LoginForm />;
}
