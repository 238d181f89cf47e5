import { EXPIRY_WARNING_DAYS, type EietCompany, type PileCompany } from '@hpbc/shared';

/** Specification section 9: both company lists show ten entries a page. */
export const DIRECTORY_PAGE_SIZE = 10;
/** Longest filter text kept from the URL; enough for any name or address. */
const FILTER_MAX_LENGTH = 200;

export type DirectoryKind = 'eiet' | 'pile';

/** The three filters of each list, and the URL query name of each (specification section 2). */
export const FILTER_KEYS = {
  eiet: ['name', 'ceo', 'location'],
  pile: ['name', 'service', 'location'],
} as const;
export type FilterKey = (typeof FILTER_KEYS)[DirectoryKind][number];
export type Filters = Partial<Record<FilterKey, string>>;

/** The text each filter is matched against. */
const FILTER_FIELDS = {
  eiet: { name: 'eiet_name', ceo: 'ceo_name', location: 'office_address' },
  pile: { name: 'company_name', service: 'item', location: 'address' },
} as const;

export interface DirectoryState {
  filters: Filters;
  page: number;
}

/** Case-insensitive substring match on every filled filter (specification section 2). */
export function filterCompanies<T extends EietCompany | PileCompany>(
  kind: DirectoryKind,
  rows: T[],
  filters: Filters,
): T[] {
  const active = Object.entries(filters)
    .map(([key, value]) => [key, (value ?? '').trim().toLocaleLowerCase()] as const)
    .filter(([, value]) => value !== '');
  if (active.length === 0) return rows;
  const fields = FILTER_FIELDS[kind] as Record<string, string>;
  return rows.filter((row) =>
    active.every(([key, value]) => {
      const field = fields[key];
      const text = field ? (row as unknown as Record<string, unknown>)[field] : undefined;
      return typeof text === 'string' && text.toLocaleLowerCase().includes(value);
    }),
  );
}

export function pageCount(total: number, pageSize = DIRECTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page; a page past the end shows the last page. */
export function pageOf<T>(rows: T[], page: number, pageSize = DIRECTORY_PAGE_SIZE): { rows: T[]; page: number } {
  const current = Math.min(Math.max(1, page), pageCount(rows.length, pageSize));
  return { rows: rows.slice((current - 1) * pageSize, current * pageSize), page: current };
}

export function stateFromSearch(kind: DirectoryKind, params: URLSearchParams): DirectoryState {
  const filters: Filters = {};
  for (const key of FILTER_KEYS[kind]) {
    const value = params.get(key);
    if (value) filters[key] = value.slice(0, FILTER_MAX_LENGTH);
  }
  const raw = params.get('page');
  const page = raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  return { filters, page };
}

/** Empty filters are left out of the URL, and the page only when above 1. */
export function stateToSearch(kind: DirectoryKind, state: DirectoryState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS[kind]) {
    const value = state.filters[key];
    if (value) params.set(key, value);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export type ExpiryStatus = 'unknown' | 'valid' | 'expiring' | 'expired';

/** A date-only string as a day number, so time zones and clock times never move a day. */
function dayNumber(isoDate: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return undefined;
  return Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000);
}

/** Today in the visitor's own calendar. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Specification section 2: red with a warning when the expiry is within the window ahead
 * (30 days EIET, 90 days pile) and not past; green otherwise. A past date is reported as
 * `expired` so the page can say so in words (it stays green, as the specification says).
 */
export function expiryStatus(kind: DirectoryKind, expireDate: string | null, today: string): ExpiryStatus {
  if (!expireDate) return 'unknown';
  const expires = dayNumber(expireDate);
  const now = dayNumber(today);
  if (expires === undefined || now === undefined) return 'unknown';
  const daysLeft = expires - now;
  if (daysLeft < 0) return 'expired';
  return daysLeft <= EXPIRY_WARNING_DAYS[kind] ? 'expiring' : 'valid';
}

/** The e-mail field may hold a second address after a line break (specification section 3). */
export function emailAddresses(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/\r?\n|\r/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function hasFilters(filters: Filters): boolean {
  return Object.values(filters).some((v) => Boolean(v && v.trim()));
}
