import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

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
      <header className="space-y-2 border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        {intro && <div className="max-w-3xl text-slate-700">{intro}</div>}
      </header>
      {children}
    </div>
  );
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
      <p role="status" className="text-slate-600">
        {label}
      </p>
      <Skeleton lines={6} />
    </div>
  );
}

export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      variant="error"
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
