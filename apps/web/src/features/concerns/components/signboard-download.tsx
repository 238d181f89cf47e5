import { useDownload } from '../../../lib/use-download';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useTranslation } from '../../../lib/translation';
import { downloadSignboard } from '../api/concerns';
import { Panel } from '../../../components/ui/panel';

/** On the owner's approved registration: the A3 site signboard with its QR code (docs/decisions/089). */
export function SignboardDownload({
  record,
}: {
  record: { id: number; status: string; reference_number: string | null };
}) {
  const { t } = useTranslation('concerns');
  const signboard = useDownload();
  if (record.status !== STATUS.approved || !record.reference_number) return null;
  const reference = record.reference_number;

  return (
    <Panel
      headingId="signboard-heading"
      title={t('signboard.title')}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:hidden"
      intro={t('signboard.intro')}
    >
      {signboard.failed && <Alert variant="error">{t('signboard.failed')}</Alert>}
      <Button
        onClick={() => void signboard.start(() => downloadSignboard(record.id, reference))}
        loading={signboard.busy}
        busyText={t('signboard.downloading')}
      >
        {t('signboard.download')}
      </Button>
    </Panel>
  );
}
