import { Navigate } from 'react-router';
import { icons } from '../../features/dashboard/components/dashboard-card';
import { RoleAreaDashboard } from '../../features/dashboard/components/role-dashboard';
import { useAuth } from '../../lib/auth/auth-store';

/**
 * The EIET dashboard. An account linked to an EIET company has its inspections on the
 * company's page, so it goes there: two pages never disagree about the same inspections
 * (issue 28, item 8). An account without a company learns how it gets one.
 */
export function Component() {
  const company = useAuth((s) => s.user?.company ?? null);
  if (company?.kind === 'eiet') return <Navigate to="/user/company/inspections" replace />;
  return (
    <RoleAreaDashboard
      area="eiet"
      workTitleKey="inspectionsTitle"
      link={{ to: '/eiet-list', labelKey: 'listLink' }}
      icon={icons.eiet}
    />
  );
}
