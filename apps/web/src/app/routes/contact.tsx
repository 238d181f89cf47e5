import { ContactDetails } from '../../features/legal/components/contact-details';

/** The committee's contact details (demo values from the server's settings). */
export function Component() {
  return <ContactDetails />;
}
