import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '../../../components/ui/status-badge';
import { SelectField } from '../../../components/ui/select-field';
import { RequestStatusBadge } from '../../../components/ui/service-request-history';
import {
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_STATUS_INFO,
  type ServiceRequestStatus,
} from '@hpbc/shared/company-work-terms';
import { DateCell, PhoneCard, PhoneCards, ReferenceCell, Table, TableHead } from '../../../components/ui/table';
import { cx } from '../../../lib/cx';
import { formatDate, formatNumber } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { adminServiceRequestsQuery, type AdminServiceRequest } from '../api/admin-service-requests';
import { ListStates } from '../../../components/ui/load-states';
import { AdminPage, AdminPager } from './admin-page';

const linkClasses = 'font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950';

/** The company's last word on a request: the note of its latest answer (a decline's reason, say). */
const lastAnswer = (r: AdminServiceRequest) => [...r.history].reverse().find((h) => h.status !== 'new' && h.note)?.note;

/**
 * /admin/service-requests: EIET and pile requests, newest first, with their status and
 * the company's answer; the status filter and the page live in the URL.
 */
export function AdminServiceRequests() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const {
    filters: { status },
    page,
    go,
  } = useListParams({ status: '' as ServiceRequestStatus | '' }, { status: SERVICE_REQUEST_STATUSES });
  const list = useQuery(adminServiceRequestsQuery(status, page));
  const answer = (r: AdminServiceRequest) => {
    const note = lastAnswer(r);
    return note ? (
      <span className="line-clamp-3 break-words whitespace-pre-line">{note}</span>
    ) : (
      <span className="text-slate-500">{t('serviceRequests.noAnswer')}</span>
    );
  };
  const n = (v: number) => formatNumber(v, locale);
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const kind = (k: string) => (
    <StatusBadge color={k === 'eiet' ? 'blue' : 'gray'}>
      {t(`serviceRequests.kind.${k}`, { defaultValue: k })}
    </StatusBadge>
  );
  const detail = (id: number) => `/admin/service-requests/${id}`;

  return (
    <AdminPage title={t('serviceRequests.title')} intro={<p>{t('serviceRequests.intro')}</p>}>
      <SelectField
        label={t('serviceRequests.filterLabel')}
        name="status"
        value={status}
        onChange={(e) => go({ status: e.target.value as ServiceRequestStatus | '', page: 1 })}
        wrapperClassName="sm:w-72"
        options={[
          { value: '', label: t('serviceRequests.allStatuses') },
          ...SERVICE_REQUEST_STATUSES.map((s) => ({ value: s, label: SERVICE_REQUEST_STATUS_INFO[s].label[locale] })),
        ]}
      />
      <ListStates
        query={list}
        rows={rows.length}
        loading={t('serviceRequests.loading')}
        failed={t('serviceRequests.loadFailed')}
        retryLabel={t('retry')}
        empty={status ? t('serviceRequests.emptyFiltered') : t('serviceRequests.empty')}
      >
        <Table caption={t('serviceRequests.title')} captionHidden className="hidden md:block">
          <TableHead
            columns={['reference', 'date', 'kind', 'status', 'company', 'project', 'answer', 'email'].map((c) =>
              t(`serviceRequests.columns.${c}`),
            )}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <ReferenceCell to={detail(r.id)} className={cx(linkClasses, 'font-mono whitespace-nowrap')}>
                  {r.reference}
                </ReferenceCell>
                <DateCell value={r.created_at} locale={locale} />
                <td>{kind(r.kind)}</td>
                <td>
                  <RequestStatusBadge status={r.status} />
                </td>
                <td className="max-w-xs break-words">{r.company_label}</td>
                <td className="max-w-xs break-words">{r.project_name}</td>
                <td className="max-w-xs text-sm">{answer(r)}</td>
                <td className="break-all">{r.company_email}</td>
              </tr>
            ))}
          </tbody>
        </Table>

        <PhoneCards label={t('serviceRequests.title')}>
          {rows.map((r) => (
            <PhoneCard
              key={r.id}
              to={detail(r.id)}
              reference={r.reference}
              badges={
                <>
                  {kind(r.kind)}
                  <RequestStatusBadge status={r.status} />
                </>
              }
            >
              <p className="mt-1 text-sm text-slate-600">
                <time dateTime={r.created_at}>{formatDate(r.created_at, locale)}</time>
              </p>
              <p className="mt-2 font-semibold break-words text-slate-900">{r.project_name}</p>
              <p className="text-sm break-words text-slate-700">{r.company_label}</p>
              <p className="text-sm break-all text-slate-600">{r.company_email}</p>
              <p className="mt-2 text-sm text-slate-800">
                <span className="font-semibold">{t('serviceRequests.columns.answer')}: </span>
                {answer(r)}
              </p>
            </PhoneCard>
          ))}
        </PhoneCards>

        <AdminPager meta={meta} t={t} n={n} keys="serviceRequests." onPageChange={(p) => go({ page: p })} />
      </ListStates>
    </AdminPage>
  );
}
