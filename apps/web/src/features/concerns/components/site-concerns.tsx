import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { rule, type Locale } from '@hpbc/shared';
import {
  CONCERN_MESSAGE_MAX,
  CONCERN_PHOTO_MAX_BYTES,
  CONCERN_PHOTO_TYPES,
  concernSchema,
} from '@hpbc/shared/concerns';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldShell, useControlIds } from '../../../components/ui/field-parts';
import { FileButton } from '../../../components/ui/file-button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useMessageText, validate } from '../../../lib/auth/form-errors';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { useFormValues, useSaveForm } from '../../../lib/use-save-form';
import { publishedConcernsQuery, raiseConcern } from '../api/concerns';
import { Panel } from '../../../components/ui/panel';

const EMPTY = { message: '', name: '', email: '' };

/**
 * The browser's first look at a chosen photo, so a wrong one is named before anything is
 * sent; the server checks the bytes themselves (decision 093).
 */
function photoProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (file.size > CONCERN_PHOTO_MAX_BYTES)
    return rule('file_too_large', 'photo', CONCERN_PHOTO_MAX_BYTES / 1024 / 1024);
  if (!(CONCERN_PHOTO_TYPES as readonly string[]).includes(file.type)) return rule('photo_image', 'photo');
  return undefined;
}

/**
 * Below the public verification of an approved project (the signboard's QR code leads here):
 * the committee's published answers to concerns about the site, and a form anyone can use to
 * send one (no account; the server limits each address). Projects that are not approved have
 * no such section: the server answers 404 and nothing is shown.
 */
export function SiteConcerns({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation('concerns');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const query = useQuery(publishedConcernsQuery(reference));
  if (query.error instanceof ApiError && query.error.status === 404) return null;
  const answered = query.data ?? [];
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 pb-10 sm:px-6">
      <Panel
        headingId="concern-form-heading"
        title={t('form.title')}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        intro={t('form.intro')}
      >
        <ConcernForm reference={reference} />
      </Panel>
      {answered.length > 0 && (
        <Panel headingId="concern-answers-heading" title={t('answers.title')} className="space-y-3">
          <ul className="space-y-3">
            {answered.map((c) => (
              <li key={c.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-sm text-slate-600">
                  {t('answers.received', { date: formatDate(c.received_at, locale) })}
                </p>
                <p className="break-words whitespace-pre-line text-slate-900">{c.message}</p>
                <div className="border-l-4 border-blue-700 bg-blue-50 px-3 py-2">
                  <p className="text-sm font-semibold text-blue-900">
                    {t('answers.answer', { date: formatDate(c.answered_at, locale) })}
                  </p>
                  <p className="break-words whitespace-pre-line text-slate-900">{c.answer}</p>
                </div>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}

function ConcernForm({ reference }: { reference: string }) {
  const { t } = useTranslation('concerns');
  const text = useMessageText();
  const [photo, setPhoto] = useState<File | null>(null);
  // A new key empties the file input after a concern is sent (its value cannot be set).
  const [photoInput, setPhotoInput] = useState(0);
  const [sent, setSent] = useState<string | null>(null);
  const { errors, setErrors, failure, setFailure, saving, run } = useSaveForm(t('form.failed'));
  const { values, setValues, bind } = useFormValues(EMPTY, errors);
  const photoError = text(errors.photo?.[0]);
  const photoControl = useControlIds({ hint: t('form.photoHint'), error: photoError });

  async function send(e: FormEvent) {
    e.preventDefault();
    setSent(null);
    setFailure(null);
    const found = validate(concernSchema, values) ?? {};
    const wrongPhoto = photoProblem(photo);
    if (wrongPhoto) found.photo = [wrongPhoto];
    if (Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    // On a failure run() keeps the errors and nothing typed or chosen is cleared.
    await run(async () => {
      const answer = await raiseConcern(reference, values, photo);
      setSent(answer.message);
      setValues(EMPTY);
      setPhoto(null);
      setPhotoInput((n) => n + 1);
    });
  }

  return (
    <form noValidate onSubmit={(e) => void send(e)} className="space-y-4" aria-describedby="concern-privacy">
      {failure && <Alert variant="error">{failure}</Alert>}
      <div role="status">{sent && <Alert variant="success">{sent}</Alert>}</div>
      <TextAreaField
        label={t('form.message')}
        hint={t('form.messageHint', { max: CONCERN_MESSAGE_MAX })}
        required
        rows={5}
        maxLength={CONCERN_MESSAGE_MAX}
        {...bind('message')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.name')} hint={t('form.optional')} autoComplete="name" {...bind('name')} />
        <TextField
          label={t('form.email')}
          hint={t('form.emailHint')}
          type="email"
          autoComplete="email"
          {...bind('email')}
        />
      </div>
      <FieldShell fieldId={photoControl.id} label={t('form.photo')} hint={t('form.photoHint')} error={photoError}>
        <FileButton
          key={photoInput}
          {...photoControl}
          name="photo"
          accept={CONCERN_PHOTO_TYPES.join(',')}
          // Phones offer the back camera straight away (and still the gallery).
          capture="environment"
          buttonLabel={t('form.photoChoose')}
          chosen={photo ? photo.name : t('form.photoNone')}
          onFile={(file) => {
            setPhoto(file);
            const problem = photoProblem(file);
            const next = { ...errors };
            delete next.photo;
            setErrors(problem ? { ...next, photo: [problem] } : next);
          }}
        />
      </FieldShell>
      <p id="concern-privacy" className="text-sm text-slate-600">
        {t('form.privacy')}
      </p>
      <Button type="submit" loading={saving} busyText={t('form.sending')}>
        {t('form.send')}
      </Button>
    </form>
  );
}
