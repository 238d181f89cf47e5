import { useId, useRef, useState } from 'react';
import type { Locale } from '@hpbc/shared';
import { DISCIPLINES, DISCIPLINE_TITLES, type Discipline } from '@hpbc/shared/counterpart-review-terms';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { Panel } from '../../../components/ui/panel';
import { useTranslation } from '../../../lib/translation';
import { DOCUMENT_KINDS } from '@hpbc/shared/design-documents';
import { SHEET_NUMBER_MAX, type DocumentKind } from '../api/documents';
import { unfinishedSheets } from '../upload/upload-storage';
import { useSheetUploads, type SheetRow } from '../upload/use-sheet-uploads';
import { formatPercent, formatSize } from './format';

interface Props {
  registrationId: number;
  userId: number | string;
  locale: Locale;
  /** The disciplines that name a counterpart: listed first. */
  named: Discipline[];
  onSaved: () => void;
}

function SheetFields({
  row,
  locale,
  disabled,
  onChange,
}: {
  row: SheetRow;
  locale: Locale;
  disabled: boolean;
  onChange: (change: Partial<Pick<SheetRow, 'discipline' | 'kind' | 'number' | 'title'>>) => void;
}) {
  const { t } = useTranslation('documents');
  const base = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        id={`${base}-discipline`}
        label={t('upload.discipline')}
        value={row.discipline}
        placeholder={t('upload.choose')}
        onChange={(e) => onChange({ discipline: e.target.value as Discipline })}
        options={DISCIPLINES.map((d) => ({ value: d, label: DISCIPLINE_TITLES[d][locale] }))}
        error={row.fieldErrors?.discipline}
        disabled={disabled}
        required
      />
      <SelectField
        id={`${base}-kind`}
        label={t('upload.kind')}
        value={row.kind}
        placeholder={t('upload.choose')}
        onChange={(e) => onChange({ kind: e.target.value as DocumentKind })}
        options={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        error={row.fieldErrors?.kind}
        disabled={disabled}
        required
      />
      <TextField
        id={`${base}-number`}
        label={t('upload.number')}
        hint={t('upload.numberHint')}
        value={row.number}
        maxLength={SHEET_NUMBER_MAX}
        onChange={(e) => onChange({ number: e.target.value })}
        error={row.fieldErrors?.number}
        disabled={disabled}
        autoComplete="off"
        required
      />
      <TextField
        id={`${base}-title`}
        label={t('upload.sheetTitle')}
        value={row.title}
        maxLength={200}
        onChange={(e) => onChange({ title: e.target.value })}
        error={row.fieldErrors?.title}
        disabled={disabled}
        autoComplete="off"
        required
      />
    </div>
  );
}

/** Where a row is, in words (the progress bar repeats it for the eye). */
function rowStateText(row: SheetRow, t: (k: string, v?: Record<string, unknown>) => string, locale: Locale) {
  switch (row.state) {
    case 'ready':
      return t('upload.state.ready');
    case 'uploading':
      return t('upload.state.uploading', { percent: formatPercent(row.progress, locale) });
    case 'retrying':
      return t('upload.state.retrying', { percent: formatPercent(row.progress, locale) });
    case 'saving':
      return t('upload.state.saving');
    case 'waiting':
      return t('upload.state.waiting');
    case 'done':
      return t('upload.state.done', { number: row.document?.number ?? row.number, revision: row.document?.revision });
    case 'failed':
      return row.error?.code
        ? t(`upload.error.${row.error.code}`)
        : (row.error?.message ?? t('upload.state.fixFields'));
  }
}

/**
 * Adding sheets to the design (issue 25): choose several PDFs at once, type each (discipline,
 * kind, number, title), then send them; each shows its own progress and resumes where it
 * stopped after a dropped connection or a reload.
 */
export function SheetUpload({ registrationId, userId, locale, named, onSaved }: Props) {
  const { t } = useTranslation('documents');
  const ids = { files: useId(), discipline: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const [discipline, setDiscipline] = useState<Discipline | ''>(named[0] ?? '');
  const { rows, addFiles, update, remove, startAll, retry, clearDone } = useSheetUploads(
    registrationId,
    userId,
    onSaved,
  );
  const interrupted = unfinishedSheets(registrationId).filter(
    (s) => !rows.some((r) => r.fingerprint === s.fingerprint),
  );
  const waiting = rows.filter(
    (r) => r.state === 'ready' || (r.state === 'failed' && !r.error?.code?.match(/notPdf|tooBig|empty/)),
  );
  const busy = rows.some((r) => r.state === 'uploading' || r.state === 'retrying' || r.state === 'saving');

  const ordered = [...named, ...DISCIPLINES.filter((d) => !named.includes(d))];

  return (
    <Panel headingId="sheet-upload-title" title={t('upload.title')} intro={t('upload.intro')} space={4}>
      {interrupted.length > 0 && (
        <Alert variant="warning" title={t('upload.interruptedTitle')}>
          <p>{t('upload.interrupted')}</p>
          <ul className="mt-1 list-disc pl-5">
            {interrupted.map((s) => (
              <li key={s.fingerprint}>
                <span className="font-semibold">{s.fileName}</span> ({s.number}, {formatSize(s.size, locale)})
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <SelectField
          id={ids.discipline}
          label={t('upload.batchDiscipline')}
          hint={t('upload.batchDisciplineHint')}
          value={discipline}
          placeholder={t('upload.choose')}
          onChange={(e) => setDiscipline(e.target.value as Discipline)}
          options={ordered.map((d) => ({ value: d, label: DISCIPLINE_TITLES[d][locale] }))}
        />
        <div>
          <input
            ref={inputRef}
            id={ids.files}
            type="file"
            accept="application/pdf,.pdf"
            multiple
            className="peer sr-only"
            data-testid="sheet-files"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void addFiles(files, discipline);
            }}
          />
          <label
            htmlFor={ids.files}
            className={`${buttonClasses('secondary')} w-full cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber-400 sm:w-auto`}
          >
            {t('upload.choose_files')}
          </label>
        </div>
      </div>
      {rows.length > 0 && (
        <ul className="space-y-3" aria-label={t('upload.chosen')}>
          {rows.map((row) => {
            const active = row.state === 'uploading' || row.state === 'retrying' || row.state === 'saving';
            const locked = active || row.state === 'waiting' || row.state === 'done';
            const fileBroken = !!row.error?.code?.match(/notPdf|tooBig|empty/);
            return (
              <li
                key={row.key}
                className="space-y-3 rounded-md border border-slate-200 p-3"
                data-testid="sheet-row"
                data-state={row.state}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold break-all text-slate-900">
                    {row.file.name}{' '}
                    <span className="font-normal text-slate-700">({formatSize(row.file.size, locale)})</span>
                  </p>
                  {!active && row.state !== 'done' && (
                    <Button size="sm" variant="link" onClick={() => remove(row.key)}>
                      {t('upload.remove')}
                      <span className="sr-only"> — {row.file.name}</span>
                    </Button>
                  )}
                </div>
                {!fileBroken && row.state !== 'done' && (
                  <SheetFields row={row} locale={locale} disabled={locked} onChange={(c) => update(row.key, c)} />
                )}
                {(active || row.state === 'done' || row.progress > 0) && (
                  <progress
                    className="h-2 w-full overflow-hidden rounded bg-slate-200 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-700"
                    max={1}
                    value={row.progress}
                    aria-label={t('upload.progressLabel', { file: row.file.name })}
                  />
                )}
                <p
                  role={row.state === 'failed' ? 'alert' : 'status'}
                  className={
                    row.state === 'failed'
                      ? 'font-semibold text-red-800'
                      : row.state === 'done'
                        ? 'font-semibold text-green-900'
                        : row.state === 'retrying' || row.state === 'waiting'
                          ? 'text-amber-900'
                          : 'text-slate-700'
                  }
                  data-testid="sheet-state"
                >
                  {rowStateText(row, t, locale)}
                </p>
                {row.state === 'waiting' && (
                  <Button size="sm" variant="secondary" onClick={() => retry(row.key)}>
                    {t('upload.retrySave')}
                    <span className="sr-only"> — {row.file.name}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {waiting.length > 0 && (
          <Button
            onClick={() =>
              startAll((row) => ({
                discipline: row.discipline ? undefined : t('upload.required.discipline'),
                kind: row.kind ? undefined : t('upload.required.kind'),
                number: row.number.trim() ? undefined : t('upload.required.number'),
                title: row.title.trim() ? undefined : t('upload.required.title'),
              }))
            }
            loading={busy}
            busyText={t('upload.sending')}
          >
            {t('upload.send', { count: waiting.length })}
          </Button>
        )}
        {rows.some((r) => r.state === 'done') && !busy && (
          <Button variant="secondary" onClick={clearDone}>
            {t('upload.clearDone')}
          </Button>
        )}
      </div>
    </Panel>
  );
}
