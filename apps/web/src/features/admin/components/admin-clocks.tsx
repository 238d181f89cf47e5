import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { localDigits, type Locale } from '@hpbc/shared';
import { clockTargetSchema, holidaySchema, type ClockTarget } from '@hpbc/shared/working-days';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ListStates } from '../../../components/ui/load-states';
import { SelectField } from '../../../components/ui/select-field';
import { Table, TableHead } from '../../../components/ui/table';
import { TextField } from '../../../components/ui/text-field';
import { validate } from '../../../lib/auth/form-errors';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { useFormValues, useSaveForm } from '../../../lib/use-save-form';
import {
  clockAdminKeys,
  deleteHoliday,
  holidaysQuery,
  saveHoliday,
  saveTarget,
  targetsQuery,
} from '../api/admin-clocks';
import { AdminPage, listLabels } from './admin-page';
import { Panel } from '../../../components/ui/panel';

/** /admin/clocks: the targets in working days per step, and the committee's holiday calendar (docs/decisions/077). */
export function AdminClocks({ thisYear }: { thisYear: number }) {
  const { t } = useTranslation('clocks');
  return (
    <AdminPage title={t('admin.title')} intro={<p>{t('admin.intro')}</p>}>
      <Targets />
      <Holidays thisYear={thisYear} />
    </AdminPage>
  );
}

function Targets() {
  const { t } = useTranslation('clocks');
  const query = useQuery(targetsQuery());
  const rows = query.data ?? [];
  return (
    <Panel
      headingId="targets-heading"
      title={t('admin.targets')}
      className="space-y-3"
      headingClassName="text-xl font-bold text-slate-900"
    >
      <ListStates query={query} rows={rows.length} {...listLabels((key) => t(`admin.${key}`))}>
        <ul className="grid gap-3 lg:grid-cols-2">
          {rows.map((r) => (
            <TargetForm key={r.step} target={r} />
          ))}
        </ul>
      </ListStates>
    </Panel>
  );
}

function TargetForm({ target }: { target: ClockTarget }) {
  const { t } = useTranslation('clocks');
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { errors, setErrors, failure, saving, run } = useSaveForm(t('admin.saveFailed'));
  const { values, bind } = useFormValues(
    {
      working_days: String(target.working_days),
      remind_days_before: String(target.remind_days_before),
    },
    errors,
  );
  const id = `target-${target.step}`;

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const body = { working_days: Number(values.working_days), remind_days_before: Number(values.remind_days_before) };
    const found = validate(clockTargetSchema, body);
    if (found) return setErrors(found);
    setErrors({});
    await run(async () => {
      await saveTarget(target.step, body);
      await client.invalidateQueries({ queryKey: clockAdminKeys.targets });
      setSaved(true);
    });
  }

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <form noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${id}-title`} className="space-y-3">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {t(`steps.${target.step}`)}
        </h3>
        {failure && <Alert variant="error">{failure}</Alert>}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('admin.workingDays')} type="number" inputMode="numeric" {...bind('working_days')} />
          <TextField
            label={t('admin.remindBefore')}
            type="number"
            inputMode="numeric"
            {...bind('remind_days_before')}
          />
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" size="sm" loading={saving} busyText={t('admin.saving')}>
            {t('admin.save')}
          </Button>
          <span role="status" className="text-sm text-green-800">
            {saved ? t('admin.saved') : ''}
          </span>
        </div>
      </form>
    </li>
  );
}

function Holidays({ thisYear }: { thisYear: number }) {
  const { t, i18n } = useTranslation('clocks');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const client = useQueryClient();
  const [year, setYear] = useState(thisYear);
  const query = useQuery(holidaysQuery(year));
  const rows = query.data ?? [];
  const { errors, setErrors, failure, setFailure, saving, run } = useSaveForm(t('admin.saveFailed'));
  const { values, setValues, bind } = useFormValues({ date: `${thisYear}-`, name_en: '', name_my: '' }, errors);
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'holidays'] });

  async function add(e: FormEvent) {
    e.preventDefault();
    const found = validate(holidaySchema, values);
    if (found) return setErrors(found);
    setErrors({});
    await run(async () => {
      await saveHoliday(values);
      await refresh();
      setValues({ date: `${year}-`, name_en: '', name_my: '' });
    });
  }

  async function remove(date: string) {
    setRemoving(date);
    setFailure(null);
    try {
      await deleteHoliday(date);
      await refresh();
    } catch {
      setFailure(t('admin.saveFailed'));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Panel
      headingId="holidays-heading"
      title={t('admin.holidays')}
      className="space-y-3"
      headingClassName="text-xl font-bold text-slate-900"
      intro={t('admin.holidaysIntro')}
      introClassName="max-w-3xl text-slate-700"
    >
      <SelectField
        label={t('admin.year')}
        name="year"
        value={String(year)}
        onChange={(e) => setYear(Number(e.target.value))}
        wrapperClassName="sm:w-48"
        options={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({
          value: String(y),
          label: localDigits(y, locale),
        }))}
      />
      <form
        noValidate
        onSubmit={(e) => void add(e)}
        aria-labelledby="holiday-add"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h3 id="holiday-add" className="font-semibold text-slate-900">
          {t('admin.addHoliday')}
        </h3>
        {failure && <Alert variant="error">{failure}</Alert>}
        <div className="grid gap-3 md:grid-cols-3">
          <TextField label={t('admin.date')} type="date" {...bind('date')} />
          <TextField label={t('admin.nameEn')} lang="en" {...bind('name_en')} />
          <TextField label={t('admin.nameMy')} lang="my" {...bind('name_my')} />
        </div>
        <Button type="submit" size="sm" loading={saving} busyText={t('admin.saving')}>
          {t('admin.add')}
        </Button>
      </form>
      <ListStates
        query={query}
        rows={rows.length}
        {...listLabels((key) => t(`admin.${key}`))}
        empty={t('admin.noHolidays')}
      >
        <Table caption={t('admin.holidaysTable')} captionHidden>
          <TableHead columns={[t('admin.date'), t('admin.name'), t('admin.actions')]} />
          <tbody>
            {rows.map((h) => (
              <tr key={h.date}>
                <td className="whitespace-nowrap">
                  <time dateTime={h.date}>{formatDate(h.date, locale)}</time>
                </td>
                <td className="break-words">
                  <span lang="en" className="block">
                    {h.name_en}
                  </span>
                  <span lang="my" className="block text-slate-700">
                    {h.name_my}
                  </span>
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={removing === h.date}
                    busyText={t('admin.removing')}
                    onClick={() => void remove(h.date)}
                  >
                    {t('admin.remove')}
                    <span className="sr-only">: {formatDate(h.date, locale)}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ListStates>
    </Panel>
  );
}
