import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';

describe('format', () => {
  it('writes numbers with Burmese digits in Burmese', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'my')).toBe('၁,၂၃၄.၅');
  });

  it('writes calendar dates in the long form of each language, whatever the time zone', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('November 22, 2026');
    expect(formatDate('2026-11-22', 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂');
    expect(formatDate(null, 'en')).toBeUndefined();
  });

  it('gives English the 12-hour clock and Burmese the 24-hour clock, without AM or PM', () => {
    const afternoon = new Date(2026, 10, 22, 15, 4);
    expect(formatDateTime(afternoon, 'en')).toBe('November 22, 2026 at 03:04 PM');
    expect(formatDateTime(afternoon, 'my')).toBe('၂၀၂၆ နိုဝင်ဘာ ၂၂ ၁၅:၀၄');
  });
});
