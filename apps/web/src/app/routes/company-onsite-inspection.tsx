import { OnsiteInspectionPage } from '../../features/company/components/onsite-inspection';

export function Component() {
  return <OnsiteInspectionPage />;
}
