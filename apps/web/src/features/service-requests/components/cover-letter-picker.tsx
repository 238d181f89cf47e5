import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-parts';
import { cx } from '../../../lib/cx';
import { formatNumber } from '../../../lib/format';
import { LineIcon } from '../../../components/ui/line-icon';

interface Props {
  id: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onSelect: (file: File) => void;
  onRemove: () => void;
}

export function formatFileSize(bytes: number, locale: 'en' | 'my'): string {
  if (bytes < 1024) return `${formatNumber(bytes, locale)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round((bytes / 1024) * 10) / 10, locale)} KB`;
  return `${formatNumber(Math.round((bytes / 1024 / 1024) * 100) / 100, locale)} MB`;
}

/**
 * The cover letter upload: a real file input (so it is reachable by Tab and opens with
 * Enter or Space) styled through its label, a drop zone around it, and the chosen file's
 * name and size with a Remove button.
 */
export function CoverLetterPicker({ id, file, error, disabled, onSelect, onRemove }: Props) {
  const { t, i18n } = useTranslation('requests');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const labelId = useId();
  const hintId = `${id}-hint`;
  const fileId = `${id}-file`;

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) onSelect(dropped);
  }

  return (
    <div role="group" aria-labelledby={labelId} className="space-y-1.5">
      <p id={labelId} className="font-semibold text-slate-900">
        {t('fields.coverLetter')}
      </p>
      <p id={hintId} className="text-sm text-slate-600">
        {t('fields.coverLetterHint')}
      </p>
      <FieldError id={id}>{error}</FieldError>
      <div
        data-testid="cover-letter-drop"
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-5 text-center',
          dragging
            ? 'border-blue-700 bg-blue-50'
            : error
              ? 'border-red-700 bg-red-50/40'
              : 'border-slate-400 bg-slate-50',
        )}
      >
        <LineIcon
          viewBox="0 0 24 24"
          className="size-8 text-slate-500"
          d="M7 3h7l5 5v13H7z M14 3v5h5 M12 11v6 M9.5 13.5L12 11l2.5 2.5"
          strokeWidth="1.6"
          roundCaps
        />
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="application/pdf,.pdf"
          className="peer sr-only"
          disabled={disabled}
          aria-labelledby={`${labelId} ${id}-choose`}
          aria-describedby={[hintId, error ? `${id}-error` : '', file ? fileId : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            // Cleared so choosing the same file again (after removing it) still fires a change.
            e.target.value = '';
            if (chosen) onSelect(chosen);
          }}
        />
        <label
          id={`${id}-choose`}
          htmlFor={id}
          className={cx(
            'inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-blue-800 shadow-sm hover:bg-slate-50',
            'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-400',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          {file ? t('fields.replaceFile') : t('fields.chooseFile')}
        </label>
        <p className="text-sm text-slate-600">{t('fields.dropHere')}</p>
      </div>
      {file && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-white px-3 py-2">
          <p id={fileId} className="min-w-0 text-sm break-all text-slate-800">
            <span className="sr-only">{t('fields.selectedFile')} </span>
            <span className="font-semibold">{file.name}</span>{' '}
            <span className="text-slate-600">({formatFileSize(file.size, locale)})</span>
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            aria-label={t('fields.removeFile', { name: file.name })}
            onClick={() => {
              onRemove();
              inputRef.current?.focus();
            }}
          >
            {t('fields.remove')}
          </Button>
        </div>
      )}
    </div>
  );
}
