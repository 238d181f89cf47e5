import type { ComponentProps } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ConfirmDialog as Confirm } from '../../../components/ui/confirm-dialog';

/** The shared confirmation (components/ui/confirm-dialog.tsx) with the admin screens' words. */
export function ConfirmDialog(props: Omit<ComponentProps<typeof Confirm>, 'labels'>) {
  const { t } = useTranslation('admin-data');
  return <Confirm {...props} labels={{ cancel: t('cancel'), close: t('close'), busy: t('working') }} />;
}
