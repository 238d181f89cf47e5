import { useTranslation } from '../../lib/translation';
import { registrationStatusColor, registrationStatusLabel } from '@hpbc/shared/registration-workflow';
import { StatusBadge } from './status-badge';

/** A registration's status, with the label and colour of the workflow (registration-workflow.ts). */
export function RegistrationStatusBadge({ status }: { status: string }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'my' ? 'my' : 'en';
  return <StatusBadge color={registrationStatusColor(status)}>{registrationStatusLabel(status, locale)}</StatusBadge>;
}
