import { queryOptions } from '@tanstack/react-query';
import type { ClockStep, ClockTarget, Holiday } from '@hpbc/shared/working-days';
import { api } from '../../../lib/api-client';

export const clockAdminKeys = {
  holidays: (year: number) => ['admin', 'holidays', year] as const,
  targets: ['admin', 'clock-targets'] as const,
};

export function holidaysQuery(year: number) {
  return queryOptions({
    queryKey: clockAdminKeys.holidays(year),
    queryFn: ({ signal }) =>
      api<{ data: Holiday[] }>(`/api/admin/holidays?year=${year}`, { signal }).then((a) => a.data),
  });
}

export const saveHoliday = (h: Holiday) =>
  api<{ data: Holiday }>(`/api/admin/holidays/${encodeURIComponent(h.date)}`, {
    method: 'PUT',
    body: { name_en: h.name_en, name_my: h.name_my },
  });

export const deleteHoliday = (date: string) =>
  api<void>(`/api/admin/holidays/${encodeURIComponent(date)}`, { method: 'DELETE' });

export function targetsQuery() {
  return queryOptions({
    queryKey: clockAdminKeys.targets,
    queryFn: ({ signal }) => api<{ data: ClockTarget[] }>('/api/admin/clock-targets', { signal }).then((a) => a.data),
  });
}

export const saveTarget = (step: ClockStep, body: { working_days: number; remind_days_before: number }) =>
  api<{ data: ClockTarget }>(`/api/admin/clock-targets/${step}`, { method: 'PUT', body });
