import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { libraryDocument } from '@hpbc/shared/library-catalogue';
import { DocumentPanel } from './document-panel';
import { DocumentSidebar } from './document-sidebar';
import { LibrarySearch } from './library-search';
import { LineIcon } from '../../../components/ui/line-icon';

function positiveInt(value: string | null): number | undefined {
  return value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** The library's state lives in the URL: ?doc=N (volume), &page=P (from a search hit), &q= (search). */
export function LibraryView() {
  const { t } = useTranslation('library');
  const [params, setParams] = useSearchParams();
  const docId = positiveInt(params.get('doc'));
  const doc = docId ? libraryDocument(docId) : undefined;
  const page = doc ? positiveInt(params.get('page')) : undefined;
  const query = params.get('q') ?? '';

  // Choosing a volume or a search hit moves focus (and the view, on a phone far down) to
  // the document; the first render leaves focus where the visitor arrived.
  const shown = `${doc?.id ?? ''}:${page ?? ''}`;
  const firstShown = useRef(shown);
  useEffect(() => {
    if (shown === firstShown.current) return;
    firstShown.current = '';
    document.getElementById('library-document-title')?.focus();
  }, [shown]);

  const href = useCallback(
    (id: number, p?: number) => {
      const next = new URLSearchParams();
      next.set('doc', String(id));
      if (p) next.set('page', String(p));
      if (query) next.set('q', query);
      return `?${next}`;
    },
    [query],
  );

  const onSearch = useCallback(
    (q: string) => {
      const next = new URLSearchParams(params);
      if (q) next.set('q', q);
      else next.delete('q');
      setParams(next);
    },
    [params, setParams],
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="space-y-1 border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-lg text-blue-800">{t('subtitle')}</p>
      </header>

      <LibrarySearch key={query} query={query} onSearch={onSearch} hrefFor={(id, p) => href(id, p)} />

      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <aside>
          <DocumentSidebar selectedId={doc?.id} hrefFor={(id) => href(id)} />
        </aside>
        {doc ? (
          <DocumentPanel key={doc.id} doc={doc} page={page} />
        ) : (
          <section className="flex min-h-80 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-white p-8 text-center">
            <LineIcon
              viewBox="0 0 48 48"
              className="size-12 text-slate-400"
              d="M12 5h17l9 9v29H12z M29 5v9h9 M18 24h14 M18 31h14"
              strokeWidth="2.5"
            />
            <h2 className="text-lg font-semibold text-slate-900">{t('emptyTitle')}</h2>
            <p className="text-slate-600">{t('emptyText')}</p>
          </section>
        )}
      </div>
    </div>
  );
}
