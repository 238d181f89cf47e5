import { LegalPage } from '../../features/legal/components/legal-page';

/** Privacy Policy: what is kept, why, for how long, who sees it, and how to ask for it or have it deleted. */
export function Component() {
  return <LegalPage page="privacy" />;
}
