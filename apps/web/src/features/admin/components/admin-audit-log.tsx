import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_RECORD_TYPES, fieldLabel, valueLabel, type AuditEntry, type Locale } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ListStates, listLabels } from '../../../components/ui/load-states';
import { SelectField } from '../../../components/ui/select-field';
import { Table } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { serverMessageOr } from '../../../lib/auth/form-errors';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { auditLogQuery, downloadAuditCsv, type AuditFilterValues } from '../api/admin-public-data';
import { AdminPage, AdminPager } from './admin-page';

/** The name of the record an entry is about, from the record as it was or became. */
function recordLabel(e: AuditEntry): string | undefined {
  const r = (e.after ?? e.before ?? {}) as Record<string, unknown>;
  for (const key of ['project_name', 'eiet_name', 'company_name', 'name', 'title', 'reference_number']) {
    if (typeof r[key] === 'string' && r[key]) return r[key];
  }
  return undefined;
}

/** Before and after of one entry: the fields that changed, or the whole record when created or deleted. */
function Changes({ entry, locale }: { entry: AuditEntry; locale: Locale }) {
  const { t } = useTranslation('admin-data');
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]) && k !== 'updated_at',
  );
  // Fields by their label and known values (statuses, roles) in the reader's words, not database keys (M4).
  const show = (v: unknown): string =>
    v === undefined || v === null || (Array.isArray(v) && v.length === 0)
      ? '—'
      : typeof v === 'string'
        ? valueLabel(v, locale)
        : typeof v === 'number'
          ? valueLabel(String(v), locale)
          : Array.isArray(v) && v.every((x) => typeof x === 'string')
            ? v.map((x) => valueLabel(x, locale)).join(locale === 'my' ? '၊ ' : ', ')
            : JSON.stringify(v);
  if (keys.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <dl className="space-y-1 text-xs">
      {keys.slice(0, 12).map((k) => (
        <div key={k} className="break-words">
          <dt className="inline font-semibold">{fieldLabel(k, locale)}: </dt>
          <dd className="inline">
            {entry.before !== null && (
              <>
                <span className="sr-only">{t('audit.before')} </span>
                <del className="text-red-800">{show(before[k])}</del>{' '}
                {entry.after !== null && <span aria-hidden="true">→ </span>}
              </>
            )}
            {entry.after !== null && (
              <>
                <span className="sr-only">{t('audit.after')} </span>
                <ins className="text-green-800 no-underline">{show(after[k])}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit log: filter by person, record type and dates (in the URL), page on the server, export CSV. */
export function AdminAuditLog() {
  const { t, i18n } = useTranslation('admin-data');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const url = useListParams({ actor: '', record_type: '', from: '', to: '' });
  const filters: AuditFilterValues = { ...url.filters, page: url.page };
  const go = url.go;
  const [draft, setDraft] = useState(filters);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useQuery(auditLogQuery(filters));
  const n = (v: number) => formatNumber(v, locale);

  function onFilter(e: FormEvent) {
    e.preventDefault();
    go({ ...draft, actor: draft.actor.trim(), page: 1 });
  }
  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(filters);
    } catch (e) {
      setExportError(serverMessageOr(e, t('audit.exportFailed')));
    } finally {
      setExporting(false);
    }
  }

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];
  const fieldErrors = (list.error as { errors?: Record<string, string[]> } | null)?.errors;

  return (
    <AdminPage title={t('audit.title')} intro={t('audit.intro')}>
      <form role="search" onSubmit={onFilter} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <TextField
          label={t('audit.person')}
          type="search"
          name="actor"
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        />
        <SelectField
          label={t('audit.recordType')}
          name="record_type"
          value={draft.record_type}
          placeholder={t('audit.anyType')}
          options={AUDIT_RECORD_TYPES.map((v) => ({ value: v, label: t(`audit.types.${v}`) }))}
          onChange={(e) => setDraft({ ...draft, record_type: e.target.value })}
        />
        <TextField
          label={t('audit.from')}
          type="date"
          name="from"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label={t('audit.to')}
          type="date"
          name="to"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('audit.filter')}</Button>
          <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting} busyText={t('working')}>
            {t('audit.export')}
          </Button>
        </div>
      </form>
      {exportError && <Alert variant="error">{exportError}</Alert>}
      <ListStates
        query={list}
        rows={rows.length}
        {...listLabels(t)}
        failed={fieldErrors ? Object.values(fieldErrors).flat().join(' ') : t('loadFailed')}
        empty={t('audit.empty')}
      >
        <Table caption={t('audit.title')} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.person')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.record')}</th>
              <th scope="col">{t('audit.changes')}</th>
              <th scope="col">{t('audit.address')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id}>
                <td className="whitespace-nowrap">{formatDateTime(e.created_at, locale)}</td>
                <td className="min-w-44">
                  <span className="block font-medium">{e.actor_name}</span>
                  <span className="text-xs text-slate-600">{e.actor_email}</span>
                </td>
                <td>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</td>
                <td>
                  <span className="whitespace-nowrap">
                    {t(`audit.types.${e.record_type}`, { defaultValue: e.record_type })}{' '}
                    {e.record_id && <span>#{e.record_id}</span>}
                  </span>
                  {recordLabel(e) && <span className="block text-xs break-words text-slate-700">{recordLabel(e)}</span>}
                </td>
                <td className="min-w-64">
                  <Changes entry={e} locale={locale} />
                </td>
                <td className="text-xs">{e.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <AdminPager meta={meta} t={t} n={n} onPageChange={(p) => go({ page: p })} />
      </ListStates>
    </AdminPage>
  );
}
