import { useParams } from 'react-router';
import { RegistrationDetail } from '../../features/form-one/components/registration-detail';

export function Component() {
  const { id } = useParams();
  return <RegistrationDetail id={id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null} />;
}
