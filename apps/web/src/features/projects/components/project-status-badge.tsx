import { useTranslation } from '../../../lib/translation';
import { projectStatusColor } from '@hpbc/shared';
import { StatusBadge } from '../../../components/ui/status-badge';

/** Specification section 4: Active green, Completed blue, Pending yellow, Cancelled red, others grey. */
export function ProjectStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('projects');
  return (
    <StatusBadge color={projectStatusColor(status)}>{t(`statuses.${status}`, { defaultValue: status })}</StatusBadge>
  );
}
