import { icons } from '../../features/dashboard/components/dashboard-card';
import { RoleAreaDashboard } from '../../features/dashboard/components/role-dashboard';

export function Component() {
  return (
    <RoleAreaDashboard
      area="national"
      workTitleKey="reviewsTitle"
      link={{ to: '/national-counterpart', labelKey: 'rulesLink' }}
      icon={icons.national}
    />
  );
}
