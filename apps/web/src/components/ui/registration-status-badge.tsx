import type { ReactNode } from 'react';
import type { Locale } from '@hpbc/shared/product';
import type { RegistrationHistoryEntry } from '@hpbc/shared/form-one-fields';
import { useTranslation } from '../../lib/translation';
import { registrationStatusColor, registrationStatusLabel } from '@hpbc/shared/registration-workflow';
import { formatDateTime } from '../../lib/format';
import { cx } from '../../lib/cx';
import { StatusBadge } from './status-badge';

/** A registration's status, with the label and colour of the workflow (registration-workflow.ts). */
export function RegistrationStatusBadge({ status }: { status: string }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'my' ? 'my' : 'en';
  return <StatusBadge color={registrationStatusColor(status)}>{registrationStatusLabel(status, locale)}</StatusBadge>;
}

/**
 * The statuses a registration went through, newest first, each with its date and note, as
 * the committee's record page and the counterpart's review screen both show them (one list,
 * so the two never disagree). `by` names who made a change: only administrators' answers
 * carry `changed_by` (RegistrationHistoryEntry).
 */
export function RegistrationHistory({
  history,
  locale,
  by,
  className,
}: {
  history: readonly RegistrationHistoryEntry[];
  locale: Locale;
  by?: (name: string) => ReactNode;
  /** The room between the entries. */
  className: string;
}) {
  return (
    <ol className={cx(className, 'border-l-2 border-blue-200 pl-4')}>
      {[...history].reverse().map((h, i) => (
        <li key={`${h.created_at}-${i}`}>
          <div className="flex flex-wrap items-center gap-3">
            <RegistrationStatusBadge status={h.status} />
            <time dateTime={h.created_at} className="text-sm text-slate-700">
              {formatDateTime(h.created_at, locale)}
            </time>
            {by && h.changed_by && <span className="text-sm text-slate-700">{by(h.changed_by)}</span>}
          </div>
          {h.note && <p className="mt-1 break-words whitespace-pre-line text-slate-800">{h.note}</p>}
        </li>
      ))}
    </ol>
  );
}
