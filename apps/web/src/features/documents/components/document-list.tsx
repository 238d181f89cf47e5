import { useEffect, useState } from 'react';
import type { Locale } from '@hpbc/shared';
import { DISCIPLINES, DISCIPLINE_TITLES, type Discipline } from '@hpbc/shared/counterpart-review-terms';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessageOr } from '../../../lib/auth/form-errors';
import { formatDate, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { downloadDocument, withdrawDocument, type DesignDocument } from '../api/documents';
import { formatSize } from './format';

export interface Sheet {
  discipline: Discipline;
  number: string;
  /** Every revision, newest first; the first is the current one unless withdrawn. */
  revisions: DesignDocument[];
}

/** The documents grouped into sheets (a discipline and a number), newest revision first. */
export function sheetsOf(documents: DesignDocument[]): Sheet[] {
  const map = new Map<string, Sheet>();
  for (const d of documents) {
    const key = `${d.discipline}|${d.number}`;
    const sheet = map.get(key) ?? { discipline: d.discipline, number: d.number, revisions: [] };
    sheet.revisions.push(d);
    map.set(key, sheet);
  }
  const order = (d: Discipline) => DISCIPLINES.indexOf(d);
  const sheets = [...map.values()];
  for (const s of sheets) s.revisions.sort((a, b) => byText(b.revision, a.revision) || b.id - a.id);
  return sheets.sort((a, b) => order(a.discipline) - order(b.discipline) || byText(a.number, b.number));
}

/**
 * Sheet numbers and revisions (Latin letters, digits and marks) compared without regard to
 * case, by code point: `localeCompare` loads the browser's collation data on its first call,
 * about 75 ms of script on a mid-range phone, the review screen's costliest function
 * (issue 31, docs/decisions/120-first-render-in-slices.md).
 */
function byText(a: string, b: string): number {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

const STATUS_COLOR = { current: 'green', superseded: 'gray', withdrawn: 'red', proposed: 'yellow' } as const;

interface Props {
  documents: DesignDocument[];
  locale: Locale;
  /** The owner may withdraw while the registration is editable. */
  editable?: boolean;
  /** Approved copies can be downloaded. */
  approved?: boolean;
  /** Open comments per document id (shown beside the sheet). */
  openComments?: Map<number, number>;
  onView: (doc: DesignDocument) => void;
  onCompare?: (older: DesignDocument, newer: DesignDocument) => void;
  onChanged?: () => void;
}

/** A registration's sheets by discipline: revision, pages, size, status, and what can be done with each. */
export function DocumentList({
  documents,
  locale,
  editable,
  approved,
  openComments,
  onView,
  onCompare,
  onChanged,
}: Props) {
  const { t } = useTranslation('documents');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sheets = sheetsOf(documents);
  // The question takes the focus when it appears, so a keyboard user answers it next.
  useEffect(() => {
    if (confirming !== null) document.getElementById(`withdraw-yes-${confirming}`)?.focus();
  }, [confirming]);
  const disciplines = DISCIPLINES.filter((d) => sheets.some((s) => s.discipline === d));

  async function withdraw(doc: DesignDocument) {
    setBusy(doc.id);
    setFailure(null);
    try {
      await withdrawDocument(doc.id);
      setConfirming(null);
      onChanged?.();
    } catch (err) {
      setFailure(serverMessageOr(err, t('list.failed')));
    } finally {
      setBusy(null);
    }
  }

  async function download(doc: DesignDocument, copy: boolean) {
    setFailure(null);
    try {
      await downloadDocument(doc, copy);
    } catch (err) {
      setFailure(serverMessageOr(err, t('list.failed')));
    }
  }

  return (
    <div className="space-y-5">
      {failure && (
        <p role="alert" className="font-semibold text-red-800">
          {failure}
        </p>
      )}
      {disciplines.map((d) => (
        <section key={d} aria-labelledby={`docs-${d}`} className="space-y-2">
          <h3 id={`docs-${d}`} className="font-bold text-slate-900">
            {DISCIPLINE_TITLES[d][locale]}
          </h3>
          <ul className="space-y-2">
            {sheets
              .filter((s) => s.discipline === d)
              .map((sheet) => {
                const [latest, ...older] = sheet.revisions;
                if (!latest) return null;
                const open = openComments?.get(latest.id) ?? 0;
                const previous = older.find((o) => o.status !== 'withdrawn');
                return (
                  <li
                    key={`${sheet.discipline}-${sheet.number}`}
                    className="rounded-md border border-slate-200 bg-white p-3"
                    data-testid="document-row"
                    data-number={sheet.number}
                  >
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-semibold text-slate-900">
                          <span className="font-mono">{latest.number}</span> · {latest.title}
                        </p>
                        <p className="text-sm text-slate-700">
                          {t(`kind.${latest.kind}`)} · {t('list.revision', { revision: latest.revision })} ·{' '}
                          {t('list.pages', { count: latest.pages, n: formatNumber(latest.pages, locale) })} ·{' '}
                          {formatSize(latest.size, locale)} · {formatDate(latest.uploaded_at, locale)}
                        </p>
                      </div>
                      <div className="flex flex-wrap items-center gap-2">
                        {open > 0 && (
                          <StatusBadge color="orange">
                            {t('list.openComments', { count: open, n: formatNumber(open, locale) })}
                          </StatusBadge>
                        )}
                        <StatusBadge color={STATUS_COLOR[latest.status]}>{t(`status.${latest.status}`)}</StatusBadge>
                      </div>
                    </div>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {latest.status !== 'withdrawn' && (
                        <Button size="sm" onClick={() => onView(latest)}>
                          {t('list.view')}
                          <span className="sr-only"> — {latest.number}</span>
                        </Button>
                      )}
                      {onCompare && previous && latest.status !== 'withdrawn' && (
                        <Button size="sm" variant="secondary" onClick={() => onCompare(previous, latest)}>
                          {t('list.compare', { older: previous.revision, newer: latest.revision })}
                          <span className="sr-only"> — {latest.number}</span>
                        </Button>
                      )}
                      {approved && latest.status === 'current' && (
                        <Button size="sm" variant="secondary" onClick={() => void download(latest, true)}>
                          {t('list.downloadApproved')}
                          <span className="sr-only"> — {latest.number}</span>
                        </Button>
                      )}
                      {editable && latest.status === 'current' && confirming !== latest.id && (
                        <Button size="sm" variant="link" onClick={() => setConfirming(latest.id)}>
                          {t('list.withdraw')}
                          <span className="sr-only"> — {latest.number}</span>
                        </Button>
                      )}
                    </div>
                    {confirming === latest.id && (
                      <div
                        className="mt-2 flex flex-wrap items-center gap-2 rounded bg-red-50 p-2"
                        role="group"
                        aria-label={t('list.withdrawConfirm', { number: latest.number })}
                      >
                        <p className="text-red-900">{t('list.withdrawConfirm', { number: latest.number })}</p>
                        <Button
                          size="sm"
                          variant="danger"
                          id={`withdraw-yes-${latest.id}`}
                          loading={busy === latest.id}
                          busyText={t('list.withdrawing')}
                          onClick={() => void withdraw(latest)}
                        >
                          {t('list.withdrawYes')}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                          {t('list.keep')}
                        </Button>
                      </div>
                    )}
                    {older.length > 0 && (
                      <details className="mt-2 text-sm">
                        <summary className="cursor-pointer font-semibold text-blue-800">
                          {t('list.earlier', { count: older.length, n: formatNumber(older.length, locale) })}
                        </summary>
                        <ul className="mt-1 space-y-1 pl-4">
                          {older.map((o) => (
                            <li key={o.id} className="flex flex-wrap items-center gap-2">
                              <span>
                                {t('list.revision', { revision: o.revision })} ·{' '}
                                {t('list.round', { n: formatNumber(o.round, locale) })} · {t(`status.${o.status}`)}
                              </span>
                              <Button size="sm" variant="link" onClick={() => onView(o)}>
                                {t('list.view')}
                                <span className="sr-only">
                                  {' '}
                                  — {o.number} {o.revision}
                                </span>
                              </Button>
                              <Button size="sm" variant="link" onClick={() => void download(o, false)}>
                                {t('list.download')}
                                <span className="sr-only">
                                  {' '}
                                  — {o.number} {o.revision}
                                </span>
                              </Button>
                            </li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </div>
  );
}
