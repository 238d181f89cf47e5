import { toMyanmarDigits, type Locale } from '@hpbc/shared';

export { toMyanmarDigits };
const MY_MONTHS = ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ'];

/** Numbers as the language writes them. */
export function formatNumber(value: number, locale: Locale): string {
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
  return locale === 'my' ? toMyanmarDigits(text) : text;
}

function parse(value: string | Date): Date | undefined {
  // Date-only strings are calendar dates: read them at noon UTC so no time zone moves the day.
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** en-US long format ("November 22, 2026") in English; Burmese digits and month names in Burmese. */
export function formatDate(value: string | Date | null | undefined, locale: Locale): string | undefined {
  if (!value) return undefined;
  const d = parse(value);
  if (!d) return undefined;
  const utc = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (locale === 'my') {
    const day = utc ? d.getUTCDate() : d.getDate();
    const month = utc ? d.getUTCMonth() : d.getMonth();
    const year = utc ? d.getUTCFullYear() : d.getFullYear();
    return `${toMyanmarDigits(year)} ${MY_MONTHS[month]} ${toMyanmarDigits(day)}`;
  }
  return d.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: utc ? 'UTC' : undefined,
  });
}

/** Long format with hour and minute ("November 22, 2026 at 04:35 AM"). */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale): string | undefined {
  const d = value ? parse(value) : undefined;
  if (!d) return undefined;
  const text = d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  if (locale !== 'my') return text;
  // Burmese pages use the 24-hour clock: an English "AM"/"PM" in a Burmese sentence reads badly.
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${formatDate(d, 'my')} ${toMyanmarDigits(time)}`;
}
