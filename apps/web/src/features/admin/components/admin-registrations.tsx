import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { REGISTRATION_STATUSES, registrationStatusLabel } from '@hpbc/shared/form-one';
import { ListPagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { ReferenceCell, Table, TableHead } from '../../../components/ui/table';
import { formatDate, formatNumber } from '../../../lib/format';
import { adminRegistrationsQuery } from '../api/admin-registrations';
import { ListStates } from '../../../components/ui/load-states';
import { AdminPage, pagerLabels } from './admin-page';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { pageInfo } from '../../../lib/paging';
import { useClocks } from '../../../lib/clocks';
import { ClockBadge } from '../../../components/ui/clock-badge';

/** What the committee filters by: every status a submitted registration can have. */
const FILTER_STATUSES = REGISTRATION_STATUSES.filter((s) => s !== STATUS.draft);

/** /admin/registrations: submitted Form One registrations, newest first; status and page live in the URL. */
export function AdminRegistrations() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') ?? '';
  const status = (FILTER_STATUSES as string[]).includes(rawStatus) ? rawStatus : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(adminRegistrationsQuery(status, page));
  const n = (v: number) => formatNumber(v, locale);

  function go(next: { status?: string; page?: number }) {
    const q = new URLSearchParams();
    const s = next.status ?? status;
    const p = next.page ?? page;
    if (s) q.set('status', s);
    if (p > 1) q.set('page', String(p));
    setParams(q, { replace: true });
  }

  const rows = list.data?.data ?? [];
  const clocks = useClocks(rows.map((r) => r.id));
  const meta = list.data?.meta;
  const { from, to } = pageInfo(meta);
  const summary = meta ? t('registrations.showing', { from: n(from), to: n(to), total: n(meta.total) }) : '';
  const name = (p: string) => p.trim() || t('registrations.untitled');
  const detail = (id: number) => `/admin/registrations/${id}`;

  return (
    <AdminPage title={t('registrations.title')} intro={<p>{t('registrations.intro')}</p>}>
      <SelectField
        label={t('registrations.filterLabel')}
        name="status"
        value={status}
        onChange={(e) => go({ status: e.target.value, page: 1 })}
        wrapperClassName="sm:w-72"
        options={[
          { value: '', label: t('registrations.allStatuses') },
          ...FILTER_STATUSES.map((s) => ({ value: s, label: registrationStatusLabel(s, locale) })),
        ]}
      />

      <ListStates
        query={list}
        rows={rows.length}
        loading={t('registrations.loading')}
        failed={t('registrations.loadFailed')}
        retryLabel={t('retry')}
        empty={status ? t('registrations.emptyFiltered') : t('registrations.empty')}
      >
        <Table caption={t('registrations.title')} captionHidden className="hidden md:block">
          <TableHead
            columns={[
              ...['reference', 'project', 'submitter', 'status', 'submitted'].map((c) =>
                t(`registrations.columns.${c}`),
              ),
              t('registrations.columns.clock'),
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <ReferenceCell
                  to={detail(r.id)}
                  className="font-mono font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
                >
                  {r.reference_number ?? `#${r.id}`}
                </ReferenceCell>
                <td className="max-w-xs break-words">{name(r.project_name)}</td>
                <td>
                  <span className="block">{r.owner.name}</span>
                  <span className="text-xs text-slate-600">{r.owner.email}</span>
                </td>
                <td>
                  <RegistrationStatusBadge status={r.status} />
                </td>
                <td className="whitespace-nowrap">
                  {r.submitted_at && <time dateTime={r.submitted_at}>{formatDate(r.submitted_at, locale)}</time>}
                </td>
                <td>
                  <ClockBadge clock={clocks.get(r.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>

        <ul className="space-y-3 md:hidden" aria-label={t('registrations.title')}>
          {rows.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Link
                  to={detail(r.id)}
                  className="font-mono font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
                >
                  {r.reference_number ?? `#${r.id}`}
                </Link>
                <RegistrationStatusBadge status={r.status} />
                <ClockBadge clock={clocks.get(r.id)} />
              </div>
              <p className="mt-2 font-semibold break-words text-slate-900">{name(r.project_name)}</p>
              <p className="text-sm break-words text-slate-700">
                {r.owner.name} · {r.owner.email}
              </p>
              {r.submitted_at && (
                <p className="mt-1 text-sm text-slate-600">
                  {t('registrations.columns.submitted')}:{' '}
                  <time dateTime={r.submitted_at}>{formatDate(r.submitted_at, locale)}</time>
                </p>
              )}
            </li>
          ))}
        </ul>

        <ListPagination
          meta={meta}
          summary={summary}
          onPageChange={(p) => go({ page: p })}
          label={t('registrations.pagination')}
          {...pagerLabels(t, n)}
        />
      </ListStates>
    </AdminPage>
  );
}
