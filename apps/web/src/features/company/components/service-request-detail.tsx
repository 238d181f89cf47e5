import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestUpdatePayload } from '@hpbc/shared';
import { SERVICE_REQUEST_MOVES } from '@hpbc/shared/company-work-terms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { TextAreaField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { companyRequestQuery, downloadRequestCoverLetter, updateRequest } from '../api/company';
import { CompanyPage, linkClasses } from './company-page';
import {
  RequestHistorySection,
  RequestStatusBadge,
  coverLetterKb,
  requestRow,
} from '../../../components/ui/service-request-history';
import { Panel } from '../../../components/ui/panel';

/** /user/company/requests/{id}: the request, its cover letter, the company's answer and the history. */
export function ServiceRequestDetail({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const client = useQueryClient();
  const query = useQuery({ ...companyRequestQuery(id ?? 0), enabled: id !== null });
  const r = query.data;
  useDocumentTitle(r ? `${r.reference} · ${t('requests.pageTitle')}` : t('requests.pageTitle'));
  const [note, setNote] = useState('');
  const [declineOpen, setDeclineOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const letter = useDownload();
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  const noCompany = query.error instanceof ApiError && query.error.status === 403;

  const change = useMutation({
    mutationFn: (body: ServiceRequestUpdatePayload) => updateRequest(id!, body),
    onSuccess: (data) => {
      client.setQueryData(companyRequestQuery(id!).queryKey, data);
      void client.invalidateQueries({ queryKey: ['company'] });
      setNotice({ kind: 'success', text: t('request.saved', { status: t(`status.${data.status}`) }) });
      setNote('');
      setReason('');
      setDeclineOpen(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422 && error.errors?.note) {
        setReasonError(error.errors.note[0]);
        return;
      }
      setDeclineOpen(false);
      if (error instanceof ApiError && error.status === 409) {
        void query.refetch();
        setNotice({ kind: 'error', text: t('request.conflict') });
      } else setNotice({ kind: 'error', text: t('request.failed') });
    },
  });

  function decline() {
    if (!reason.trim()) {
      setReasonError(t('request.reasonRequired'));
      return;
    }
    setReasonError(undefined);
    change.mutate({ status: 'declined', note: reason.trim() });
  }

  const moves = r ? SERVICE_REQUEST_MOVES[r.status] : [];

  return (
    <CompanyPage
      eiet={r?.kind !== 'pile'}
      title={r ? r.project_name : t('requests.pageTitle')}
      before={
        <Link to="/user/company/requests" className={linkClasses}>
          <span aria-hidden="true">←</span> {t('request.back')}
        </Link>
      }
    >
      {noCompany && <Alert variant="warning">{t('noCompany')}</Alert>}
      {notFound && <Alert variant="warning" title={t('request.notFound')} />}
      {!notFound && !noCompany && query.isPending && id !== null && <LoadingBlock label={t('request.loading')} />}
      {!notFound && !noCompany && query.isError && (
        <LoadFailed message={t('request.loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      )}
      <div aria-live="polite">{notice && <Alert variant={notice.kind}>{notice.text}</Alert>}</div>
      {r && (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <dl className="rounded-lg border border-slate-200 bg-white shadow-sm">
            {requestRow(t('request.fields.reference'), <span className="font-mono">{r.reference}</span>)}
            {requestRow(t('request.fields.status'), <RequestStatusBadge status={r.status} />)}
            {requestRow(t('request.fields.date'), formatDateTime(r.created_at, locale))}
            {requestRow(t('request.fields.project_name'), r.project_name)}
            {requestRow(t('request.fields.project_information'), r.project_information)}
            {requestRow(t('request.fields.company_name'), r.company_name)}
            {requestRow(t('request.fields.address'), r.address)}
            {requestRow(
              t('request.fields.company_email'),
              <a className={linkClasses} href={`mailto:${r.company_email}`}>
                {r.company_email}
              </a>,
            )}
            {requestRow(
              t('request.fields.contact_phone'),
              <a className={linkClasses} href={`tel:${r.contact_phone.replace(/[^\d+]/g, '')}`}>
                {r.contact_phone}
              </a>,
            )}
            {requestRow(
              t('request.fields.cover_letter'),
              <span className="flex flex-col items-start gap-2">
                <span className="break-all">
                  {r.cover_letter_name} ({formatNumber(coverLetterKb(r.cover_letter_size), locale)} KB)
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void letter.start(() => downloadRequestCoverLetter(r.id, r.cover_letter_name))}
                  loading={letter.busy}
                  busyText={t('request.downloading')}
                >
                  {t('request.openCoverLetter')}
                </Button>
                {letter.failed && <Alert variant="error">{t('request.downloadFailed')}</Alert>}
              </span>,
            )}
          </dl>

          <div className="space-y-6">
            <Panel
              headingId="answer"
              title={t('request.actionsTitle')}
              space={4}
              headingClassName="text-lg font-semibold text-slate-900"
            >
              {moves.length === 0 ? (
                <p className="text-slate-700">{t('request.closed', { status: t(`status.${r.status}`) })}</p>
              ) : (
                <>
                  <TextAreaField
                    label={t('request.noteLabel')}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                    maxLength={2000}
                    rows={3}
                  />
                  <div className="flex flex-wrap gap-2">
                    {moves.includes('accepted') && (
                      <Button
                        onClick={() => change.mutate({ status: 'accepted', note: note.trim() || null })}
                        loading={change.isPending}
                        busyText={t('request.saving')}
                      >
                        {t('request.accept')}
                      </Button>
                    )}
                    {moves.includes('declined') && (
                      <Button
                        variant="danger"
                        onClick={() => {
                          setReason(note);
                          setReasonError(undefined);
                          setDeclineOpen(true);
                        }}
                        disabled={change.isPending}
                      >
                        {t('request.decline')}
                      </Button>
                    )}
                    {moves.includes('completed') && (
                      <Button
                        onClick={() => change.mutate({ status: 'completed', note: note.trim() || null })}
                        loading={change.isPending}
                        busyText={t('request.saving')}
                      >
                        {t('request.complete')}
                      </Button>
                    )}
                  </div>
                </>
              )}
            </Panel>
            <RequestHistorySection headingId="history" title={t('request.historyTitle')} history={r.history} />
          </div>
        </div>
      )}
      <Dialog
        open={declineOpen}
        onClose={() => setDeclineOpen(false)}
        title={t('request.declineTitle')}
        closeLabel={t('close')}
        dismissible={!change.isPending}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeclineOpen(false)} disabled={change.isPending}>
              {t('cancel')}
            </Button>
            <Button variant="danger" onClick={decline} loading={change.isPending} busyText={t('request.saving')}>
              {t('request.confirmDecline')}
            </Button>
          </>
        }
      >
        <TextAreaField
          label={t('request.reasonLabel')}
          hint={t('request.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={reasonError}
          required
          maxLength={2000}
          rows={4}
        />
      </Dialog>
    </CompanyPage>
  );
}
