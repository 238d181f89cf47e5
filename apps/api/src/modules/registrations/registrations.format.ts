import { myanmarDateTime, type Locale } from '@hpbc/shared';

const ZONE = 'Asia/Yangon';

/** A moment as the committee reads it: Myanmar time, en-US long format or Burmese digits and months. */
export function formatWhen(date: Date, locale: Locale): string {
  return myanmarDateTime(date, locale);
}

/** The calendar year in Myanmar, for reference numbers. */
export function yearInMyanmar(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: ZONE }).format(date));
}
