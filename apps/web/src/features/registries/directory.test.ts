import { describe, expect, it } from 'vitest';
import type { EietCompany, PileCompany } from '@hpbc/shared';
import {
  emailAddresses,
  expiryStatus,
  filterCompanies,
  localToday,
  pageCount,
  pageOf,
  stateFromSearch,
  stateToSearch,
} from './directory';

/** A calendar date `days` from `from` (YYYY-MM-DD). */
function daysFrom(from: string, days: number): string {
  const d = new Date(`${from}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const eiet = (id: number, over: Partial<EietCompany> = {}): EietCompany => ({
  id,
  eiet_name: `Company ${id}`,
  ceo_name: `CEO ${id}`,
  office_address: `Street ${id}, Yangon`,
  email_address: `c${id}@example.com`,
  phone_number: '09 1',
  issue_certificate_date: null,
  certificate_expire_date: null,
  ...over,
});

describe('filterCompanies', () => {
  const rows = [
    eiet(1, { eiet_name: 'Golden Triangle Engineering', ceo_name: 'U Aung', office_address: 'Bahan, Yangon' }),
    eiet(2, { eiet_name: 'Thiri Inspection', ceo_name: 'Daw Aye', office_address: 'Chan Aye Thar San, Mandalay' }),
    eiet(3, { eiet_name: 'ရွှေသံလွင် အင်ဂျင်နီယာ', ceo_name: 'U Min', office_address: 'Yangon' }),
  ];
  it('matches a case-insensitive substring of each filled filter, all filters together', () => {
    expect(filterCompanies('eiet', rows, { name: 'GOLDEN' }).map((r) => r.id)).toEqual([1]);
    expect(filterCompanies('eiet', rows, { location: 'yangon' }).map((r) => r.id)).toEqual([1, 3]);
    expect(filterCompanies('eiet', rows, { location: 'yangon', ceo: 'min' }).map((r) => r.id)).toEqual([3]);
    expect(filterCompanies('eiet', rows, { name: 'ရွှေ' }).map((r) => r.id)).toEqual([3]);
    expect(filterCompanies('eiet', rows, { name: '   ' })).toHaveLength(3);
    expect(filterCompanies('eiet', rows, { name: 'nothing' })).toEqual([]);
  });
  it('matches the pile filters against name, services (item) and address', () => {
    const piles: PileCompany[] = [
      { ...eiet(1), company_name: 'Deep Pile', item: 'Bored piling, pile testing', address: 'Yangon' } as never,
      { ...eiet(2), company_name: 'Sheet Co', item: 'Sheet pile installation', address: 'Mandalay' } as never,
    ];
    expect(filterCompanies('pile', piles, { service: 'BORED' }).map((r) => r.id)).toEqual([1]);
    expect(filterCompanies('pile', piles, { location: 'mandalay', name: 'sheet' }).map((r) => r.id)).toEqual([2]);
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);
  it('shows ten a page and keeps the page inside the results', () => {
    expect(pageCount(23)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(rows, 1).rows).toEqual(rows.slice(0, 10));
    expect(pageOf(rows, 3)).toEqual({ rows: [21, 22, 23], page: 3 });
    expect(pageOf(rows, 9).page).toBe(3);
    expect(pageOf([], 4)).toEqual({ rows: [], page: 1 });
  });
});

describe('URL state', () => {
  it('reads and writes filters and the page, leaving out empty values and page 1', () => {
    const state = stateFromSearch('pile', new URLSearchParams('name=Deep&service=bored&ceo=ignored&page=3'));
    expect(state).toEqual({ filters: { name: 'Deep', service: 'bored' }, page: 3 });
    expect(stateToSearch('pile', state).toString()).toBe('name=Deep&service=bored&page=3');
    expect(stateToSearch('eiet', { filters: { name: '' }, page: 1 }).toString()).toBe('');
    expect(stateFromSearch('eiet', new URLSearchParams('page=-2')).page).toBe(1);
    expect(stateFromSearch('eiet', new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('expiryStatus', () => {
  const today = localToday();
  it('warns within 30 days ahead for EIET and 90 days for pile companies, never for past dates', () => {
    expect(expiryStatus('eiet', daysFrom(today, 0), today)).toBe('expiring');
    expect(expiryStatus('eiet', daysFrom(today, 30), today)).toBe('expiring');
    expect(expiryStatus('eiet', daysFrom(today, 31), today)).toBe('valid');
    expect(expiryStatus('pile', daysFrom(today, 31), today)).toBe('expiring');
    expect(expiryStatus('pile', daysFrom(today, 90), today)).toBe('expiring');
    expect(expiryStatus('pile', daysFrom(today, 91), today)).toBe('valid');
    expect(expiryStatus('eiet', daysFrom(today, -1), today)).toBe('expired');
    expect(expiryStatus('eiet', null, today)).toBe('unknown');
    expect(expiryStatus('eiet', 'garbage', today)).toBe('unknown');
  });
  it('takes today from the local calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('emailAddresses', () => {
  it('splits a second address on a line break', () => {
    expect(emailAddresses('a@x.com\nb@x.com')).toEqual(['a@x.com', 'b@x.com']);
    expect(emailAddresses('a@x.com\r\n')).toEqual(['a@x.com']);
    expect(emailAddresses(null)).toEqual([]);
  });
});
