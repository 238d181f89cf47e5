import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import {
  FORM_ONE_STEPS,
  hasAnswer,
  type FormOneData,
  type FormOneField,
  type FormOneStep,
} from '@hpbc/shared/form-one-fields';
import type { FieldChange, ReviewComment } from '@hpbc/shared/counterpart-review';
import { FieldComments, FieldChangeNote } from './field-review-notes';
import { localDigits, type Locale } from '@hpbc/shared';
import { cx } from '../../../lib/cx';
import { WhenNear } from '../../../components/ui/when-near';

interface AnswersByStepProps {
  values: FormOneData;
  lang: Locale;
  /** Shows a Change link per step (the review page); absent on the read-only view. */
  onChange?: (step: number) => void;
  /** Steps to mark as having errors. */
  stepsWithErrors?: ReadonlySet<number>;
  headingLevel?: 2 | 3;
  /** The counterparts' comments, shown beside the field each is about. */
  comments?: readonly ReviewComment[];
  /** What changed since the previous round, highlighted field by field (before → after). */
  changes?: readonly FieldChange[];
  /** Something to show after a field's answer (the review screen's "Comment" button). */
  fieldExtra?: (field: FormOneField) => ReactNode;
  /** Each step can be hidden and shown again (the counterpart's long read on a phone). */
  collapsible?: boolean;
}

function Answer({ field, value }: { field: FormOneField; value: unknown }) {
  const { t } = useTranslation('form-one');
  if (field.kind === 'checkbox') return <>{value === true ? t('review.yes') : t('review.no')}</>;
  if (typeof value === 'string' && value.trim() !== '') {
    return <span className="break-words whitespace-pre-line">{value}</span>;
  }
  return <span className="text-slate-500 italic">{t('review.notProvided')}</span>;
}

/**
 * About how tall a step's answers are, in rem (a group's heading and padding, then a line or
 * two per field): the height held until they are drawn and laid out (decision 122). Close is
 * enough: it is replaced by the real height as soon as the step comes near the screen.
 */
const stepBodyRem = (step: FormOneStep) => step.groups.reduce((rem, g) => rem + 3.5 + g.fields.length * 3, 0);

/**
 * A whole registration, grouped by step and by the committee's sections: the review
 * page ("Check your answers", with a Change link per step) and the read-only view.
 */
export function AnswersByStep({
  values,
  lang,
  onChange,
  stepsWithErrors,
  headingLevel = 2,
  comments,
  changes,
  fieldExtra,
  collapsible = false,
}: AnswersByStepProps) {
  const { t } = useTranslation('form-one');
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const toggle = (step: number) =>
    setHidden((old) => {
      const next = new Set(old);
      if (!next.delete(step)) next.add(step);
      return next;
    });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className="space-y-6">
      {FORM_ONE_STEPS.map((step) => (
        // Each step's answers are drawn only when it comes near or the browser is idle
        // (WhenNear): its heading and its hide button are always there, so headings navigation
        // and in-page links find every step (issue 31, decision 122). Not content-visibility:
        // axe's colour-contrast check misread the skipped answers' background (decision 122).
        <section
          key={step.number}
          aria-labelledby={`answers-step-${step.number}`}
          className={cx(
            'rounded-lg border bg-white shadow-sm print:break-inside-auto print:border-slate-400 print:shadow-none',
            stepsWithErrors?.has(step.number) ? 'border-red-700' : 'border-slate-200',
          )}
        >
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:px-5">
            <Heading id={`answers-step-${step.number}`} className="text-lg font-bold text-slate-900">
              {/* Burmese numbering ends in "။" (၁။), English in "." (second Burmese review, L18). */}
              <span className="text-blue-800">
                {localDigits(step.number, lang)}
                {lang === 'my' ? '။' : '.'}
              </span>{' '}
              {step.title[lang]}
            </Heading>
            {collapsible && (
              <button
                type="button"
                aria-expanded={!hidden.has(step.number)}
                aria-controls={`answers-step-${step.number}-body`}
                onClick={() => toggle(step.number)}
                className="min-h-9 rounded px-2 text-sm font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 print:hidden"
              >
                {hidden.has(step.number) ? t('review.showStep') : t('review.hideStep')}
                <span className="sr-only"> — {step.title[lang]}</span>
              </button>
            )}
            {onChange && (
              <button
                type="button"
                onClick={() => onChange(step.number)}
                className="font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 print:hidden"
              >
                {t('review.change')}
                <span className="sr-only"> — {step.title[lang]}</span>
              </button>
            )}
          </div>
          <WhenNear
            id={`answers-step-${step.number}-body`}
            hidden={hidden.has(step.number)}
            className="divide-y divide-slate-100 px-4 sm:px-5"
            minHeight={`${stepBodyRem(step)}rem`}
          >
            {step.groups.map((group) => {
              const reviewed = group.fields.some(
                (f) => comments?.some((c) => c.field === f.name) || changes?.some((c) => c.field === f.name),
              );
              const answered = reviewed || group.fields.some((f) => hasAnswer(values[f.name]));
              const anyRequired = group.fields.some((f) => f.required);
              const title =
                group.number !== undefined
                  ? `(${localDigits(group.number, lang)}) ${group.title[lang]}`
                  : group.title[lang];
              return (
                <div key={group.id} className="py-3 print:break-inside-avoid">
                  <SubHeading className="mb-1.5 font-semibold text-slate-900">{title}</SubHeading>
                  {!answered && !anyRequired ? (
                    <p className="text-sm text-slate-500 italic">{t('review.notProvided')}</p>
                  ) : (
                    <dl className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
                      {group.fields.map((field) => (
                        // No wrapper per field (a long read is a few hundred rows: decision 122);
                        // the answer's cell carries the field's name.
                        <Fragment key={field.name}>
                          <dt className="text-slate-600">{field.label[lang]}</dt>
                          <dd className="mb-1.5 text-slate-900 sm:mb-0" data-field={field.name}>
                            <Answer field={field} value={values[field.name]} />
                            <FieldChangeNote change={changes?.find((c) => c.field === field.name)} field={field} />
                            <FieldComments comments={comments?.filter((c) => c.field === field.name)} />
                            {fieldExtra?.(field)}
                          </dd>
                        </Fragment>
                      ))}
                    </dl>
                  )}
                </div>
              );
            })}
          </WhenNear>
        </section>
      ))}
    </div>
  );
}
