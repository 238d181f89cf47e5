import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { INSPECTION_OUTCOME_INFO, INSPECTION_STATUS_INFO, type Inspection } from '@hpbc/shared/company-work-terms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Panel } from '../../../components/ui/panel';
import { formatDateTime } from '../../../lib/format';
import { downloadOnsiteReport, downloadReport } from '../api/company';
import { SiteRecord } from './site-record';

/** One inspection: kind, time, status, result, notes and the report to open; `actions` for the company's buttons. */
export function InspectionItem({ inspection: i, actions }: { inspection: Inspection; actions?: React.ReactNode }) {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [making, setMaking] = useState(false);
  async function download(made = false) {
    const setBusy = made ? setMaking : setDownloading;
    setBusy(true);
    setFailed(false);
    try {
      await (made ? downloadOnsiteReport(i.id, locale) : downloadReport(i));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{t(`kind.${i.kind}`)}</span>
        <StatusBadge color={INSPECTION_STATUS_INFO[i.status].color}>{t(`inspectionStatus.${i.status}`)}</StatusBadge>
        {i.outcome && (
          <StatusBadge color={INSPECTION_OUTCOME_INFO[i.outcome].color}>{t(`outcome.${i.outcome}`)}</StatusBadge>
        )}
      </div>
      <p className="text-slate-800">
        <time dateTime={i.scheduled_for}>{formatDateTime(i.scheduled_for, locale)}</time>
      </p>
      {i.notes && (
        <p className="break-words whitespace-pre-line text-slate-700">{t('inspections.notes', { notes: i.notes })}</p>
      )}
      {i.reason && (
        <p className="break-words whitespace-pre-line text-slate-700">
          {t('inspections.reason', { reason: i.reason })}
        </p>
      )}
      {i.remarks && (
        <p className="break-words whitespace-pre-line text-slate-800">
          {t('inspections.remarks', { remarks: i.remarks })}
        </p>
      )}
      {i.report && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-all text-slate-700">{t('inspections.report', { name: i.report.name })}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void download()}
            loading={downloading}
            busyText={t('request.downloading')}
          >
            {t('inspections.downloadReport')}
          </Button>
        </div>
      )}
      {i.status === 'done' && <SiteRecord inspectionId={i.id} />}
      {i.status === 'done' && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void download(true)}
            loading={making}
            busyText={t('request.downloading')}
          >
            {t('inspections.downloadRecord')}
          </Button>
        </div>
      )}
      {failed && <Alert variant="error">{t('inspections.downloadFailed')}</Alert>}
      {actions && <div className="flex flex-wrap gap-2 pt-1">{actions}</div>}
    </li>
  );
}

/** The submitter's view on the registration page: every inspection and result, with the reports. */
export function RegistrationInspections({ inspections }: { inspections: Inspection[] }) {
  const { t } = useTranslation('company');
  return (
    <Panel
      headingId="registration-inspections"
      title={t('submitter.title')}
      className="space-y-3"
      headingClassName="text-lg font-semibold text-slate-900"
    >
      {inspections.length === 0 ? (
        <p className="text-slate-700">{t('submitter.none')}</p>
      ) : (
        <ul className="space-y-3">
          {inspections.map((i) => (
            <InspectionItem key={i.id} inspection={i} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
