import {
  SERVICE_REQUEST_STATUS_INFO,
  type ServiceRequestHistoryEntry,
  type ServiceRequestStatus,
} from '@hpbc/shared/company-work-terms';
import { useTranslation } from '../../lib/translation';
import { formatDateTime } from '../../lib/format';
import { Panel } from './panel';
import { StatusBadge } from './status-badge';

/**
 * A service request's status and its history, as the company, the requester's tracking
 * page and the committee all see them (one component, so the three never disagree).
 */
export function RequestStatusBadge({ status }: { status: ServiceRequestStatus }) {
  const { t } = useTranslation('company');
  return (
    <StatusBadge color={SERVICE_REQUEST_STATUS_INFO[status]?.color ?? 'gray'}>{t(`status.${status}`)}</StatusBadge>
  );
}

/** The statuses a request went through, oldest first, with the company's notes. */
export function RequestHistory({ history }: { history: ServiceRequestHistoryEntry[] }) {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {history.map((h, i) => (
        <li key={i} className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <RequestStatusBadge status={h.status} />
            <time dateTime={h.created_at} className="text-sm text-slate-600">
              {formatDateTime(h.created_at, locale)}
            </time>
          </div>
          {h.note && (
            <p className="break-words whitespace-pre-line text-slate-800">{t('request.noteFrom', { note: h.note })}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The history under its heading, a part of the page (no box) on each of the three. */
export function RequestHistorySection({
  headingId,
  title,
  history,
}: {
  headingId: string;
  title: string;
  history: ServiceRequestHistoryEntry[];
}) {
  return (
    <Panel
      headingId={headingId}
      title={title}
      className="space-y-3"
      headingClassName="text-lg font-semibold text-slate-900"
    >
      <RequestHistory history={history} />
    </Panel>
  );
}
