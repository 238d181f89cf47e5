import { toMyanmarDigits, type Locale } from '@hpbc/shared';

export { toMyanmarDigits };
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MY_MONTHS = ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ'];

/*
 * Building an Intl formatter costs far more than using one, and lists and Form One format
 * hundreds of numbers and dates in a render: each formatter is built once and kept.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
let numberFormat: Intl.NumberFormat | undefined;

/** Numbers as the language writes them. */
export function formatNumber(value: number, locale: Locale): string {
  // Whole numbers (counts, almost all of them) are grouped by hand: the first Intl.NumberFormat
  // of a page loads the locale's data, a long task on a slow phone.
  let text: string;
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) text = String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  else {
    numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    text = numberFormat.format(value);
  }
  return locale === 'my' ? toMyanmarDigits(text) : text;
}

function parse(value: string | Date): Date | undefined {
  // Date-only strings are calendar dates: read them at noon UTC so no time zone moves the day.
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Moments (not calendar dates) are shown in Myanmar time, wherever the browser is, as the PDF does. */
export const MYANMAR_TIME_ZONE = 'Asia/Yangon';

/** The zone's name after a time ("Myanmar time", UTC+06:30). */
export const MYANMAR_TIME_LABEL: Record<Locale, string> = { en: 'Myanmar time', my: 'မြန်မာစံတော်ချိန်' };

/** Year, month (0-11) and day of a moment in Myanmar time. */
function myanmarDay(d: Date): { year: number; month: number; day: number } {
  const parts = dateFormat('en-US', {
    timeZone: MYANMAR_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(d);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') - 1, day: part('day') };
}

/**
 * en-US long format ("November 22, 2026") in English; Burmese digits and month names in
 * Burmese. A date-only string is that calendar day; a moment is its day in Myanmar time.
 */
export function formatDate(value: string | Date | null | undefined, locale: Locale): string | undefined {
  if (!value) return undefined;
  const d = parse(value);
  if (!d) return undefined;
  const utc = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const timeZone = utc ? 'UTC' : MYANMAR_TIME_ZONE;
  if (locale === 'my') {
    const { year, month, day } = utc
      ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() }
      : myanmarDay(d);
    return `${toMyanmarDigits(year)} ${MY_MONTHS[month]} ${toMyanmarDigits(day)}`;
  }
  // A calendar date needs no time zone: written by hand, a list of certificates builds no
  // Intl formatter (the first one of a page loads the locale's data, a long task on a phone).
  if (utc) return `${EN_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  return dateFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(d);
}

/**
 * Long format with hour and minute in Myanmar time (UTC+06:30), the zone named:
 * "November 22, 2026 at 04:35 AM (Myanmar time)"; Burmese uses the 24-hour clock.
 */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale): string | undefined {
  const d = value ? parse(value) : undefined;
  if (!d) return undefined;
  if (locale !== 'my') {
    const text = dateFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: MYANMAR_TIME_ZONE,
    }).format(d);
    return `${text} (${MYANMAR_TIME_LABEL.en})`;
  }
  // Burmese pages use the 24-hour clock: an English "AM"/"PM" in a Burmese sentence reads badly.
  const time = dateFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: MYANMAR_TIME_ZONE,
  }).format(d);
  // "၊" after the day, so the day and the hour do not run together (second Burmese review, M5).
  return `${formatDate(d, 'my')}၊ ${toMyanmarDigits(time)} (${MYANMAR_TIME_LABEL.my})`;
}

/** Hour and minute in Myanmar time, the zone named ("10:05 AM (Myanmar time)"; Burmese: 24-hour clock). */
export function formatTime(value: Date, locale: Locale): string {
  if (locale !== 'my') {
    const text = dateFormat('en-US', { hour: '2-digit', minute: '2-digit', timeZone: MYANMAR_TIME_ZONE }).format(value);
    return `${text} (${MYANMAR_TIME_LABEL.en})`;
  }
  const text = dateFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: MYANMAR_TIME_ZONE,
  }).format(value);
  return `${toMyanmarDigits(text)} (${MYANMAR_TIME_LABEL.my})`;
}

/** "2026-11" as a short month: "Nov 2026", or in Burmese "၂၀၂၆ နိုဝင်ဘာ". */
export function monthLabel(month: string, locale: Locale): string {
  if (locale === 'my') return (formatDate(`${month}-01`, 'my') ?? month).replace(/\s\S+$/, '');
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
