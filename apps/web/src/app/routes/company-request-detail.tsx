import { useParams } from 'react-router';
import { ServiceRequestDetail } from '../../features/company/components/service-request-detail';

export function Component() {
  const { id } = useParams();
  return <ServiceRequestDetail id={id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null} />;
}
