import { queryOptions } from '@tanstack/react-query';
import type { ClockStep, Holiday } from '@hpbc/shared/working-days';
import { call } from '../../../lib/api-client';

/** The targets and the holiday calendar (declared in @hpbc/shared/contract/clocks). */

export const clockAdminKeys = {
  holidays: (year: number) => ['admin', 'holidays', year] as const,
  targets: ['admin', 'clock-targets'] as const,
};

export function holidaysQuery(year: number) {
  return queryOptions({
    queryKey: clockAdminKeys.holidays(year),
    queryFn: ({ signal }) => call('GET /api/admin/holidays', { query: { year }, signal }).then((a) => a.data),
  });
}

export const saveHoliday = (h: Holiday) =>
  call('PUT /api/admin/holidays/:date', { params: { date: h.date }, body: { name_en: h.name_en, name_my: h.name_my } });

export const deleteHoliday = (date: string) => call('DELETE /api/admin/holidays/:date', { params: { date } });

export function targetsQuery() {
  return queryOptions({
    queryKey: clockAdminKeys.targets,
    queryFn: ({ signal }) => call('GET /api/admin/clock-targets', { signal }).then((a) => a.data),
  });
}

export const saveTarget = (step: ClockStep, body: { working_days: number; remind_days_before: number }) =>
  call('PUT /api/admin/clock-targets/:step', { params: { step }, body });
