import { useParams } from 'react-router';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminServiceRequestDetail } from '../../features/admin/components/admin-service-request-detail';
import { recordId } from '../../lib/record-id';

export function Component() {
  const { id } = useParams();
  return (
    <>
      <AdminNav />
      <AdminServiceRequestDetail id={recordId(id)} />
    </>
  );
}
