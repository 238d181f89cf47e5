import { useTranslation } from '../../../lib/translation';
import { PROJECT_FILTER_MAX_LENGTH, type ProjectFilterValues } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';

interface ProjectFiltersProps {
  value: ProjectFilterValues;
  statuses: string[];
  onChange: (value: ProjectFilterValues) => void;
  onClear: () => void;
}

export function ProjectFilters({ value, statuses, onChange, onClear }: ProjectFiltersProps) {
  const { t } = useTranslation('projects');
  // A restored or typed-in status that the list no longer has still shows as chosen.
  const options = value.status && !statuses.includes(value.status) ? [...statuses, value.status] : statuses;
  const any = Boolean(value.projectName || value.status || value.location);
  // The name and the location are filtered alike: searched as typed, as long as the list accepts.
  const textFilter = (key: 'projectName' | 'location') => (
    <TextField
      label={t(`list.${key}`)}
      type="search"
      value={value[key]}
      placeholder={t(`list.${key}Placeholder`)}
      maxLength={PROJECT_FILTER_MAX_LENGTH}
      autoComplete="off"
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
    />
  );
  return (
    <form
      role="search"
      aria-label={t('list.filters')}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_2fr_auto] lg:items-end"
      onSubmit={(e) => e.preventDefault()}
    >
      {textFilter('projectName')}
      <SelectField
        label={t('list.status')}
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.target.value })}
        placeholder={t('list.allStatuses')}
        options={options.map((s) => ({ value: s, label: t(`statuses.${s}`, { defaultValue: s }) }))}
      />
      {textFilter('location')}
      <Button
        type="button"
        variant="secondary"
        onClick={onClear}
        disabled={!any}
        className="sm:col-span-2 lg:col-span-1"
      >
        {t('list.clear')}
      </Button>
    </form>
  );
}
