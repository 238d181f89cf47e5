import type { Locale } from './product';

const MY_DIGITS = '၀၁၂၃၄၅၆၇၈၉';

/** Western digits to Burmese digits ("3 / 7" → "၃ / ၇"). */
export function toMyanmarDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => MY_DIGITS[Number(d)] ?? d);
}

/** A number or numeric text as the language writes its digits: Burmese digits in Burmese. */
export function localDigits(value: string | number, locale: Locale): string {
  return locale === 'my' ? toMyanmarDigits(value) : String(value);
}

/**
 * A moment as the committee writes it, in Myanmar time with the zone named: "November 6,
 * 2026 at 01:04 PM (Myanmar time)"; in Burmese, the date, "၊" and the 24-hour time
 * ("၂၀၂၆ နိုဝင်ဘာ ၆၊ ၁၃:၀၄ (မြန်မာစံတော်ချိန်)"), so the day and the hour do not run
 * together (second Burmese review, M5). For mails and PDFs; the web has `formatDateTime`.
 */
export function myanmarDateTime(date: Date, locale: Locale): string {
  const zone = 'Asia/Yangon';
  if (locale !== 'my') {
    const text = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(
      date,
    );
    return `${text} (Myanmar time)`;
  }
  const day = new Intl.DateTimeFormat('my-MM', { dateStyle: 'long', timeZone: zone }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(date);
  return `${toMyanmarDigits(day)}၊ ${toMyanmarDigits(time)} (မြန်မာစံတော်ချိန်)`;
}
