import { useParams } from 'react-router';
import { TrackingPage } from '../../features/company/components/tracking-page';

export function Component() {
  const { token } = useParams();
  return <TrackingPage token={token ?? ''} />;
}
