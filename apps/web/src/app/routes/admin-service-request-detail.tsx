import { useParams } from 'react-router';
import { AdminNav } from '../../features/admin/components/admin-nav';
import { AdminServiceRequestDetail } from '../../features/admin/components/admin-service-request-detail';

export function Component() {
  const { id } = useParams();
  return (
    <>
      <AdminNav />
      <AdminServiceRequestDetail id={id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null} />
    </>
  );
}
