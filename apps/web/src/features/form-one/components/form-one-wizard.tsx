import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useQueryClient } from '@tanstack/react-query';
import { renderFormMessage } from '@hpbc/shared';
import {
  FORM_ONE_STEP_COUNT,
  FORM_ONE_STEPS,
  formOneProblems,
  stepOfField,
  type FormOneValue,
  type RegistrationRecord,
} from '@hpbc/shared/form-one-fields';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/ui/error-summary';
import { FormOneLoading } from './form-one-loading';
import { ApiError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth/auth-store';
import { formatNumber } from '../../../lib/format';
import { recordId } from '../../../lib/record-id';
import { registrationKeys, submitRegistration } from '../api/registrations';
import { useFormOneDraft, type DraftStore } from '../hooks/use-form-one-draft';
import { useLang } from '../hooks/use-lang';
import { AnswersByStep } from './answers-by-step';
import { ReturnedNote } from './returned-note';
import { SaveStatusLine } from './save-status';
import { StepFields, fieldId } from './step-fields';
import { StepProgress, type StepState } from './step-progress';
import { SubmittedPanel } from './submitted-panel';

type View = number | 'review';

function parseView(value: string | null): View | null {
  if (value === 'review') return 'review';
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= FORM_ONE_STEP_COUNT ? n : null;
}

/** Only paths inside the portal may be a way back after signing in. */
export function loginPathFor(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

/** Where this visitor's answers are kept (see useFormOneDraft). */
function useDraftStore(): DraftStore {
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);
  const userLoading = useAuth((s) => s.userLoading);
  const [profileFailed, setProfileFailed] = useState(false);
  useEffect(() => {
    if (token && !user && !userLoading && !profileFailed) {
      authStore.fetchUser().catch(() => setProfileFailed(true));
    }
  }, [token, user, userLoading, profileFailed]);
  if (!token) return 'local';
  if (!user) return profileFailed ? 'local' : 'pending';
  return user.email_verified_at ? 'server' : 'local';
}

/**
 * Form One (section 2): seven steps on one route, a review page, and the real submit.
 * Moving between steps is never blocked; the rules run when the user submits.
 */
export function FormOneWizard() {
  const { t } = useTranslation('form-one');
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);
  const store = useDraftStore();

  const setDraftParam = useCallback(
    (id: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('draft', String(id));
          next.delete('new');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const draft = useFormOneDraft({
    store,
    draftParam: recordId(params.get('draft')),
    startNew: params.get('new') === '1',
    onDraftId: setDraftParam,
    userId: store === 'server' ? (user?.id ?? null) : null,
  });
  const { values, setValue, setStep } = draft;

  // ---- Which step is shown: local state (so focus can follow at once), mirrored in the address.
  const urlView = parseView(params.get('step'));
  const [view, setView] = useState<View | null>(urlView);
  const shown: View = view ?? draft.initialStep;
  const focusRef = useRef<{ heading: boolean; field?: string }>({ heading: false });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step's heading, the review's or a step's: focus moves to it on each change of step
  // (below), which lands it under the sticky site header.
  const stepHeading = (children: ReactNode) => (
    <h2
      id="form-one-step-title"
      ref={headingRef}
      tabIndex={-1}
      className="scroll-mt-28 text-2xl font-bold text-slate-900 outline-none"
    >
      {children}
    </h2>
  );

  useEffect(() => {
    // Back and forward buttons change the address; follow them.
    if (urlView !== null && urlView !== view) setView(urlView);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlView]);

  const goTo = useCallback(
    (next: View, opts: { focusField?: string } = {}) => {
      focusRef.current = { heading: !opts.focusField, field: opts.focusField };
      setView(next);
      setStep(next === 'review' ? FORM_ONE_STEP_COUNT : next);
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.set('step', String(next));
          return p;
        },
        // The page moves focus (and so the view) itself: to the step heading or the chosen field.
        { replace: false, preventScrollReset: true },
      );
    },
    [setParams, setStep],
  );

  useEffect(() => {
    const want = focusRef.current;
    focusRef.current = { heading: false };
    if (want.field) {
      document.getElementById(want.field)?.focus();
    } else if (want.heading) {
      headingRef.current?.focus();
      headingRef.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [shown]);

  // ---- Errors
  // Every step's state shows in the progress bar, so the whole form is checked on each change:
  // by the rules themselves (`formOneProblems`, the server's answer without building its zod
  // schema, which cost most of this page's blocking time; docs/decisions/121).
  const liveErrors = useMemo(() => formOneProblems(values), [values]);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // The summary as at the last submit: a message code per field (rendered in the language
  // shown now, so switching language translates it) or a server message as it came.
  const [summaryMessages, setSummaryMessages] = useState<Record<string, string>>({});
  const summary = useMemo<ErrorSummaryItem[]>(
    () =>
      Object.entries(summaryMessages).map(([name, message]) => ({
        fieldId: fieldId(name),
        message: renderFormMessage(message, lang),
      })),
    [summaryMessages, lang],
  );
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<RegistrationRecord | null>(null);
  // Whether this submission gave the account the Project role (the success panel says so
  // only then, issue 28 item 8); read before the submission changes the roles.
  const [gaveRole, setGaveRole] = useState(false);

  const shownErrors = useMemo(() => {
    const out: Record<string, string> = {};
    if (submitAttempted) {
      for (const [name, codes] of Object.entries(liveErrors)) out[name] = renderFormMessage(codes[0]!, lang);
    }
    for (const [name, message] of Object.entries(serverErrors)) out[name] ??= message;
    return out;
  }, [liveErrors, serverErrors, submitAttempted, lang]);

  const stepStates = useMemo(() => {
    const withErrors = new Set(Object.keys(liveErrors).map((n) => stepOfField(n)));
    const withServerErrors = new Set(Object.keys(serverErrors).map((n) => stepOfField(n)));
    const states: Record<number, StepState> = {};
    for (const step of FORM_ONE_STEPS) {
      if ((submitAttempted && withErrors.has(step.number)) || withServerErrors.has(step.number)) {
        states[step.number] = 'errors';
      } else if (!withErrors.has(step.number)) {
        states[step.number] = 'complete';
      } else {
        states[step.number] = 'todo';
      }
    }
    return states;
  }, [liveErrors, serverErrors, submitAttempted]);

  const onChange = useCallback(
    (name: string, value: FormOneValue) => {
      setValue(name, value);
      setServerErrors((prev) => {
        if (!(name in prev)) return prev;
        const next = { ...prev };
        delete next[name];
        return next;
      });
    },
    [setValue],
  );

  /** Step 7's "Submit Form": check every step, then the review page. */
  function onSubmitForm() {
    setSubmitAttempted(true);
    const firstCodes = Object.fromEntries(
      Object.entries(formOneProblems(values)).map(([name, codes]) => [name, codes[0]!]),
    );
    setSummaryMessages(firstCodes);
    if (Object.keys(firstCodes).length === 0) goTo('review');
  }

  async function onFinalSubmit() {
    setSubmitError(null);
    if (!token) {
      // Sign in first; the answers wait in this browser and the review page comes back.
      await draft.saveNow();
      navigate(loginPathFor('/form-one?step=review'));
      return;
    }
    if (store !== 'server') return;
    const problems = formOneProblems(values);
    if (Object.keys(problems).length > 0) {
      onSubmitForm();
      return;
    }
    setSubmitting(true);
    try {
      const saved = await draft.saveNow();
      const id = draft.draftId();
      if (!saved || !id) throw new ApiError(0, t('errors.unexpected'), undefined, undefined);
      const hadRole = authStore.getState().roles.some((r) => r.slug === 'project');
      const answer = await submitRegistration(id, { data: values, current_step: FORM_ONE_STEP_COUNT });
      setGaveRole(!hadRole);
      draft.freeze();
      void queryClient.invalidateQueries({ queryKey: registrationKeys.all });
      // The submitter now holds the project role: the guard of the project pages must know
      // before the success panel offers the way there.
      await authStore.fetchUser().catch(() => null);
      setSubmitted(answer.data);
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        const messages = Object.fromEntries(
          Object.entries(error.errors).map(([name, list]) => [name, list[0] ?? error.message]),
        );
        setServerErrors(messages);
        setSubmitAttempted(true);
        setSummaryMessages(messages);
      } else if (error instanceof ApiError && error.status !== 0) {
        setSubmitError(t('errors.submitFailed', { message: error.message }));
      } else {
        setSubmitError(t('errors.unexpected'));
      }
    } finally {
      setSubmitting(false);
    }
  }

  // ---- Rendering
  if (submitted) {
    return (
      <>
        <SubmittedPanel record={submitted} email={user?.email ?? ''} gaveRole={gaveRole} />
      </>
    );
  }

  if (draft.problem) {
    const p = draft.problem;
    return (
      <>
        <Alert
          variant={p.kind === 'failed' ? 'error' : 'warning'}
          title={
            p.kind === 'failed' ? t('load.failed') : p.kind === 'submitted' ? t('load.submitted') : t('load.notFound')
          }
          action={
            <div className="flex flex-wrap gap-3">
              {p.kind === 'failed' && (
                <Button size="sm" onClick={draft.retryLoad}>
                  {t('load.retry')}
                </Button>
              )}
              {p.kind === 'submitted' && (
                <Link to={`/user/projects/${p.id}`} className={buttonClasses('primary', 'sm')}>
                  {t('load.viewSubmitted')}
                </Link>
              )}
              <Link to="/form-one?new=1" reloadDocument className={buttonClasses('secondary', 'sm')}>
                {t('load.startNew')}
              </Link>
            </div>
          }
        />
      </>
    );
  }

  if (!draft.ready) return <FormOneLoading />;

  const stepNumber = shown === 'review' ? 0 : shown;
  const step = stepNumber ? FORM_ONE_STEPS[stepNumber - 1]! : undefined;
  const stepsWithErrors = new Set(
    Object.entries(stepStates)
      .filter(([, s]) => s === 'errors')
      .map(([n]) => Number(n)),
  );

  return (
    <>
      <StepProgress current={stepNumber} states={stepStates} onSelect={(n) => goTo(n)} />

      <div className="mt-4 flex flex-col gap-3">
        <SaveStatusLine status={draft.status} onRetry={() => void draft.saveNow()} />
        {draft.moved && <Alert variant="success">{t('moved')}</Alert>}
        {draft.returned && (
          <Alert variant="warning" title={t('returned.title', { reference: draft.returned.reference })}>
            <ReturnedNote returned={draft.returned} />
          </Alert>
        )}
        {store === 'local' && !token && (
          <Alert
            variant="info"
            action={
              <Link
                to={loginPathFor(`/form-one?step=${shown}`)}
                className="font-semibold text-blue-900 underline underline-offset-4"
              >
                {t('save.signIn')}
              </Link>
            }
          >
            {t('save.localHint')}
          </Alert>
        )}
        {summary.length > 0 && (
          <ErrorSummary
            title={t('errors.summaryTitle')}
            description={t('errors.summaryHint')}
            errors={summary}
            onSelect={(id) => {
              const name = id.replace(/^f-/, '');
              const target = stepOfField(name);
              if (target) goTo(target, { focusField: id });
            }}
          />
        )}
      </div>

      {shown === 'review' ? (
        <section aria-labelledby="form-one-step-title" className="mt-6 space-y-6">
          <div className="space-y-2">
            {stepHeading(t('review.title'))}
            <p className="text-slate-700">{t('review.intro')}</p>
          </div>
          <AnswersByStep
            values={values}
            lang={lang}
            onChange={(n) => goTo(n)}
            stepsWithErrors={stepsWithErrors}
            headingLevel={3}
          />
          {store === 'server' && draft.draftId() && (
            // The design documents live on their own page beside Form One (issue 25; decision 072).
            <Alert
              variant={serverErrors.documents ? 'error' : 'info'}
              title={t('review.documentsTitle')}
              action={
                <Link
                  to={`/user/projects/${draft.draftId()}/documents`}
                  className="font-semibold underline underline-offset-4"
                >
                  {t('review.documentsLink')}
                </Link>
              }
            >
              {serverErrors.documents ?? t('review.documentsIntro')}
            </Alert>
          )}
          <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <p className="text-slate-800">{t('review.declaration')}</p>
            {!token && <Alert variant="info">{t('review.signInNeeded')}</Alert>}
            {token && store === 'local' && (
              <Alert
                variant="warning"
                action={
                  <Link to="/verify-email" className="font-semibold underline underline-offset-4">
                    {t('review.verifyLink')}
                  </Link>
                }
              >
                {t('review.verifyNeeded')}
              </Alert>
            )}
            {submitError && <Alert variant="error">{submitError}</Alert>}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button variant="secondary" onClick={() => goTo(FORM_ONE_STEP_COUNT)}>
                {t('review.back')}
              </Button>
              <Button
                onClick={() => void onFinalSubmit()}
                loading={submitting}
                busyText={t('review.submitting')}
                disabled={!!token && store !== 'server'}
              >
                {token ? t('review.submit') : t('review.signInToSubmit')}
              </Button>
            </div>
          </div>
        </section>
      ) : (
        <form
          noValidate
          aria-labelledby="form-one-step-title"
          // Jumps from the error summary land below the sticky site header.
          className="mt-6 space-y-6 [&_input]:scroll-mt-28 [&_label]:scroll-mt-28 [&_textarea]:scroll-mt-28"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="space-y-2">
            {stepHeading(
              <>
                <span className="sr-only">
                  {t('stepOf', {
                    step: formatNumber(stepNumber, lang),
                    total: formatNumber(FORM_ONE_STEP_COUNT, lang),
                  })}
                  :{' '}
                </span>
                {step!.title[lang]}
              </>,
            )}
            <p className="text-sm text-slate-600">{t('requiredNote')}</p>
          </div>
          <StepFields
            step={step!}
            values={values}
            errors={shownErrors}
            lang={lang}
            onChange={onChange}
            comments={draft.returned?.comments}
          />
          {stepNumber === FORM_ONE_STEP_COUNT && <p className="text-slate-700">{t('submitGivesRole')}</p>}
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <Button variant="secondary" onClick={() => goTo(stepNumber - 1)} disabled={stepNumber <= 1}>
              {t('previous')}
            </Button>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <Button
                variant={stepNumber === FORM_ONE_STEP_COUNT ? 'secondary' : 'primary'}
                onClick={() => goTo(stepNumber + 1)}
                disabled={stepNumber >= FORM_ONE_STEP_COUNT}
              >
                {t('next')}
              </Button>
              {stepNumber === FORM_ONE_STEP_COUNT && <Button onClick={onSubmitForm}>{t('submitForm')}</Button>}
            </div>
          </div>
        </form>
      )}
    </>
  );
}
