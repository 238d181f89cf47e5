import { LegalPage } from '../../features/legal/components/legal-page';

/** Terms of Service (linked from the footer, the register form and the 404 page). */
export function Component() {
  return <LegalPage page="terms" />;
}
