import {
  SERVICE_REQUEST_STATUS_INFO,
  type ServiceRequestHistoryEntry,
  type ServiceRequestStatus,
} from '@hpbc/shared/company-work-terms';
import type { ReactNode } from 'react';
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

/**
 * One field of a request, a row of its fields list (a `<dl>`), as the company and the committee
 * see it.
 */
export const requestRow = (label: string, value: ReactNode) => (
  <div className="grid gap-1 border-b border-slate-100 px-4 py-3 last:border-0 sm:grid-cols-3 sm:gap-4 sm:px-5">
    <dt className="text-sm font-semibold text-slate-600">{label}</dt>
    <dd className="break-words whitespace-pre-line text-slate-900 sm:col-span-2">{value}</dd>
  </div>
);

/** A cover letter's size in whole kilobytes, at least 1 (a letter is never shown as 0 KB). */
export const coverLetterKb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

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
