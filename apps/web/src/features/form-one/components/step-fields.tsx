import { memo } from 'react';
import { useTranslation } from '../../../lib/translation';
import {
  HTML_REQUIRED_FIELDS,
  type FormOneData,
  type FormOneField,
  type FormOneGroup,
  type FormOneStep,
  type FormOneValue,
} from '@hpbc/shared/form-one-fields';
import { localDigits, type Locale } from '@hpbc/shared';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { cx } from '../../../lib/cx';
import type { ReviewComment } from '@hpbc/shared/counterpart-review';
import { FieldComments } from './field-review-notes';
import { EietPicker } from './eiet-picker';

/** The id of a field's input: what the error summary links to. */
export const fieldId = (name: string) => `f-${name}`;

interface FieldProps {
  field: FormOneField;
  value: FormOneValue | undefined;
  error?: string;
  lang: Locale;
  requiredText: string;
  onChange: (name: string, value: FormOneValue) => void;
}

const FormOneInput = memo(function FormOneInput({ field, value, error, lang, requiredText, onChange }: FieldProps) {
  const label = (
    <>
      {field.label[lang]}
      {field.required && <span className="ml-1.5 text-sm font-normal text-slate-600">({requiredText})</span>}
    </>
  );
  const common = {
    id: fieldId(field.name),
    name: field.name,
    error,
    // The committee's form marks these few inputs `required`; the others are checked on submit.
    required: HTML_REQUIRED_FIELDS.has(field.name),
    'aria-required': field.required || undefined,
  };
  if (field.kind === 'checkbox') {
    return (
      <Checkbox
        {...common}
        label={label}
        checked={value === true}
        onChange={(e) => onChange(field.name, e.target.checked)}
        wrapperClassName="sm:col-span-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'textarea') {
    return (
      <TextAreaField
        {...common}
        label={label}
        rows={2}
        maxLength={field.max}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
        wrapperClassName="sm:col-span-2"
      />
    );
  }
  return (
    <TextField
      {...common}
      label={label}
      type={field.kind === 'tel' ? 'tel' : field.kind}
      inputMode={field.kind === 'tel' ? 'tel' : undefined}
      maxLength={field.max}
      autoComplete={field.autoComplete ?? 'off'}
      value={text}
      onChange={(e) => onChange(field.name, e.target.value)}
    />
  );
});

interface GroupProps {
  group: FormOneGroup;
  values: FormOneData;
  errors: Record<string, string>;
  lang: Locale;
  onChange: (name: string, value: FormOneValue) => void;
  comments?: readonly ReviewComment[];
}

function Group({ group, values, errors, lang, onChange, comments }: GroupProps) {
  const { t } = useTranslation('form-one');
  const national = group.id.startsWith('national_') || group.title.en.startsWith('National Counterpart');
  return (
    <fieldset
      className={cx(
        'min-w-0 rounded-lg border p-4 sm:p-5',
        national ? 'border-slate-200 bg-slate-50/70' : 'border-slate-300 bg-white',
      )}
      data-group={group.id}
    >
      {/* Floated, the legend sits inside the box: a title that wraps on a phone no longer has
          the box's top border running between its lines. */}
      <legend className="float-left w-full text-base font-bold text-slate-900">
        {group.number !== undefined && <span className="text-blue-800">({localDigits(group.number, lang)})</span>}
        {group.number !== undefined && ' '}
        {group.title[lang]}
      </legend>
      <div className="clear-left grid gap-4 pt-3 sm:grid-cols-2">
        {group.id === 'eiet' && <EietPicker values={values} error={errors.eiet_company_id} onChange={onChange} />}
        {group.fields.map((field) => {
          const input = (
            <FormOneInput
              key={field.name}
              field={field}
              value={values[field.name]}
              error={errors[field.name]}
              lang={lang}
              requiredText={t('required')}
              onChange={onChange}
            />
          );
          const about = comments?.filter((c) => c.field === field.name);
          // The counterparts' comments on a field sit right under it while the submitter changes it.
          return about?.length ? (
            <div key={field.name} className="space-y-1 sm:col-span-2" data-commented={field.name}>
              {input}
              <FieldComments comments={about} />
            </div>
          ) : (
            input
          );
        })}
      </div>
    </fieldset>
  );
}

interface StepFieldsProps {
  step: FormOneStep;
  values: FormOneData;
  /** The first error of each field, ready to show. */
  errors: Record<string, string>;
  lang: Locale;
  onChange: (name: string, value: FormOneValue) => void;
  /** The national counterparts' comments (a registration returned for changes). */
  comments?: readonly ReviewComment[];
}

/** One step's questions, in the committee's groups (a fieldset each). */
export function StepFields({ step, values, errors, lang, onChange, comments }: StepFieldsProps) {
  const { t } = useTranslation('form-one');
  return (
    <div className="space-y-5">
      {step.number === 7 && <p className="text-slate-700">{t('signatureHint')}</p>}
      {step.groups.map((group) => (
        <Group
          key={group.id}
          group={group}
          values={values}
          errors={errors}
          lang={lang}
          onChange={onChange}
          comments={comments}
        />
      ))}
    </div>
  );
}
