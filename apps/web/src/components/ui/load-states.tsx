import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

/**
 * The three states of a screen that loads data, for every feature: loading, load failed
 * (with a retry), and nothing to show. The page's heading is PageHeader (./page-header).
 */

/** Loading: a labelled status with a skeleton card, or (`compact`) a spinner and the label on one line. */
export function LoadingBlock({ label, compact = false }: { label: string; compact?: boolean }) {
  if (compact) {
    return (
      <div className="flex items-center gap-3 text-slate-700">
        <Spinner size="sm" />
        <span role="status">{label}</span>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
      <p role="status" className="text-slate-600">
        {label}
      </p>
      <Skeleton lines={6} />
    </div>
  );
}

/** Load failed: an error alert (a title, a message or both) with a retry button. */
export function LoadFailed({
  title,
  message,
  retryLabel,
  onRetry,
}: {
  title?: string;
  message?: ReactNode;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      variant="error"
      title={title}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

export function EmptyBlock({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-700">
      {children}
    </p>
  );
}

/** What ListStates reads of a TanStack query. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => unknown;
}

/**
 * A list's loading, failure, retry and empty words (ListStates' labels) under the keys
 * `loading`, `loadFailed`, `retry` and `empty` of the caller's namespace; a list whose
 * words differ sets that prop after the spread.
 */
export function listLabels(t: (key: string) => string) {
  return { loading: t('loading'), failed: t('loadFailed'), retryLabel: t('retry'), empty: t('empty') };
}

/**
 * A list screen's states in one place: loading, load failed with a retry, nothing to show,
 * or (`children`) the rows once there are some.
 */
export function ListStates({
  query,
  rows,
  loading,
  failed,
  retryLabel,
  empty,
  children,
}: {
  query: ListQuery;
  /** How many rows the answer has. */
  rows: number;
  loading: string;
  failed: ReactNode;
  retryLabel: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {query.isPending && <LoadingBlock label={loading} />}
      {query.isError && <LoadFailed message={failed} retryLabel={retryLabel} onRetry={() => void query.refetch()} />}
      {query.isSuccess && rows === 0 && <EmptyBlock>{empty}</EmptyBlock>}
      {query.isSuccess && rows > 0 && children}
    </>
  );
}

/**
 * RecordStates' words under the keys `notFound`, `loading` and `loadFailed` after `prefix`, and
 * `retry`, of the caller's namespace (as listLabels for a list).
 */
export function recordLabels(t: (key: string) => string, prefix: string) {
  return {
    notFoundTitle: t(`${prefix}notFound`),
    loading: t(`${prefix}loading`),
    failed: t(`${prefix}loadFailed`),
    retryLabel: t('retry'),
  };
}

/**
 * One record's screen states in one place: not found (a warning, when `notFound`: a 404, or no
 * id in the address), loading, or load failed with a retry. The record itself is the caller's
 * to draw once there is data.
 */
export function RecordStates({
  query,
  notFound = false,
  notFoundTitle,
  loading,
  compact,
  failed,
  retryLabel,
}: {
  query: Pick<ListQuery, 'isPending' | 'isError' | 'refetch'>;
  notFound?: boolean;
  notFoundTitle?: string;
  loading: string;
  /** LoadingBlock's one-line spinner instead of its skeleton card. */
  compact?: boolean;
  failed: ReactNode;
  retryLabel: string;
}) {
  return (
    <>
      {notFound && <Alert variant="warning" title={notFoundTitle} />}
      {!notFound && query.isPending && <LoadingBlock label={loading} compact={compact} />}
      {!notFound && query.isError && (
        <LoadFailed message={failed} retryLabel={retryLabel} onRetry={() => void query.refetch()} />
      )}
    </>
  );
}
