import { OnsiteDayPage } from '../../features/company/components/onsite-day';

export function Component() {
  return <OnsiteDayPage />;
}
