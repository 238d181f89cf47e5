import { useTranslation } from '../../../lib/translation';
import type { FieldChange, ReviewComment } from '@hpbc/shared/counterpart-review';
import { DISCIPLINE_TITLES } from '@hpbc/shared/counterpart-review-terms';
import type { FormOneField } from '@hpbc/shared/form-one-fields';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../hooks/use-lang';

function shown(value: string | boolean | null, yes: string, no: string, empty: string): string {
  if (value === null || value === '') return empty;
  if (typeof value === 'boolean') return value ? yes : no;
  return value;
}

/** A field the submitter changed since the previous round: the old value struck out, the new one marked. */
export function FieldChangeNote({ change, field }: { change: FieldChange | undefined; field: FormOneField }) {
  const { t } = useTranslation('form-one');
  if (!change) return null;
  const v = (x: string | boolean | null) => shown(x, t('review.yes'), t('review.no'), t('reviewNotes.empty'));
  return (
    <p
      className="mt-1 rounded border-l-4 border-amber-500 bg-amber-50 px-2 py-1 text-sm text-slate-900"
      data-change={field.name}
    >
      <span className="font-semibold">{t('reviewNotes.changed')}</span>{' '}
      <del className="text-red-800">
        <span className="sr-only">{t('reviewNotes.before')} </span>
        {v(change.before)}
      </del>{' '}
      <span aria-hidden="true">→</span>{' '}
      <ins className="font-semibold text-green-900 no-underline">
        <span className="sr-only">{t('reviewNotes.after')} </span>
        {v(change.after)}
      </ins>
    </p>
  );
}

/** The counterparts' comments on one field (or, with no field, on the whole registration). */
export function FieldComments({ comments }: { comments: readonly ReviewComment[] | undefined }) {
  const { t } = useTranslation('form-one');
  const lang = useLang();
  if (!comments?.length) return null;
  return (
    <ul className="mt-1 space-y-1" aria-label={t('reviewNotes.comments')}>
      {comments.map((c) => (
        <li
          key={c.id}
          className="rounded border-l-4 border-blue-600 bg-blue-50 px-2 py-1 text-sm text-slate-900"
          data-comment={c.field ?? 'registration'}
        >
          <p className="break-words whitespace-pre-line">{c.text}</p>
          <p className="text-xs text-slate-700">
            {c.author.name} · {DISCIPLINE_TITLES[c.discipline]?.[lang] ?? c.discipline} ·{' '}
            {t('reviewNotes.round', { round: c.round })} ·{' '}
            <time dateTime={c.created_at}>{formatDateTime(c.created_at, lang)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
