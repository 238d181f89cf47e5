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
