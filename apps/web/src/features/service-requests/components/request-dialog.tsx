import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { renderFormMessage } from '@hpbc/shared/messages';
import { PRODUCT } from '@hpbc/shared/product';
import {
  coverLetterProblem,
  SERVICE_REQUEST_MAX_LENGTH,
  SERVICE_REQUEST_TEXT_FIELDS,
  type ServiceRequestKind,
} from '@hpbc/shared/service-request-limits';
import type { ServiceRequestFields, serviceRequestFieldsSchema } from '@hpbc/shared/service-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { submitServiceRequest } from '../api/submit-request';
import { CoverLetterPicker } from './cover-letter-picker';

/** The company a request goes to, as the list shows it. */
export interface RequestTarget {
  id: number;
  name: string;
  /** EIET entries show their CEO too (specification section 2). */
  ceo?: string;
}

type FieldName = keyof ServiceRequestFields;

/*
 * The fields' schema (and zod with it) is loaded when a dialog first opens, not with the
 * list pages: they show no form until a visitor asks for one.
 */
let fieldsSchema: Promise<typeof serviceRequestFieldsSchema> | undefined;
function loadFieldsSchema() {
  fieldsSchema ??= import('@hpbc/shared/service-requests').then((m) => m.serviceRequestFieldsSchema);
  return fieldsSchema;
}
const FIELDS = SERVICE_REQUEST_TEXT_FIELDS;
const EMPTY: ServiceRequestFields = {
  project_name: '',
  project_information: '',
  company_name: '',
  address: '',
  company_email: '',
  contact_phone: '',
};
const INPUT_TYPES: Partial<Record<FieldName, { type: string; autoComplete: string; inputMode?: 'tel' | 'email' }>> = {
  company_name: { type: 'text', autoComplete: 'organization' },
  address: { type: 'text', autoComplete: 'street-address' },
  company_email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  contact_phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
};

interface Props {
  kind: ServiceRequestKind;
  /** The chosen company; null keeps the dialog closed. */
  target: RequestTarget | null;
  onClose: () => void;
}

/**
 * The EIET and pile request dialogs (specification section 2) and the confirmation that
 * follows. What was typed stays while the page is open: closing the dialog or a failed
 * submit loses nothing; a successful submit starts a fresh form.
 */
export function RequestDialog({ kind, target, onClose }: Props) {
  const { t, i18n } = useTranslation('requests');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const [values, setValues] = useState<ServiceRequestFields>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const idPrefix = `${kind}-request`;
  useEffect(() => {
    if (target) void loadFieldsSchema();
  }, [target]);

  const complete = FIELDS.every((f) => values[f].trim() !== '') && file !== null && !fileError;

  function close() {
    if (submitting) return;
    setFailure(undefined);
    onClose();
  }

  function change(field: FieldName, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  }

  function choose(chosen: File) {
    const problem = coverLetterProblem(chosen);
    if (problem) {
      // Specification section 5: a wrong file is cleared, with the reason shown.
      setFile(null);
      setFileError(renderFormMessage(problem, locale));
      return;
    }
    setFile(chosen);
    setFileError(undefined);
  }

  /**
   * The alert is announced (role="alert"). After a server answer, focus moves to it: the
   * Submit button may just have been disabled (a refused file is cleared), and focus must
   * stay inside the dialog for Tab and Escape to keep working.
   */
  function showFailure(text: string, focusAlert = true) {
    setFailure(text);
    requestAnimationFrame(() => {
      alertRef.current?.scrollIntoView?.({ block: 'nearest' });
      if (focusAlert) alertRef.current?.focus({ preventScroll: true });
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || !file || submitting) return;
    setFailure(undefined);
    const parsed = (await loadFieldsSchema()).safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        errors[String(issue.path[0])] ??= renderFormMessage(issue.message, locale);
      setFieldErrors(errors);
      showFailure(`${t('errors.validation')} ${Object.values(errors).join(' ')}`, false);
      const first = FIELDS.find((f) => errors[f]);
      if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await submitServiceRequest({ kind, companyId: target.id, fields: parsed.data, coverLetter: file });
      setReference(answer.reference ?? null);
      setValues(EMPTY);
      setFile(null);
      setFieldErrors({});
      setSubmitting(false);
      onClose();
      setConfirmed(true);
    } catch (error) {
      setSubmitting(false);
      if (!(error instanceof ApiError)) {
        showFailure(`${t('errors.network')} ${(error as Error).message}`);
      } else if (error.status === 0) {
        showFailure(`${t('errors.network')} ${t('errors.noResponse')}`);
      } else if (error.errors && Object.keys(error.errors).length > 0) {
        const errors: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.errors)) errors[field] = messages[0] ?? '';
        if (errors.cover_letter) {
          setFile(null);
          setFileError(errors.cover_letter);
        }
        setFieldErrors(errors);
        showFailure(`${t('errors.validation')} ${Object.values(error.errors).flat().join(' ')}`);
      } else if (error.status === 419) {
        showFailure(`${t('errors.error')} ${t('errors.expired')}`);
      } else {
        // 'Error: ' and the server's own message (for a 429 it says how long to wait); an
        // answer without one (a proxy's error page) gets the specification's default.
        const body = error.body as { message?: unknown } | undefined;
        const message = typeof body?.message === 'string' && body.message ? body.message : null;
        const fallback = error.status === 429 ? t('errors.tooMany') : t('errors.defaultFailure');
        showFailure(`${t('errors.error')} ${message ?? fallback}`);
      }
    }
  }

  const title = kind === 'eiet' ? t('eiet.title') : t('pile.title');

  return (
    <>
      <Dialog
        open={target !== null}
        onClose={close}
        title={title}
        closeLabel={t('close')}
        size="lg"
        dismissible={!submitting}
        description={
          target && (
            <>
              <span className="block">
                <span className="font-semibold">{t('selectedCompany')}</span> {target.name}
              </span>
              {target.ceo && (
                <span className="block">
                  <span className="font-semibold">{t('selectedCeo')}</span> {target.ceo}
                </span>
              )}
            </>
          )
        }
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={submitting}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              form={`${idPrefix}-form`}
              disabled={!complete}
              loading={submitting}
              busyText={t('submitting')}
            >
              {t('submit')}
            </Button>
          </>
        }
      >
        <form id={`${idPrefix}-form`} noValidate onSubmit={submit} className="space-y-4" aria-busy={submitting}>
          <div ref={alertRef} tabIndex={-1} className="outline-none">
            {failure && (
              <Alert
                variant="error"
                title={t('errors.title')}
                dismissLabel={t('dismiss')}
                onDismiss={() => setFailure(undefined)}
              >
                {failure}
              </Alert>
            )}
          </div>
          <p className="text-sm text-slate-600">{t('allRequired')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => {
              const common = {
                id: `${idPrefix}-${field}`,
                name: field,
                label: t(`fields.${field}`),
                value: values[field],
                required: true,
                'aria-required': true,
                maxLength: SERVICE_REQUEST_MAX_LENGTH[field],
                error: fieldErrors[field],
                disabled: submitting,
              };
              if (field === 'project_information') {
                return (
                  <TextAreaField
                    key={field}
                    {...common}
                    rows={4}
                    wrapperClassName="sm:col-span-2"
                    onChange={(e) => change(field, e.target.value)}
                  />
                );
              }
              const input = INPUT_TYPES[field];
              return (
                <TextField
                  key={field}
                  {...common}
                  type={input?.type ?? 'text'}
                  autoComplete={input?.autoComplete ?? 'off'}
                  inputMode={input?.inputMode}
                  wrapperClassName={
                    field === 'company_email' || field === 'contact_phone' ? undefined : 'sm:col-span-2'
                  }
                  onChange={(e) => change(field, e.target.value)}
                />
              );
            })}
          </div>
          <CoverLetterPicker
            id={`${idPrefix}-cover_letter`}
            file={file}
            error={fileError}
            disabled={submitting}
            onSelect={choose}
            onRemove={() => {
              setFile(null);
              setFileError(undefined);
            }}
          />
        </form>
      </Dialog>

      <Dialog
        open={confirmed}
        onClose={() => setConfirmed(false)}
        title={t('success.title')}
        closeLabel={t('close')}
        size="sm"
        initialFocusRef={okRef}
        footer={
          <Button ref={okRef} onClick={() => setConfirmed(false)}>
            {t('success.ok')}
          </Button>
        }
      >
        <p className="text-slate-800">{t(`success.${kind}`, { product: PRODUCT.short })}</p>
        {reference && (
          <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3">
            <p className="text-sm font-semibold text-slate-700">{t('success.reference')}</p>
            <p className="font-mono text-xl font-bold tracking-wide text-slate-900" data-testid="request-reference">
              {reference}
            </p>
            <p className="mt-1 text-sm text-slate-600">{t('success.referenceHint')}</p>
          </div>
        )}
      </Dialog>
    </>
  );
}
