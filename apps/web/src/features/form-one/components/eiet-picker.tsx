import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { EIET_COMPANY_ID, type FormOneData, type FormOneValue } from '@hpbc/shared/form-one-fields';
import type { EietCompany } from '@hpbc/shared';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { eietRegisterQuery } from '../api/eiet-register';

/** The register's details that step 1's EIET fields take; they stay editable afterwards. */
function fill(company: EietCompany): [string, string][] {
  return [
    ['eiet_company', company.eiet_name],
    ['eiet_address', company.office_address],
    ['eiet_director', company.ceo_name],
    ['eiet_email', company.email_address.split(/[\r\n,;]+/)[0]?.trim() ?? ''],
    ['eiet_phone', company.phone_number],
  ];
}

/**
 * Step 1: pick the EIET company from the register (searchable by name or address). The
 * choice is kept as `eiet_company_id` and fills the EIET fields below, which stay editable.
 */
export function EietPicker({
  values,
  error,
  onChange,
}: {
  values: FormOneData;
  error?: string;
  onChange: (name: string, value: FormOneValue) => void;
}) {
  const { t } = useTranslation('form-one');
  const id = useId();
  const register = useQuery(eietRegisterQuery());
  const [search, setSearch] = useState('');
  const chosen = typeof values[EIET_COMPANY_ID] === 'string' ? (values[EIET_COMPANY_ID] as string) : '';
  const companies = useMemo(() => register.data ?? [], [register.data]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const found = q
      ? companies.filter((c) => `${c.eiet_name} ${c.office_address}`.toLowerCase().includes(q))
      : companies;
    // The chosen company stays in the list whatever the search, so the select shows it.
    const current = companies.find((c) => String(c.id) === chosen);
    return current && !found.includes(current) ? [current, ...found] : found;
  }, [companies, search, chosen]);

  function choose(value: string) {
    onChange(EIET_COMPANY_ID, value);
    const company = companies.find((c) => String(c.id) === value);
    if (company) for (const [name, v] of fill(company)) onChange(name, v);
  }

  return (
    <div className="grid gap-4 rounded-md border border-blue-200 bg-blue-50/50 p-3 sm:col-span-2 sm:grid-cols-2">
      <p className="text-sm text-slate-700 sm:col-span-2">{t('eietPicker.hint')}</p>
      <TextField
        id={`${id}-search`}
        type="search"
        label={t('eietPicker.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        autoComplete="off"
      />
      <SelectField
        id="f-eiet_company_id"
        label={t('eietPicker.choose')}
        value={chosen}
        onChange={(e) => choose(e.target.value)}
        error={error}
        hint={
          register.isPending
            ? t('eietPicker.loading')
            : register.isError
              ? t('eietPicker.failed')
              : t('eietPicker.count', { count: shown.length })
        }
        options={[
          { value: '', label: t('eietPicker.none') },
          ...shown.map((c) => ({ value: String(c.id), label: c.eiet_name })),
        ]}
      />
    </div>
  );
}
