import { useTranslation } from '../../../lib/translation';
import { formOneField, stepOfField } from '@hpbc/shared/form-one-fields';
import { localDigits } from '@hpbc/shared';
import type { ReturnedFor } from '../returned-for';
import { useLang } from '../hooks/use-lang';

/** The note on a registration returned for changes, the counterparts' comments, and what to do about it. */
export function ReturnedNote({ returned }: { returned: ReturnedFor }) {
  const { t } = useTranslation('form-one');
  const lang = useLang();
  const comments = returned.comments ?? [];
  return (
    <>
      {comments.length > 0 ? (
        <>
          <p>{t('reviewNotes.commentsInForm')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="returned-comments">
            {comments.map((c) => {
              const step = c.field ? stepOfField(c.field) : undefined;
              return (
                <li key={c.id}>
                  <span className="font-semibold">
                    {c.field ? (formOneField(c.field)?.messageLabel[lang] ?? c.field) : t('reviewNotes.wholeTitle')}
                    {step !== undefined &&
                      ` (${t('stepOf', { step: localDigits(step, lang), total: localDigits(7, lang) })})`}
                  </span>
                  : <span className="whitespace-pre-line">{c.text}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        returned.note && (
          <>
            <span className="font-semibold">{t('returned.noteLabel')}</span>{' '}
            <span className="whitespace-pre-line">{returned.note}</span>
          </>
        )
      )}
      <p className="mt-1">{t('returned.hint')}</p>
    </>
  );
}
