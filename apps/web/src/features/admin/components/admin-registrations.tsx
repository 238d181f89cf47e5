import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { REGISTRATION_STATUSES, registrationStatusLabel } from '@hpbc/shared/form-one-fields';
import { SelectField } from '../../../components/ui/select-field';
import { PhoneCard, PhoneCards, ReferenceCell, Table, TableHead } from '../../../components/ui/table';
import { cx } from '../../../lib/cx';
import { formatDate, formatNumber } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import {
  adminRegistrationsQuery,
  downloadRegistrationsCsv,
  type AdminRegistrationSummary,
} from '../api/admin-registrations';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ListStates } from '../../../components/ui/load-states';
import { AdminPage, AdminPager, AdminSearch } from './admin-page';
import { RegistrationStatusBadge } from '../../../components/ui/registration-status-badge';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { useClocks } from '../../../lib/clocks';
import { ClockBadge } from '../../../components/ui/clock-badge';

/** What the committee filters by: every status a submitted registration can have. */
const FILTER_STATUSES = REGISTRATION_STATUSES.filter((s) => s !== STATUS.draft);

/**
 * /admin/registrations: submitted Form One registrations, newest first, with days waiting
 * and countersignatures done/needed; status, search and page live in the URL, and the
 * CSV carries every row the filters match.
 */
export function AdminRegistrations() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language === 'my' ? 'my' : 'en';
  const {
    filters: { status, search },
    page,
    go,
  } = useListParams({ status: '', search: '' }, { status: FILTER_STATUSES });
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const list = useQuery(adminRegistrationsQuery({ status, search }, page));
  const n = (v: number) => formatNumber(v, locale);

  async function exportCsv() {
    setExporting(true);
    setExportFailed(false);
    try {
      await downloadRegistrationsCsv({ status, search });
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  const waiting = (r: AdminRegistrationSummary) =>
    r.days_waiting === null
      ? t('registrations.notWaiting')
      : t('registrations.daysWaiting', { count: r.days_waiting, n: n(r.days_waiting) });
  const signed = (r: AdminRegistrationSummary) =>
    r.countersignatures.needed === 0
      ? t('registrations.noCountersignatures')
      : t('registrations.countersignatures', {
          done: n(r.countersignatures.done),
          needed: n(r.countersignatures.needed),
        });
  const complete = (r: AdminRegistrationSummary) =>
    r.countersignatures.needed > 0 && r.countersignatures.done === r.countersignatures.needed;

  const rows = list.data?.data ?? [];
  const clocks = useClocks(rows.map((r) => r.id));
  const meta = list.data?.meta;
  const name = (p: string) => p.trim() || t('registrations.untitled');
  const detail = (id: number) => `/admin/registrations/${id}`;

  return (
    <AdminPage title={t('registrations.title')} intro={<p>{t('registrations.intro')}</p>}>
      <div className="flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:items-end">
        <AdminSearch
          label={t('registrations.search')}
          hint={t('registrations.searchHint')}
          applied={search}
          fieldClassName="sm:w-80"
          searchLabel={t('registrations.searchButton')}
          clearLabel={t('registrations.clearSearch')}
          onSearch={(text) => go({ search: text, page: 1 })}
        />
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
        <Button
          variant="secondary"
          onClick={() => void exportCsv()}
          loading={exporting}
          busyText={t('registrations.exporting')}
          className="self-start lg:self-end"
        >
          {t('registrations.export')}
        </Button>
      </div>
      <div aria-live="polite">{exportFailed && <Alert variant="error">{t('registrations.exportFailed')}</Alert>}</div>

      <ListStates
        query={list}
        rows={rows.length}
        loading={t('registrations.loading')}
        failed={t('registrations.loadFailed')}
        retryLabel={t('retry')}
        empty={
          search ? t('registrations.emptySearch') : status ? t('registrations.emptyFiltered') : t('registrations.empty')
        }
      >
        <Table caption={t('registrations.title')} captionHidden className="hidden md:block">
          <TableHead
            columns={[
              ...['reference', 'project', 'submitter', 'status', 'submitted', 'waiting', 'countersignatures'].map((c) =>
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
                  <span className="text-xs break-all text-slate-600">{r.owner.email}</span>
                </td>
                <td>
                  <RegistrationStatusBadge status={r.status} />
                </td>
                <td className="whitespace-nowrap">
                  {r.submitted_at && <time dateTime={r.submitted_at}>{formatDate(r.submitted_at, locale)}</time>}
                </td>
                <td className="whitespace-nowrap">
                  {r.days_waiting === null ? (
                    <span className="text-slate-500">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{waiting(r)}</span>
                    </span>
                  ) : (
                    n(r.days_waiting)
                  )}
                </td>
                <td className={cx('whitespace-nowrap', complete(r) && 'font-semibold text-green-800')}>
                  {r.countersignatures.needed === 0 ? (
                    <span className="text-slate-500">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{signed(r)}</span>
                    </span>
                  ) : (
                    t('registrations.countersignaturesShort', {
                      done: n(r.countersignatures.done),
                      needed: n(r.countersignatures.needed),
                    })
                  )}
                </td>
                <td>
                  <ClockBadge clock={clocks.get(r.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>

        <PhoneCards label={t('registrations.title')}>
          {rows.map((r) => (
            <PhoneCard
              key={r.id}
              to={detail(r.id)}
              reference={r.reference_number ?? `#${r.id}`}
              badges={
                <>
                  <RegistrationStatusBadge status={r.status} />
                  <ClockBadge clock={clocks.get(r.id)} />
                </>
              }
            >
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
              <p className="mt-1 text-sm text-slate-700">
                {waiting(r)} · {signed(r)}
              </p>
            </PhoneCard>
          ))}
        </PhoneCards>

        <AdminPager meta={meta} t={t} n={n} keys="registrations." onPageChange={(p) => go({ page: p })} />
      </ListStates>
    </AdminPage>
  );
}
