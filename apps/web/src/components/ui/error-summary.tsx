import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ErrorSummaryItem {
  /** The id of the field the message belongs to. */
  fieldId: string;
  message: ReactNode;
}

interface ErrorSummaryProps {
  title: ReactNode;
  errors: ErrorSummaryItem[];
  description?: ReactNode;
  /**
   * Called before the field is focused, e.g. so a multi-step form can show the step the field is
   * on. Focus is attempted again after the next render, when that step's fields exist.
   */
  onSelect?: (fieldId: string) => void;
}

function focusField(fieldId: string): boolean {
  const field = document.getElementById(fieldId);
  if (!field) return false;
  // Scroll to the label (as GOV.UK does) so the question is visible, not just the box.
  const label = document.querySelector(`label[for="${CSS.escape(fieldId)}"]`) ?? field;
  label.scrollIntoView?.({ block: 'start' });
  field.focus({ preventScroll: true });
  return true;
}

/**
 * The GOV.UK error summary: shown above a form after a failed submit, it takes focus so screen
 * readers announce it, and each message links to its field.
 */
export function ErrorSummary({ title, errors, description, onSelect }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Refocus whenever a new set of errors arrives (a second failed submit).
  const key = errors.map((e) => e.fieldId).join('|');

  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [key, errors.length]);

  if (errors.length === 0) return null;

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="rounded-md border-4 border-red-700 bg-white p-4 outline-none focus:ring-4 focus:ring-amber-400 sm:p-5"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {description && <div className="mt-2 text-slate-800">{description}</div>}
      <ul className="mt-3 list-none space-y-2">
        {errors.map((e) => (
          <li key={e.fieldId}>
            <a
              href={`#${e.fieldId}`}
              className="font-semibold text-red-700 underline underline-offset-2 hover:text-red-900 focus-visible:bg-amber-300 focus-visible:text-slate-900 focus-visible:outline-none"
              onClick={(event) => {
                event.preventDefault();
                onSelect?.(e.fieldId);
                if (!focusField(e.fieldId)) setTimeout(() => focusField(e.fieldId), 0);
              }}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
