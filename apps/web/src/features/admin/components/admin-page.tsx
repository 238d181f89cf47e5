import type { ReactNode } from 'react';
import type { Locale } from '@hpbc/shared';
import { PageHeader } from '../../../components/ui/page-header';

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
 * The page buttons' words for an admin list, from the caller's own namespace (each admin
 * namespace has its own Burmese for Previous and Next), with the page numbers in `n`.
 */
export function pagerLabels(t: (key: string, options?: { page: string }) => string, n: (value: number) => string) {
  return {
    previousLabel: t('previous'),
    nextLabel: t('next'),
    pageLabel: (p: number) => t('pageLabel', { page: n(p) }),
    formatPage: n,
  };
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
