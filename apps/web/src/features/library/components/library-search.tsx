import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { LIBRARY_QUERY_MAX_LENGTH, libraryDocument } from '@hpbc/shared/library-catalogue';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { librarySearchQuery } from '../api/library-queries';
import { useVolumeText } from '../hooks/use-volume-text';
import { parseSnippet } from '../snippet';
import { Panel } from '../../../components/ui/panel';

/** Matches the server's SEARCH_LIMIT: a full list means there may be more. */
const SEARCH_LIMIT = 50;

interface LibrarySearchProps {
  /** The searched text, kept in the URL (?q=). */
  query: string;
  onSearch: (query: string) => void;
  /** Where a hit leads: its volume, opened at its page. */
  hrefFor: (documentId: number, page: number) => string;
}

function Snippet({ html }: { html: string }) {
  return (
    <p className="text-sm leading-relaxed text-slate-700">
      {parseSnippet(html).map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-950">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function LibrarySearch({ query, onSearch, hrefFor }: LibrarySearchProps) {
  const { t } = useTranslation('library');
  const volumeText = useVolumeText();
  const locale = currentLanguage();
  const [text, setText] = useState(query);
  const search = useQuery(librarySearchQuery(query));

  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch(text.trim());
  }

  const hits = search.data ?? [];
  const failedMessage =
    search.error instanceof ApiError && search.error.status === 429 ? t('search.tooMany') : t('search.failed');

  return (
    <Panel
      headingId="library-search-heading"
      title={t('search.label')}
      className="space-y-4"
      headingClassName="sr-only"
    >
      <form role="search" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('search.label')}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('search.placeholder')}
          maxLength={LIBRARY_QUERY_MAX_LENGTH}
          wrapperClassName="flex-1"
          autoComplete="off"
        />
        <div className="flex gap-2">
          <Button type="submit" loading={search.isFetching} busyText={t('search.searching')}>
            {t('search.submit')}
          </Button>
          {query && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setText('');
                onSearch('');
              }}
            >
              {t('search.clear')}
            </Button>
          )}
        </div>
      </form>

      <div aria-live="polite">
        {query && search.isPending && (
          <p className="flex items-center gap-2 text-slate-700">
            <Spinner size="sm" />
            {t('search.searching')}
          </p>
        )}
        {query && search.error && <Alert variant="error">{failedMessage}</Alert>}
        {query && search.isSuccess && (
          <p className="font-semibold text-slate-900">
            {hits.length
              ? t('search.results', { count: hits.length, n: formatNumber(hits.length, locale), query })
              : t('search.none', { query })}
          </p>
        )}
      </div>

      {query && hits.length > 0 && (
        <div className="space-y-2">
          <ol className="space-y-2 lg:max-h-[28rem] lg:overflow-y-auto lg:pr-1" aria-label={t('search.resultsHeading')}>
            {hits.map((hit) => {
              const doc = libraryDocument(hit.document_id);
              const title = doc ? volumeText(doc).title : hit.title;
              const page = formatNumber(hit.page_number, locale);
              return (
                <li key={`${hit.document_id}-${hit.page_number}`}>
                  <Link
                    to={hrefFor(hit.document_id, hit.page_number)}
                    className="block space-y-1 rounded-md border border-slate-200 bg-white p-3 hover:border-blue-700 hover:bg-blue-50 focus-visible:outline-3 focus-visible:outline-amber-400"
                  >
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold text-blue-900">{title}</span>
                      <span className="text-sm font-medium whitespace-nowrap text-slate-600">
                        {t('search.page', { page })}
                      </span>
                    </span>
                    <Snippet html={hit.snippet} />
                  </Link>
                </li>
              );
            })}
          </ol>
          {hits.length >= SEARCH_LIMIT && (
            <p className="text-sm text-slate-600">{t('search.limited', { n: formatNumber(hits.length, locale) })}</p>
          )}
        </div>
      )}
    </Panel>
  );
}
