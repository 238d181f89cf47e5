import { registrationStatusColor, registrationStatusLabel } from '@hpbc/shared/form-one';
import type { Locale } from '@hpbc/shared';
import { StatusBadge } from '../../../components/ui/status-badge';

export function ReviewStatusBadge({ status, locale }: { status: string; locale: Locale }) {
  return <StatusBadge color={registrationStatusColor(status)}>{registrationStatusLabel(status, locale)}</StatusBadge>;
}
