import type { Database } from '../src/db/client';
import { eietCompanies, pileCompanies, projects } from '../src/db/schema/index';
import { createUser, linkToCompany, type TestUser } from './accounts';
import type { TestApp } from './build-test-app';

/** An EIET company of the public register, valid until 2027; returns its id. */
export async function insertEietCompany(
  database: Database,
  values: Partial<typeof eietCompanies.$inferInsert> = {},
): Promise<number> {
  const [row] = await database.db
    .insert(eietCompanies)
    .values({
      eietName: 'Golden Inspection Team',
      ceoName: 'U Aung',
      officeAddress: 'Bahan',
      emailAddress: 'office@golden.example',
      phoneNumber: '09 111 222',
      issueCertificateDate: '2025-01-01',
      certificateExpireDate: '2027-01-01',
      ...values,
    })
    .returning({ id: eietCompanies.id });
  return row!.id;
}

/** A piling company of the public register, "Deep Pile Ltd."; returns its id. */
export async function insertPileCompany(
  database: Database,
  values: Partial<typeof pileCompanies.$inferInsert> = {},
): Promise<number> {
  const [row] = await database.db
    .insert(pileCompanies)
    .values({
      companyName: 'Deep Pile Ltd.',
      item: 'Bored piling',
      address: 'Mandalay',
      emailAddress: 'piles@deep.example',
      phoneNumber: '09 333 444',
      ...values,
    })
    .returning({ id: pileCompanies.id });
  return row!.id;
}

/**
 * "Golden Inspection Team" (office@golden.example) with two inspectors the committee's `admin`
 * linked to it: Inspector Ko, who reads English, and Inspector Ma, who reads Burmese (the
 * workflow mails are read in each member's language).
 */
export async function eietTeam(t: Pick<TestApp, 'app' | 'database'>, admin: TestUser) {
  const eiet = await insertEietCompany(t.database);
  const inspector = await createUser(t.database, { name: 'Inspector Ko', roles: ['eiet'] });
  const inspectorMy = await createUser(t.database, { name: 'Inspector Ma', roles: ['eiet'], locale: 'my' });
  await linkToCompany(t.app, admin, [inspector, inspectorMy], { kind: 'eiet', id: eiet });
  return { eiet, inspector, inspectorMy };
}

/** A project of the public list, "Tower {rn}"; returns its id. */
export async function insertProject(
  database: Database,
  rnNumber: number,
  values: Partial<typeof projects.$inferInsert> = {},
): Promise<number> {
  const [row] = await database.db
    .insert(projects)
    .values({
      rnNumber,
      projectName: `Tower ${rnNumber}`,
      developer: 'Shwe Taung',
      status: 'Active',
      basement: 1,
      storey: 12,
      buildingHeight: 40.5,
      location: 'Kamayut',
      region: 'Yangon (West) District',
      state: 'Yangon Region',
      ...values,
    })
    .returning({ id: projects.id });
  return row!.id;
}
