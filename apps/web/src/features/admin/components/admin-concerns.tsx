import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { localDigits, type Locale } from '@hpbc/shared';
import { CONCERN_ANSWER_MAX, concernAnswerSchema, type QueuedConcern } from '@hpbc/shared/concerns';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ClockBadge } from '../../../components/ui/clock-badge';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListStates } from '../../../components/ui/load-states';
import { ListPagination, pagerLabels } from '../../../components/ui/pagination';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TextAreaField } from '../../../components/ui/text-field';
import { validate } from '../../../lib/auth/form-errors';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { useFormValues, useSaveForm } from '../../../lib/use-save-form';
import { answerConcern, concernAdminKeys, concernPhotoQuery, concernsQuery } from '../api/admin-concerns';
import { AdminPage, dialogLabels, listLabels } from './admin-page';
import { RadioFilter } from '../../../components/ui/radio-filter';

/**
 * /admin/concerns: the public's concerns about approved sites (docs/decisions/089), the
 * unanswered first with their working-day clock (the `concern_answer` target of /admin/clocks),
 * each answered once in a dialog, published on the project's page or not.
 */
export function AdminConcerns() {
  const { t, i18n } = useTranslation('concerns');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const [page, setPage] = useState(1);
  const [openOnly, setOpenOnly] = useState(true);
  const [answering, setAnswering] = useState<QueuedConcern | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({ ...concernsQuery(page, openOnly), placeholderData: keepPreviousData });
  const rows = query.data?.data ?? [];
  const n = (v: number) => localDigits(v, locale);
  const at = (key: string, options?: Record<string, string>) => t(`admin.${key}`, options);

  return (
    <AdminPage title={at('title')} intro={<p>{at('intro')}</p>}>
      <RadioFilter
        legend={at('filterLabel')}
        name="concern-filter"
        options={[
          { value: true, label: at('open') },
          { value: false, label: at('all') },
        ]}
        value={openOnly}
        onChange={(only) => {
          setOpenOnly(only);
          setPage(1);
        }}
      />
      <div role="status">{notice && <Alert variant="success">{notice}</Alert>}</div>
      <ListStates query={query} rows={rows.length} {...listLabels(at)}>
        {/* Cards rather than a table: a concern is a paragraph of text, which a narrow column would crush on a phone. */}
        <ul aria-label={at('caption')} className="space-y-3">
          {rows.map((c) => (
            <li
              key={c.id}
              data-testid="concern-row"
              className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <h2 className="min-w-0">
                  <span className="font-mono text-sm font-semibold whitespace-nowrap text-slate-900">
                    {c.reference_number}
                  </span>
                  <span className="block break-words text-slate-700">{c.project_name}</span>
                </h2>
                <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <span>
                    {at('columns.received')}: {formatDate(c.received_at, locale)}
                  </span>
                  {c.clock && !c.answered_at && (
                    <ClockBadge
                      clock={{
                        registration_id: c.registration_id,
                        waiting_on: 'committee',
                        clock: c.clock,
                        extensions: [],
                      }}
                    />
                  )}
                </div>
              </div>
              <p className="break-words whitespace-pre-line text-slate-900">{c.message}</p>
              {c.has_photo && <ConcernPhoto concern={c} />}
              <p className="text-sm break-words text-slate-700">
                {at('columns.from')}: {c.name ?? at('anonymous')}
                {c.email && <> · {c.email}</>}
              </p>
              {c.answered_at ? (
                <div className="space-y-1 border-l-4 border-blue-700 bg-blue-50 px-3 py-2 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-blue-900">
                    {t('admin.answered', { date: formatDate(c.answered_at, locale) })}
                    <StatusBadge color={c.published ? 'green' : 'gray'}>
                      {c.published ? at('published') : at('private')}
                    </StatusBadge>
                  </p>
                  <p className="break-words whitespace-pre-line text-slate-900">{c.answer}</p>
                </div>
              ) : (
                <Button size="sm" onClick={() => setAnswering(c)}>
                  {at('answerButton')}
                  <span className="sr-only">: {c.reference_number}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
      <ListPagination
        meta={query.data?.meta}
        summary={t('admin.summary', { count: query.data?.meta.total ?? 0, open: n(query.data?.meta.open ?? 0) })}
        onPageChange={setPage}
        label={at('pagesLabel')}
        {...pagerLabels(at, n)}
      />
      {answering && (
        <AnswerDialog
          concern={answering}
          onClose={() => setAnswering(null)}
          onSaved={() => {
            setAnswering(null);
            setNotice(at('answerSent'));
          }}
        />
      )}
    </AdminPage>
  );
}

/**
 * The photo sent with a concern, as a thumbnail that opens full size in a new tab. Fetched
 * with the administrator's token into an object URL (the photo is never public, decision 093).
 */
function ConcernPhoto({ concern }: { concern: QueuedConcern }) {
  const { t } = useTranslation('concerns');
  const query = useQuery(concernPhotoQuery(concern.id));
  const url = query.data;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  if (query.isError) return <p className="text-sm text-red-800">{t('admin.photoFailed')}</p>;
  if (!url) return <p className="text-sm text-slate-600">{t('admin.photoLoading')}</p>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      className="inline-block rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
    >
      <img
        src={url}
        alt={t('admin.photoAlt', { reference: concern.reference_number })}
        className="h-32 max-w-full rounded border border-slate-300 object-cover"
      />
      <span className="sr-only"> ({t('admin.photoOpen')})</span>
    </a>
  );
}

function AnswerDialog({
  concern,
  onClose,
  onSaved,
}: {
  concern: QueuedConcern;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('concerns');
  const at = (key: string, options?: Record<string, string>) => t(`admin.${key}`, options);
  const client = useQueryClient();
  const { errors, setErrors, failure, saving, run } = useSaveForm(at('saveFailed'));
  const { values, setValues, bind } = useFormValues({ answer: '', publish: true }, errors);
  const formId = `answer-${concern.id}`;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = validate(concernAnswerSchema, values);
    if (found) return setErrors(found);
    setErrors({});
    await run(async () => {
      await answerConcern(concern.id, values);
      await client.invalidateQueries({ queryKey: concernAdminKeys.all });
      onSaved();
    });
  }

  return (
    <FormDialog
      title={t('admin.dialogTitle', { reference: concern.reference_number })}
      formId={formId}
      onClose={onClose}
      onSubmit={(e) => void save(e)}
      saving={saving}
      failure={failure}
      labels={dialogLabels(at)}
    >
      <blockquote className="border-l-4 border-slate-300 pl-3 break-words whitespace-pre-line text-slate-800">
        {concern.message}
      </blockquote>
      <TextAreaField label={at('answerLabel')} required rows={6} maxLength={CONCERN_ANSWER_MAX} {...bind('answer')} />
      <Checkbox
        label={at('publish')}
        hint={at('publishHint')}
        checked={values.publish}
        onChange={(e) => setValues({ ...values, publish: e.target.checked })}
      />
    </FormDialog>
  );
}
