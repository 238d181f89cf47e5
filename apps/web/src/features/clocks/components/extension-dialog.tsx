import type { FormEvent } from 'react';
import { extensionRequestSchema } from '@hpbc/shared/working-days';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { validate } from '../../../lib/auth/form-errors';
import { useTranslation } from '../../../lib/translation';
import { useFormValues, useSaveForm } from '../../../lib/use-save-form';
import { requestExtension } from '../api/clocks';

/** The party's request for more working days on a registration's clock (./registration-clock). */
export default function ExtensionDialog({
  id,
  onClose,
  onSent,
}: {
  id: number;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('clocks');
  const { errors, setErrors, failure, saving, run } = useSaveForm(t('extension.failed'));
  const { values, bind } = useFormValues({ working_days: '5', reason: '' }, errors);

  async function send(e: FormEvent) {
    e.preventDefault();
    const body = { working_days: Number(values.working_days), reason: values.reason };
    const found = validate(extensionRequestSchema, body);
    if (found) return setErrors(found);
    setErrors({});
    await run(async () => {
      await requestExtension(id, body);
      onSent();
    });
  }

  return (
    <FormDialog
      title={t('extension.ask')}
      formId="extension-request"
      onClose={onClose}
      onSubmit={(e) => void send(e)}
      saving={saving}
      failure={failure}
      labels={{ close: t('close'), cancel: t('cancel'), save: t('extension.send'), saving: t('extension.sending') }}
    >
      <TextField
        label={t('extension.days')}
        type="number"
        inputMode="numeric"
        min={1}
        max={60}
        {...bind('working_days')}
      />
      <TextAreaField label={t('extension.reason')} hint={t('extension.reasonHint')} {...bind('reason')} />
    </FormDialog>
  );
}
