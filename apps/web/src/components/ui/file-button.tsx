import type { InputHTMLAttributes } from 'react';
import { buttonClasses } from './button';

interface FileButtonProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className' | 'onChange' | 'id'
> {
  id: string;
  /** The button's text, in the page's language ("Choose a PDF file"). */
  buttonLabel: string;
  /** What is chosen: the file's name, or a "no file yet" text. */
  chosen: string;
  onFile?: (file: File | null) => void;
  /** With `multiple`: every file chosen at once (photos taken on site). */
  onFiles?: (files: File[]) => void;
  /** The id of the field's own label, read before the button's text. */
  labelledBy?: string;
  testId?: string;
  chosenTestId?: string;
}

/**
 * A file picker that speaks the page's language. The browser's own button says "Choose File"
 * and "No file chosen" in the browser's language (English on a Burmese page): here the input
 * is visually hidden but stays in the tab order (Space or Enter opens it, its focus shows on
 * the button), and a button-like label and the chosen file's name are shown instead (issue 25).
 */
export function FileButton({
  id,
  buttonLabel,
  chosen,
  onFile,
  onFiles,
  labelledBy,
  testId,
  chosenTestId,
  ...input
}: FileButtonProps) {
  const describedBy = [input['aria-describedby'], `${id}-chosen`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <input
        {...input}
        id={id}
        type="file"
        className="peer sr-only"
        data-testid={testId}
        aria-labelledby={labelledBy ? `${labelledBy} ${id}-choose` : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared so that choosing the same file again fires again.
          e.target.value = '';
          onFiles?.(files);
          onFile?.(files[0] ?? null);
        }}
      />
      <label
        id={`${id}-choose`}
        htmlFor={id}
        className={buttonClasses(
          'secondary',
          'md',
          'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-400',
        )}
      >
        {buttonLabel}
      </label>
      <p id={`${id}-chosen`} className="min-w-0 text-sm break-all text-slate-700" data-testid={chosenTestId}>
        {chosen}
      </p>
    </div>
  );
}
