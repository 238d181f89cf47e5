import { useParams } from 'react-router';
import { ServiceRequestDetail } from '../../features/company/components/service-request-detail';
import { recordId } from '../../lib/record-id';

export function Component() {
  const { id } = useParams();
  return <ServiceRequestDetail id={recordId(id)} />;
}
