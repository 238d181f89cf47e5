import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Alert } from './alert';
import { Button } from './button';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';
import { ListStates } from './load-states';

/**
 * A box of a registration's page that lists its records as cards (the change reports, the
 * designer's presentations: issue 30): the heading, an optional intro under it, what the
 * viewer may add (`children`), then the list's loading, load failed, nothing yet, or one
 * card per record (`card`). `labels` are ListStates' words (`listLabels(t)`).
 */
export function CardsPanel<T extends { id: number }>({
  title,
  intro,
  query,
  items,
  labels,
  card,
  children,
  ...rest
}: {
  title: ReactNode;
  intro?: ReactNode;
  query: Parameters<typeof ListStates>[0]['query'];
  items: readonly T[];
  labels: { loading: string; failed: ReactNode; retryLabel: string; empty: ReactNode };
  card: (item: T) => ReactNode;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, 'title' | 'className' | 'children' | 'aria-labelledby'>) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="text-xl font-bold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      {...rest}
    >
      {intro === undefined ? (
        heading
      ) : (
        <div className="space-y-1">
          {heading}
          <p className="text-slate-700">{intro}</p>
        </div>
      )}
      {children}
      <ListStates query={query} rows={items.length} {...labels}>
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={item.id}>{card(item)}</li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

/**
 * The form of a CardsPanel that adds a record (files a change report, schedules a
 * presentation): its heading, the done notice (announced), a failure that belongs to no
 * field, the error summary, the fields (`children`) and the submit button. `form` is its
 * save state (`useSaveForm`); `roomy` spaces its parts as a form of fieldsets.
 */
export function PanelForm({
  labels,
  form,
  errors,
  roomy = false,
  onSubmit,
  children,
}: {
  labels: { title: string; errors: string; submit: string; busy: string };
  form: { done: string | null; failure: string | null; saving: boolean };
  errors: ErrorSummaryItem[];
  roomy?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-labelledby={titleId}
      className={cx(roomy ? 'space-y-4' : 'space-y-3', 'rounded-md border border-slate-200 bg-slate-50 p-3 sm:p-4')}
    >
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {labels.title}
      </h3>
      <div aria-live="polite">{form.done && <Alert variant="success">{form.done}</Alert>}</div>
      {form.failure && <Alert variant="error">{form.failure}</Alert>}
      <ErrorSummary title={labels.errors} errors={errors} />
      {children}
      <Button type="submit" loading={form.saving} busyText={labels.busy}>
        {labels.submit}
      </Button>
    </form>
  );
}
