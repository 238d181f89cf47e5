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

// Building an Intl formatter costs far more than using one: the one kept is built on first use.
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

/** The zone's name after a time ("Myanmar time", UTC+06:30). */
export const MYANMAR_TIME_LABEL: Record<Locale, string> = { en: 'Myanmar time', my: 'မြန်မာစံတော်ချိန်' };

/**
 * A moment's clock in Myanmar time, by hand: Myanmar has kept UTC+06:30, without daylight
 * saving, since 1945 (IANA's Asia/Yangon), so no Intl formatter is needed. The first
 * Intl.DateTimeFormat with a time zone loads the zone data: on a mid-range phone that was
 * the review screen's costliest function, 100 ms of script (issue 31, Chromium's profile).
 */
const MYANMAR_OFFSET_MS = 390 * 60_000;
function myanmarClock(d: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const t = new Date(d.getTime() + MYANMAR_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth(),
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
  };
}

/**
 * A moment as Myanmar's clock shows it, written like ISO without a zone: "2026-12-01T16:30"
 * (its first 10 characters are the day there; the whole, a datetime-local input's value).
 */
export function myanmarLocalIso(d: Date): string {
  return new Date(d.getTime() + MYANMAR_OFFSET_MS).toISOString().slice(0, 16);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "03:04 PM" as en-US writes hour and minute with two digits each. */
function englishTime(hour: number, minute: number): string {
  return `${pad2(hour % 12 || 12)}:${pad2(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
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
  // A calendar date is that day wherever the browser is; a moment is its day in Myanmar time.
  const { year, month, day } = utc
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() }
    : myanmarClock(d);
  if (locale === 'my') return `${toMyanmarDigits(year)} ${MY_MONTHS[month]} ${toMyanmarDigits(day)}`;
  return `${EN_MONTHS[month]} ${day}, ${year}`;
}

/**
 * Long format with hour and minute in Myanmar time (UTC+06:30), the zone named:
 * "November 22, 2026 at 04:35 AM (Myanmar time)"; Burmese uses the 24-hour clock.
 */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale): string | undefined {
  const d = value ? parse(value) : undefined;
  if (!d) return undefined;
  const { hour, minute } = myanmarClock(d);
  if (locale !== 'my') return `${formatDate(d, 'en')} at ${englishTime(hour, minute)} (${MYANMAR_TIME_LABEL.en})`;
  // Burmese pages use the 24-hour clock: an English "AM"/"PM" in a Burmese sentence reads badly.
  // "၊" after the day, so the day and the hour do not run together (second Burmese review, M5).
  return `${formatDate(d, 'my')}၊ ${toMyanmarDigits(`${pad2(hour)}:${pad2(minute)}`)} (${MYANMAR_TIME_LABEL.my})`;
}

/** Hour and minute in Myanmar time, the zone named ("10:05 AM (Myanmar time)"; Burmese: 24-hour clock). */
export function formatTime(value: Date, locale: Locale): string {
  const { hour, minute } = myanmarClock(value);
  if (locale !== 'my') return `${englishTime(hour, minute)} (${MYANMAR_TIME_LABEL.en})`;
  return `${toMyanmarDigits(`${pad2(hour)}:${pad2(minute)}`)} (${MYANMAR_TIME_LABEL.my})`;
}

/** "2026-11" as a short month: "Nov 2026", or in Burmese "၂၀၂၆ နိုဝင်ဘာ". */
export function monthLabel(month: string, locale: Locale): string {
  if (locale === 'my') return (formatDate(`${month}-01`, 'my') ?? month).replace(/\s\S+$/, '');
  const d = new Date(`${month}-01T00:00:00Z`);
  return `${EN_MONTHS[d.getUTCMonth()]!.slice(0, 3)} ${d.getUTCFullYear()}`;
}
