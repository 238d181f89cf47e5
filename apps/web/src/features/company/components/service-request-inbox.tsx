import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '@hpbc/shared/company-work-terms';
import { Alert } from '../../../components/ui/alert';
import { RequestStatusBadge } from '../../../components/ui/service-request-history';
import { ListStates } from '../../../components/ui/load-states';
import { Pagination, pagerLabels } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { DateCell, PhoneCard, PhoneCards, ReferenceCell, Table, TableHead } from '../../../components/ui/table';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { formatDate, formatNumber } from '../../../lib/format';
import { pageInfo } from '../../../lib/paging';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListParams } from '../../../lib/use-list-params';
import { companyOverviewQuery, companyRequestsQuery } from '../api/company';
import { CompanyPage, companyIntro, linkClasses } from './company-page';

/** /user/company/requests: the requests sent to the caller's company, filterable by status; filter and page live in the URL. */
export function ServiceRequestInbox() {
  const { t, i18n } = useTranslation('company');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  useDocumentTitle(t('requests.pageTitle'));
  const {
    filters: { status },
    page,
    go,
  } = useListParams({ status: '' as ServiceRequestStatus | '' }, { status: SERVICE_REQUEST_STATUSES });
  const overview = useQuery(companyOverviewQuery());
  const list = useQuery(companyRequestsQuery(status, page));
  const n = (v: number) => formatNumber(v, locale);
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const { totalPages, from, to } = pageInfo(meta);
  const noCompany = [overview.error, list.error].some((e) => e instanceof ApiError && e.status === 403);
  const detail = (id: number) => `/user/company/requests/${id}`;

  return (
    <CompanyPage
      eiet={overview.data?.company.kind !== 'pile'}
      title={t('requests.pageTitle')}
      intro={companyIntro(overview, (company) => t('requests.intro', { company }))}
    >
      {noCompany ? (
        <Alert variant="warning">{t('noCompany')}</Alert>
      ) : (
        <>
          <div className="max-w-xs">
            <SelectField
              label={t('requests.filterLabel')}
              value={status}
              onChange={(e) => go({ status: e.target.value as ServiceRequestStatus | '', page: 1 })}
              options={[
                { value: '', label: t('requests.allStatuses') },
                ...SERVICE_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
            />
          </div>
          <ListStates
            query={list}
            rows={rows.length}
            loading={t('requests.loading')}
            failed={t('requests.loadFailed')}
            retryLabel={t('retry')}
            empty={status ? t('requests.emptyFiltered') : t('requests.empty')}
          >
            <Table caption={t('requests.caption')} captionHidden className="hidden md:block">
              <TableHead
                columns={['reference', 'date', 'project', 'requester', 'status'].map((c) => t(`requests.columns.${c}`))}
              />
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <ReferenceCell to={detail(r.id)} className={cx(linkClasses, 'font-mono whitespace-nowrap')}>
                      {r.reference}
                    </ReferenceCell>
                    <DateCell value={r.created_at} locale={locale} />
                    <td className="max-w-xs break-words">{r.project_name}</td>
                    <td className="max-w-xs break-words">{r.company_name}</td>
                    <td>
                      <RequestStatusBadge status={r.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <PhoneCards label={t('requests.caption')}>
              {rows.map((r) => (
                <PhoneCard
                  key={r.id}
                  to={detail(r.id)}
                  reference={r.reference}
                  badges={<RequestStatusBadge status={r.status} />}
                >
                  <p className="mt-1 font-semibold break-words text-slate-900">{r.project_name}</p>
                  <p className="mt-1 break-words text-slate-700">{r.company_name}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    <time dateTime={r.created_at}>{formatDate(r.created_at, locale)}</time>
                  </p>
                </PhoneCard>
              ))}
            </PhoneCards>
            {meta && (
              <Pagination
                page={page}
                totalPages={totalPages}
                onPageChange={(p) => go({ page: p })}
                label={t('requests.pagination')}
                summary={t('requests.showing', { from: n(from), to: n(to), total: n(meta.total) })}
                {...pagerLabels(t, n, 'requests.')}
              />
            )}
          </ListStates>
        </>
      )}
    </CompanyPage>
  );
}
