import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldLabel, type Locale } from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { ListStates } from '../../../components/ui/load-states';
import { SelectField } from '../../../components/ui/select-field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { Table } from '../../../components/ui/table';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { serverMessageOr, useMessageText, validate } from '../../../lib/auth/form-errors';
import { formatDate, formatNumber } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { langOf } from '../../../lib/script-lang';
import { useSaveForm } from '../../../lib/use-save-form';
import {
  registerQuery,
  saveRegisterRow,
  setRegisterRowRetired,
  type RegisterName,
  type RegisterRow,
  type TableParams,
} from '../api/admin-public-data';
import { AdminPage, AdminPager, AdminSearch, dialogLabels, listLabels } from './admin-page';
import { ConfirmDialog } from './confirm-dialog';

export interface FieldSpec {
  name: string;
  type?: 'text' | 'number' | 'date' | 'textarea' | 'select' | 'email-lines';
  options?: readonly string[];
  /** Step of a number field (e.g. 0.1 for a height). */
  step?: string;
}

export interface ColumnSpec {
  name: string;
  sortable?: boolean;
  kind?: 'date' | 'number';
}

interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

export interface RegisterConfig {
  name: RegisterName;
  /** Key prefix in the admin-data namespace: `${key}.title`, `${key}.intro`, `${key}.one`. */
  key: 'projects' | 'eiet' | 'pile' | 'checklists';
  /** The field that names a row (first column, dialog titles). */
  nameField: string;
  columns: ColumnSpec[];
  fields: FieldSpec[];
  schema: Schema;
  blank: Record<string, string>;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const labelOf = (field: string, locale: Locale) => capital(fieldLabel(field, locale));

/**
 * One public register for administrators: server-side search, sorting and paging (all in
 * the URL), a form dialog to add or edit a row with the shared schema's per-field errors,
 * and retire/restore with a confirmation.
 */
export function RegisterEditor({ config }: { config: RegisterConfig }) {
  const { t, i18n } = useTranslation('admin-data');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const queryClient = useQueryClient();
  const url = useListParams(
    { q: '', sort: '', dir: '' as TableParams['dir'], retired: 'active' as TableParams['retired'] },
    { dir: ['asc', 'desc'], retired: ['retired', 'all'] },
  );
  const state: TableParams = { ...url.filters, page: url.page };
  const go = url.go;
  const [editing, setEditing] = useState<RegisterRow | 'new' | null>(null);
  const [retiring, setRetiring] = useState<RegisterRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const list = useQuery(registerQuery(config.name, state));
  const n = (v: number) => formatNumber(v, locale);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', config.name] });
  const rowName = (row: RegisterRow) => String(row[config.nameField] ?? row.id);

  async function toggleRetired(row: RegisterRow, retire: boolean) {
    setBusy(true);
    setNotice(null);
    try {
      await setRegisterRowRetired(config.name, row.id, retire);
      setNotice({ kind: 'success', text: t(retire ? 'retired' : 'restored', { name: rowName(row) }) });
      setRetiring(null);
      await refresh();
    } catch (e) {
      setNotice({ kind: 'error', text: serverMessageOr(e, t('saveFailed')) });
      setRetiring(null);
    } finally {
      setBusy(false);
    }
  }

  const actions = (row: RegisterRow) => (
    <div className="flex gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('editNamed', { name: rowName(row) })}
        onClick={() => {
          setNotice(null);
          setEditing(row);
        }}
      >
        {t('edit')}
      </Button>
      {row.retired_at ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('restoreNamed', { name: rowName(row) })}
          disabled={busy}
          onClick={() => void toggleRetired(row, false)}
        >
          {t('restore')}
        </Button>
      ) : (
        <Button
          variant="danger"
          size="sm"
          aria-label={t('retireNamed', { name: rowName(row) })}
          onClick={() => setRetiring(row)}
        >
          {t('retire')}
        </Button>
      )}
    </div>
  );

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];

  function sortButton(col: ColumnSpec) {
    const active = state.sort === col.name;
    const dir = active ? state.dir || 'asc' : undefined;
    const next = active && dir === 'asc' ? 'desc' : 'asc';
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-amber-400"
        onClick={() => go({ sort: col.name, dir: next, page: 1 })}
      >
        {labelOf(col.name, locale)}
        <span aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>
        <span className="sr-only">{t(next === 'asc' ? 'sortAscending' : 'sortDescending')}</span>
      </button>
    );
  }

  function cell(row: RegisterRow, col: ColumnSpec) {
    const v = row[col.name];
    if (v === null || v === undefined || v === '') return <span className="text-slate-600">—</span>;
    if (col.kind === 'date') return <span className="whitespace-nowrap">{formatDate(String(v), locale)}</span>;
    if (col.kind === 'number') return n(Number(v));
    return <span lang={langOf(String(v))}>{String(v)}</span>;
  }

  return (
    <AdminPage title={t(`${config.key}.title`)} intro={t(`${config.key}.intro`)}>
      {/* Not a labelled region: the table inside is the region named by the list's title (axe landmark-unique). */}
      <section className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${config.key}-heading`} className="text-xl font-semibold text-slate-900">
            {t(`${config.key}.listTitle`)}
          </h2>
          <Button
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            {t(`${config.key}.add`)}
          </Button>
        </div>
        <AdminSearch
          label={t('searchLabel')}
          name="q"
          applied={state.q}
          fieldClassName="sm:w-80"
          searchLabel={t('search')}
          clearLabel={t('clear')}
          onSearch={(text) => go({ q: text, page: 1 })}
        >
          <SelectField
            label={t('show')}
            name="retired"
            value={state.retired}
            onChange={(e) => go({ retired: e.target.value as TableParams['retired'], page: 1 })}
            options={(['active', 'retired', 'all'] as const).map((v) => ({ value: v, label: t(`showOptions.${v}`) }))}
            wrapperClassName="sm:w-56"
          />
        </AdminSearch>

        {notice && (
          <Alert variant={notice.kind} dismissLabel={t('close')} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        <ListStates query={list} rows={rows.length} {...listLabels(t)}>
          {/* Phones get one card per row (sorted with this list); wider screens the sortable table. */}
          <SelectField
            label={t('sortBy')}
            name="sort-phone"
            wrapperClassName="sm:hidden"
            value={state.sort ? `${state.sort}:${state.dir || 'asc'}` : ''}
            placeholder={t('sortDefault')}
            options={config.columns
              .filter((c) => c.sortable)
              .flatMap((c) =>
                (['asc', 'desc'] as const).map((d) => ({
                  value: `${c.name}:${d}`,
                  label: `${labelOf(c.name, locale)} ${t(d === 'asc' ? 'sortAscending' : 'sortDescending')}`,
                })),
              )}
            onChange={(e) => {
              const [sort = '', dir = ''] = e.target.value.split(':');
              go({ sort, dir: dir as TableParams['dir'], page: 1 });
            }}
          />
          <ul className="space-y-3 sm:hidden" aria-label={t(`${config.key}.listTitle`)}>
            {rows.map((row) => (
              <li key={row.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-semibold break-words text-slate-900">{cell(row, config.columns[0]!)}</p>
                  {row.retired_at ? (
                    <StatusBadge color="gray">{t('retiredBadge')}</StatusBadge>
                  ) : (
                    <StatusBadge color="green">{t('publicBadge')}</StatusBadge>
                  )}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {config.columns.slice(1).map((col) => (
                    <div key={col.name} className="contents">
                      <dt className="text-slate-600">{labelOf(col.name, locale)}</dt>
                      <dd className="break-words text-slate-800">{cell(row, col)}</dd>
                    </div>
                  ))}
                </dl>
                {actions(row)}
              </li>
            ))}
          </ul>
          <Table caption={t(`${config.key}.listTitle`)} captionHidden className="hidden sm:block">
            <thead>
              <tr>
                {config.columns.map((col) => (
                  <th
                    key={col.name}
                    scope="col"
                    aria-sort={
                      state.sort === col.name ? (state.dir === 'desc' ? 'descending' : 'ascending') : undefined
                    }
                  >
                    {col.sortable ? sortButton(col) : labelOf(col.name, locale)}
                  </th>
                ))}
                <th scope="col">{t('state')}</th>
                <th scope="col">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {config.columns.map((col, i) =>
                    i === 0 ? (
                      <th
                        key={col.name}
                        scope="row"
                        className="!align-top !font-medium !whitespace-normal !text-slate-900"
                      >
                        {cell(row, col)}
                      </th>
                    ) : (
                      <td key={col.name}>{cell(row, col)}</td>
                    ),
                  )}
                  <td>
                    {row.retired_at ? (
                      <StatusBadge color="gray">{t('retiredBadge')}</StatusBadge>
                    ) : (
                      <StatusBadge color="green">{t('publicBadge')}</StatusBadge>
                    )}
                  </td>
                  <td>{actions(row)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <AdminPager meta={meta} t={t} n={n} onPageChange={(p) => go({ page: p })} />
        </ListStates>
      </section>

      {editing && (
        <RegisterForm
          config={config}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice({ kind: 'success', text: t('saved', { name: rowName(saved) }) });
            void refresh();
          }}
        />
      )}
      {retiring && (
        <ConfirmDialog
          title={t('retireTitle', { name: rowName(retiring) })}
          confirmLabel={t('retire')}
          busy={busy}
          onCancel={() => setRetiring(null)}
          onConfirm={() => void toggleRetired(retiring, true)}
        >
          <p>{t('retireBody')}</p>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

/** Add or edit one row: the shared schema checks it as the server will; nothing typed is lost on an error. */
function RegisterForm({
  config,
  row,
  onClose,
  onSaved,
}: {
  config: RegisterConfig;
  row: RegisterRow | null;
  onClose: () => void;
  onSaved: (row: RegisterRow) => void;
}) {
  const { t, i18n } = useTranslation('admin-data');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const text = useMessageText();
  const [values, setValues] = useState<Record<string, string>>(() => {
    const start: Record<string, string> = { ...config.blank };
    if (row) for (const f of config.fields) start[f.name] = row[f.name] == null ? '' : String(row[f.name]);
    return start;
  });
  const { errors, setErrors, failure, setFailure, saving, run } = useSaveForm(t('saveFailed'));
  const idOf = (name: string) => `${config.key}-field-${name}`;

  async function save(e?: FormEvent) {
    e?.preventDefault();
    setFailure(null);
    const found = validate(config.schema, values);
    if (found) {
      setErrors(found);
      return;
    }
    setErrors({});
    await run(async () => {
      const { data } = await saveRegisterRow(config.name, row?.id ?? null, values);
      onSaved(data);
    });
  }

  const errorOf = (name: string) => text(errors[name]?.[0]);
  const summary = config.fields
    .filter((f) => errors[f.name]?.length)
    .map((f) => ({ fieldId: idOf(f.name), message: errorOf(f.name)! }));
  const formId = `${config.key}-form`;

  return (
    <FormDialog
      title={row ? t('editTitle', { name: String(row[config.nameField] ?? '') }) : t(`${config.key}.add`)}
      formId={formId}
      size="lg"
      onClose={onClose}
      onSubmit={(e) => void save(e)}
      saving={saving}
      failure={failure}
      labels={dialogLabels(t)}
    >
      {summary.length > 0 && <ErrorSummary title={t('fixErrors')} errors={summary} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {config.fields.map((f) => {
          const common = {
            id: idOf(f.name),
            name: f.name,
            label: labelOf(f.name, locale),
            value: values[f.name] ?? '',
            error: errorOf(f.name),
          };
          const set = (v: string) => setValues((cur) => ({ ...cur, [f.name]: v }));
          if (f.type === 'textarea' || f.type === 'email-lines') {
            return (
              <TextAreaField
                key={f.name}
                {...common}
                rows={f.type === 'email-lines' ? 2 : 3}
                hint={f.type === 'email-lines' ? t('emailLinesHint') : undefined}
                wrapperClassName="sm:col-span-2"
                onChange={(e) => set(e.target.value)}
              />
            );
          }
          if (f.type === 'select') {
            return (
              <SelectField
                key={f.name}
                {...common}
                placeholder={t('choose')}
                options={(f.options ?? []).map((o) => ({
                  value: o,
                  label: t(`statusOptions.${o}`, { defaultValue: o }),
                }))}
                onChange={(e) => set(e.target.value)}
              />
            );
          }
          return (
            <TextField
              key={f.name}
              {...common}
              type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
              step={f.step}
              inputMode={f.type === 'number' ? 'decimal' : undefined}
              hint={f.type === 'date' ? t('dateHint') : undefined}
              onChange={(e) => set(e.target.value)}
            />
          );
        })}
      </div>
    </FormDialog>
  );
}
