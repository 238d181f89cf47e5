import { icons } from '../../features/dashboard/components/dashboard-card';
import { RoleAreaDashboard } from '../../features/dashboard/components/role-dashboard';

export function Component() {
  return (
    <RoleAreaDashboard
      area="eiet"
      workTitleKey="inspectionsTitle"
      link={{ to: '/eiet-list', labelKey: 'listLink' }}
      icon={icons.eiet}
    />
  );
}
