import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { passwordChangeSchema } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { serverMessageOr, validate, type FieldErrorMap } from '../../../lib/auth/form-errors';
import { useFormFields } from '../../../lib/auth/use-form-fields';
import { changePassword } from '../api/profile-api';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** PUT /api/user/password: a change that asks for the current password, behind a button. */
export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const formId = useId();
  const openerRef = useRef<HTMLButtonElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const { values, setValues, field } = useFormFields(EMPTY, { errors });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const invalid = validate(passwordChangeSchema, values);
    setErrors(invalid ?? {});
    if (invalid) return;
    setSaving(true);
    try {
      await changePassword(values);
      setValues(EMPTY);
      setOpen(false);
      setDone(true);
      openerRef.current?.focus();
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(e.errors);
      else setFailure(serverMessageOr(e, t('password.failed')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('password.title')}
        </h2>
        <Button
          ref={openerRef}
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => {
            const opening = !open;
            setOpen(opening);
            setDone(false);
            // Opened on request, so the first field is where the user wants to be.
            if (opening) requestAnimationFrame(() => firstFieldRef.current?.focus());
          }}
        >
          {t('password.open')}
        </Button>
      </div>
      {done && (
        <Alert variant="success" className="mt-4">
          {t('password.success')}
        </Alert>
      )}
      {
        <form id={formId} hidden={!open} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-5">
          <p className="text-slate-700">{t('password.intro')}</p>
          {failure && <Alert variant="error">{failure}</Alert>}
          <TextField
            {...field('current_password')}
            ref={firstFieldRef}
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            field={field}
            label={t('password.new')}
            confirmationLabel={t('password.confirm')}
            hint={t('password.hint')}
            required
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => {
                setOpen(false);
                setValues(EMPTY);
                setErrors({});
                setFailure(null);
                openerRef.current?.focus();
              }}
            >
              {t('password.cancel')}
            </Button>
            <Button type="submit" loading={saving} busyText={t('password.submitting')}>
              {t('password.submit')}
            </Button>
          </div>
        </form>
      }
    </section>
  );
}
