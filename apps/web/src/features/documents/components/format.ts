import type { Locale } from '@hpbc/shared';
import { formatNumber } from '../../../lib/format';

/** A file size in KB or MB, in the language's digits. */
export function formatSize(bytes: number, locale: Locale): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${formatNumber(Math.round(mb * 10) / 10, locale)} MB`;
}

/** A percentage in the language's digits. */
export function formatPercent(share: number, locale: Locale): string {
  return `${formatNumber(Math.floor(share * 100), locale)}%`;
}
