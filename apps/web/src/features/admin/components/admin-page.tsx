import { useState, type ReactNode } from 'react';
import type { Locale } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPagination, pagerLabels } from '../../../components/ui/pagination';
import { TextField } from '../../../components/ui/text-field';
import { pageInfo } from '../../../lib/paging';

/** The frame of an admin section page: a heading, an intro and the content. */
export function AdminPage({
  title,
  intro,
  before,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** Shown above the heading, e.g. a link back to the list. */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      {before}
      <PageHeader title={title} description={intro} />
      {children}
    </div>
  );
}

/**
 * Under an admin list: "showing from–to of total" and the page buttons, in the words of the
 * caller's namespace (`showing` and `pagination` under `keys`, e.g. 'registrations.'; the
 * buttons' words as pagerLabels), with the numbers in `n`.
 */
export function AdminPager({
  meta,
  t,
  n,
  keys = '',
  onPageChange,
}: {
  meta: { total: number; page: number; per_page: number } | undefined;
  t: (key: string, options?: Record<string, string>) => string;
  n: (value: number) => string;
  keys?: string;
  onPageChange: (page: number) => void;
}) {
  const { from, to } = pageInfo(meta);
  return (
    <ListPagination
      meta={meta}
      summary={meta ? t(`${keys}showing`, { from: n(from), to: n(to), total: n(meta.total) }) : ''}
      onPageChange={onPageChange}
      label={t(`${keys}pagination`)}
      {...pagerLabels(t, n)}
    />
  );
}

/** What an admin edit dialog is given besides its record: the page's language, and what to do on close and after a save. */
export interface AdminEditDialogProps {
  locale: Locale;
  onClose: () => void;
  /** Called with the saved record's name, for the page's notice. */
  onSaved: (name: string) => void;
}

export { listLabels } from '../../../components/ui/load-states';

/** The edit dialog's button words (FormDialog's `labels`), from the caller's admin namespace. */
export function dialogLabels(t: (key: string) => string) {
  return { close: t('close'), cancel: t('cancel'), save: t('save'), saving: t('saving') };
}

/**
 * An admin list's search form (its text lives in the URL, convention 7): the search field,
 * the list's own filters (`children`), then Search and, while a search is applied, Clear.
 * What is typed stays here until Search sends it, trimmed, to `onSearch`; Clear empties the
 * field and sends ''.
 */
export function AdminSearch({
  label,
  hint,
  name = 'search',
  applied,
  fieldClassName,
  searchLabel,
  clearLabel,
  onSearch,
  children,
}: {
  label: string;
  hint?: string;
  /** The URL parameter the text goes to. */
  name?: string;
  /** The search in force (from the URL): the field starts with it, and Clear shows while there is one. */
  applied: string;
  fieldClassName: string;
  searchLabel: string;
  clearLabel: string;
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(applied);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <TextField
        label={label}
        hint={hint}
        type="search"
        name={name}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        wrapperClassName={fieldClassName}
      />
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{searchLabel}</Button>
        {applied && (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            {clearLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
