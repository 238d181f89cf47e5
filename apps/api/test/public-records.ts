import type { Database } from '../src/db/client';
import { eietCompanies, projects } from '../src/db/schema/index';

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
