import { useParams } from 'react-router';
import { VerifyPage } from '../../features/reviews/components/verify-page';

export function Component() {
  const { reference = '' } = useParams();
  return <VerifyPage reference={reference} />;
}
