import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { ProfileUpdatePayload } from '@hpbc/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import { requiredOnly, type FieldErrorMap } from '../../../lib/auth/form-errors';
import { useFormFields } from '../../../lib/auth/use-form-fields';
import { currentLanguage } from '../../../lib/i18n';
import { updateProfile } from '../api/profile-api';

type Outcome = null | 'success' | 'validation' | 'error';

const IDS = {
  name: 'profile-name',
  email: 'profile-email',
  phone: 'profile-phone',
  address: 'profile-address',
  password: 'profile-password',
  password_confirmation: 'profile-password-confirmation',
  current_password: 'profile-current-password',
} as const;

/**
 * Section 2, Profile edit. A failed save keeps everything typed; the first server
 * message of each field shows under it; the outcome is told in a dialog (section 8).
 */
export function ProfileEditForm() {
  const { t } = useTranslation('account');
  const { t: tAuth } = useTranslation('auth');
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const { values, setValues, field, summary } = useFormFields(
    {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      address: user?.address ?? '',
      password: '',
      password_confirmation: '',
      current_password: '',
    },
    { ids: IDS, errors },
  );
  // The server needs the current password for a new e-mail or password (docs/api.md); ask only then.
  const needsCurrentPassword =
    values.password !== '' || values.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [emailChanged, setEmailChanged] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Section 5: the password goes only when one was typed, with its confirmation.
    const payload: ProfileUpdatePayload = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      address: values.address,
      locale: currentLanguage(),
      ...(values.password ? { password: values.password, password_confirmation: values.password_confirmation } : {}),
      ...(needsCurrentPassword ? { current_password: values.current_password } : {}),
    };
    // Section 5: the form requires name and e-mail; every other rule is the server's (a 422
    // then opens the Validation Error dialog with the messages under the fields).
    const invalid = requiredOnly(
      payload,
      needsCurrentPassword ? ['name', 'email', 'current_password'] : ['name', 'email'],
    );
    setErrors(invalid ?? {});
    if (invalid) return;
    setSaving(true);
    try {
      const answer = await updateProfile(payload);
      setEmailChanged(Boolean(answer.verification_sent));
      authStore.replaceUser(answer.user);
      setValues((v) => ({ ...v, password: '', password_confirmation: '', current_password: '' }));
      setOutcome('success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        setErrors(e.errors ?? {});
        setOutcome('validation');
      } else {
        setOutcome('error');
      }
    } finally {
      setSaving(false);
    }
  }

  const closeDialog = () => {
    if (outcome === 'success') navigate('/user/profile');
    setOutcome(null);
  };

  const dialog = {
    success: { title: t('edit.successTitle'), body: t('edit.success') },
    validation: { title: t('edit.validationTitle'), body: t('edit.validation') },
    error: { title: t('edit.errorTitle'), body: t('edit.error') },
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <header className="space-y-2 border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('edit.title')}</h1>
        <p className="text-slate-700">{t('edit.intro')}</p>
      </header>

      {outcome === null && <ErrorSummary title={tAuth('errors.summaryTitle')} errors={summary} />}

      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <TextField {...field('name')} label={t('edit.name')} autoComplete="name" required />
        <TextField {...field('email')} label={t('edit.email')} type="email" autoComplete="email" required />
        <TextField
          {...field('phone')}
          label={`${t('edit.phone')} (${t('edit.optional')})`}
          type="tel"
          autoComplete="tel"
          placeholder={t('edit.phonePlaceholder')}
        />
        <TextAreaField
          {...field('address')}
          label={`${t('edit.address')} (${t('edit.optional')})`}
          autoComplete="street-address"
          rows={3}
          placeholder={t('edit.addressPlaceholder')}
        />
        <fieldset className="space-y-5 border-t border-slate-200 pt-5">
          <legend className="float-left mb-1 w-full text-lg font-semibold text-slate-900">
            {t('edit.passwordSection')}
          </legend>
          <NewPasswordFields
            field={field}
            label={`${t('edit.newPassword')} (${t('edit.optional')})`}
            confirmationLabel={t('edit.confirmNewPassword')}
            hint={t('edit.newPasswordHint')}
            wrapperClassName="clear-both"
          />
        </fieldset>
        {(needsCurrentPassword || errors.current_password) && (
          <TextField
            {...field('current_password')}
            label={t('edit.currentPassword')}
            hint={t('edit.currentPasswordHint')}
            type="password"
            autoComplete="current-password"
            required
          />
        )}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
          <Link to="/user/profile" className={buttonClasses('secondary')}>
            {t('edit.cancel')}
          </Link>
          <Button type="submit" loading={saving} busyText={t('edit.saving')}>
            {t('edit.save')}
          </Button>
        </div>
      </form>

      <Dialog
        open={outcome !== null}
        onClose={closeDialog}
        title={outcome ? dialog[outcome].title : ''}
        closeLabel={t('edit.close')}
        size="sm"
        footer={<Button onClick={closeDialog}>{t('edit.ok')}</Button>}
      >
        <div className="space-y-2 text-slate-800">
          <p>{outcome ? dialog[outcome].body : ''}</p>
          {outcome === 'success' && emailChanged && <p>{t('edit.emailChanged')}</p>}
          {outcome === 'validation' && summary.length > 0 && (
            <ul className="list-disc pl-5 text-red-800">
              {summary.map((item) => (
                <li key={item.fieldId}>{item.message}</li>
              ))}
            </ul>
          )}
        </div>
      </Dialog>
    </div>
  );
}
