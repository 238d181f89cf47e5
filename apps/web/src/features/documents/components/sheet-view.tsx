import { Suspense, useState } from 'react';
import type { Locale } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/load-states';
import { useTranslation } from '../../../lib/translation';
import { documentSource, type DesignDocument, type PinnedComment } from '../api/documents';
import { LazyCompareView } from '../viewer/lazy';
import { isResolved } from './sheet-panel';

// What the owner's documents page and the counterpart's review screen share of a sheet's view,
// apart from documents-page.tsx, so that the review screen does not load the owner's upload
// form and its tus client with it (issue 31, decision 107).

/** Open comments per document. */
export function openCommentCounts(comments: PinnedComment[] = []): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of comments) {
    if (c.document_id && !isResolved(c)) counts.set(c.document_id, (counts.get(c.document_id) ?? 0) + 1);
  }
  return counts;
}

/** Opening a sheet or a comparison, shared by the owner's page and the review screen. */
export function useOpenSheet() {
  const [open, setOpen] = useState<
    { kind: 'view'; doc: DesignDocument } | { kind: 'compare'; older: DesignDocument; newer: DesignDocument } | null
  >(null);
  const focus = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 50);
  return {
    open,
    view: (doc: DesignDocument) => {
      setOpen({ kind: 'view', doc });
      focus(`sheet-${doc.id}`);
    },
    compare: (older: DesignDocument, newer: DesignDocument) => {
      setOpen({ kind: 'compare', older, newer });
      focus('compare-title');
    },
    close: () => setOpen(null),
  };
}

/** Two revisions of a sheet compared, in a panel with its heading. */
export function ComparePanel({
  older,
  newer,
  locale,
  onClose,
}: {
  older: DesignDocument;
  newer: DesignDocument;
  locale: Locale;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const name = (d: DesignDocument) => `${d.number} ${t('list.revision', { revision: d.revision })}`;
  return (
    <section
      aria-labelledby="compare-title"
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50/40 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id="compare-title" tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
          {t('compare.title', { number: newer.number, older: older.revision, newer: newer.revision })}
        </h3>
        <Button size="sm" variant="secondary" onClick={onClose}>
          {t('viewer.close')}
        </Button>
      </div>
      <Suspense fallback={<LoadingBlock label={t('viewer.loading')} />}>
        <LazyCompareView
          older={{ source: documentSource(older.id), name: name(older) }}
          newer={{ source: documentSource(newer.id), name: name(newer) }}
          locale={locale}
        />
      </Suspense>
    </section>
  );
}
