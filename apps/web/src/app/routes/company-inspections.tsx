import { InspectionsPage } from '../../features/company/components/inspections-page';

export function Component() {
  return <InspectionsPage />;
}
