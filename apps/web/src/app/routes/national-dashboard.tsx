import { CounterpartDashboard } from '../../features/reviews/components/counterpart-dashboard';

export function Component() {
  return <CounterpartDashboard />;
}
