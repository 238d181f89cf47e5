import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { generateEietCompanies, generatePileCompanies, insertCompanies } from '../../db/seed/companies.seed';

const NOW = new Date('2026-03-15T09:30:00Z');
const eietSeed = generateEietCompanies(NOW);
const pileSeed = generatePileCompanies(NOW);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await insertCompanies(t.database.db, { eiet: eietSeed, pile: pileSeed });
});
afterAll(() => t.close());

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /api/eiet-list', () => {
  it('answers {status: "success", eietList} with every company and the fields of the specification', async () => {
    const res = await t.app.inject({ url: '/api/eiet-list' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['eietList', 'status']);
    expect(body.status).toBe('success');
    expect(body.eietList).toHaveLength(30);
    for (const c of body.eietList) {
      expect(Object.keys(c).sort()).toEqual(
        [
          'certificate_expire_date',
          'ceo_name',
          'email_address',
          'eiet_name',
          'id',
          'issue_certificate_date',
          'office_address',
          'phone_number',
        ].sort(),
      );
    }
  });

  it('keeps stored values as they are: two e-mail addresses, dates as YYYY-MM-DD or null', async () => {
    const list = (await t.app.inject({ url: '/api/eiet-list' })).json().eietList as Record<string, unknown>[];
    for (const seed of eietSeed) {
      const row = list.find((c) => c.eiet_name === seed.eietName)!;
      expect(row).toMatchObject({
        ceo_name: seed.ceoName,
        office_address: seed.officeAddress,
        email_address: seed.emailAddress,
        phone_number: seed.phoneNumber,
        issue_certificate_date: seed.issueCertificateDate,
        certificate_expire_date: seed.certificateExpireDate,
      });
    }
    expect(list.some((c) => String(c.email_address).includes('\n'))).toBe(true);
    expect(list.some((c) => c.certificate_expire_date === null)).toBe(true);
  });

  it('sorts by name', async () => {
    const names = ((await t.app.inject({ url: '/api/eiet-list' })).json().eietList as { eiet_name: string }[]).map(
      (c) => c.eiet_name,
    );
    expect(new Set(names).size).toBe(30);
    // PostgreSQL's collation decides the exact order; the English names come sorted before the Burmese.
    const english = names.filter((n) => !/[\u1000-\u109f]/.test(n));
    expect(english).toEqual([...english].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('GET /api/pile-list', () => {
  it('answers {status: "success", pileList} with every company and its services', async () => {
    const res = await t.app.inject({ url: '/api/pile-list' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.pileList).toHaveLength(30);
    for (const c of body.pileList) {
      expect(Object.keys(c).sort()).toEqual(
        ['address', 'certificate_expire_date', 'company_name', 'id', 'issue_certificate_date', 'item'].sort(),
      );
      expect(c.item).toMatch(/^[A-Z].+, /);
    }
    const seeded = pileSeed.map((p) => p.companyName).sort(byName);
    expect(body.pileList.map((c: { company_name: string }) => c.company_name).sort(byName)).toEqual(seeded);
  });

  it('sends gzip when asked, and 304 for a matching ETag', async () => {
    const gz = await t.app.inject({ url: '/api/pile-list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const again = await t.app.inject({
      url: '/api/pile-list',
      headers: { 'if-none-match': gz.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
