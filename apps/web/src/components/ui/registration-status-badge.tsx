import { useTranslation } from 'react-i18next';
import { registrationStatusColor } from '@hpbc/shared/form-one';
import { StatusBadge } from '../../../components/ui/status-badge';

export function RegistrationStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('form-one');
  return (
    <StatusBadge color={registrationStatusColor(status)}>{t(`status.${status}`, { defaultValue: status })}</StatusBadge>
  );
}
