import { ServiceRequestInbox } from '../../features/company/components/service-request-inbox';

export function Component() {
  return <ServiceRequestInbox />;
}
