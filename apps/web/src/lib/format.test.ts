import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatTime } from './format';

describe('format', () => {
  it('writes numbers with Burmese digits in Burmese', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'my')).toBe('၁,၂၃၄.၅');
  });

  it('groups whole numbers exactly as Intl does (they take a faster path)', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    for (const n of [0, -0, 7, 999, 1000, -1234, 100000, 1234567, -98765432, Number.MAX_SAFE_INTEGER]) {
      expect(formatNumber(n, 'en')).toBe(intl.format(n));
    }
    expect(formatNumber(1234567, 'my')).toBe('၁,၂၃၄,၅၆၇');
  });

  it('writes English calendar dates as Intl does (they take a faster path)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (const date of ['2026-01-01', '2026-02-28', '2024-02-29', '1999-12-31', '2030-07-04', '2026-11-09']) {
      expect(formatDate(date, 'en')).toBe(intl.format(new Date(`${date}T12:00:00Z`)));
    }
  });

  it('writes calendar dates in the long form of each language, whatever the time zone', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('November 22, 2026');
    expect(formatDate('2026-11-22', 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂');
    expect(formatDate(null, 'en')).toBeUndefined();
  });

  it('gives English the 12-hour clock and Burmese the 24-hour clock, without AM or PM', () => {
    const afternoon = new Date('2026-11-22T08:34:00Z'); // 15:04 in Myanmar
    expect(formatDateTime(afternoon, 'en')).toBe('November 22, 2026 at 03:04 PM (Myanmar time)');
    expect(formatDateTime(afternoon, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂၊ ၁၅:၀၄ (မြန်မာစံတော်ချိန်)');
  });

  it("shows moments in Myanmar time (UTC+06:30), whatever the browser's zone, with the zone named", () => {
    // 20:00 UTC is 02:30 the next day in Myanmar: the day moves too.
    const late = new Date('2026-11-22T20:00:00Z');
    expect(formatDateTime(late, 'en')).toBe('November 23, 2026 at 02:30 AM (Myanmar time)');
    expect(formatDateTime(late, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၃၊ ၀၂:၃၀ (မြန်မာစံတော်ချိန်)');
    expect(formatDate(late, 'en')).toBe('November 23, 2026');
    expect(formatDate(late, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၃');
  });

  it('writes a bare time in Myanmar time too', () => {
    const t = new Date('2026-11-22T03:35:00Z');
    expect(formatTime(t, 'en')).toBe('10:05 AM (Myanmar time)');
    expect(formatTime(t, 'my')).toBe('၁၀:၀၅ (မြန်မာစံတော်ချိန်)');
  });

  it('reads Myanmar time by hand exactly as Intl reads Asia/Yangon, across years, hours and month ends', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Yangon',
    });
    // Every 7 hours and 13 minutes from 2000 to 2040: all hours of the day, both sides of midnight.
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2040, 0, 1); t += (7 * 60 + 13) * 60_000) {
      const d = new Date(t);
      expect(formatDateTime(d, 'en')).toBe(`${intl.format(d)} (Myanmar time)`);
    }
  });
});
