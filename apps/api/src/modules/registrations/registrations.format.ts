import type { Locale } from '@hpbc/shared';

const ZONE = 'Asia/Yangon';

/** A moment as the committee reads it: Myanmar time, en-US long format or Burmese digits and months. */
export function formatWhen(date: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale === 'my' ? 'my-MM' : 'en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: ZONE,
  }).format(date);
  return locale === 'my' ? `${text} (မြန်မာစံတော်ချိန်)` : `${text} (Myanmar time)`;
}

/** The calendar year in Myanmar, for reference numbers. */
export function yearInMyanmar(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: ZONE }).format(date));
}
