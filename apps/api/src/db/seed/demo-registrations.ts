import { eq } from 'drizzle-orm';
import { formatReferenceNumber } from '@hpbc/shared/form-one';
import type { Db } from '../client';
import { registrations, type eietCompanies } from '../schema/index';
import { yearInMyanmar } from '../../modules/registrations/registrations.format';

/**
 * What the demo seeders share when they make registrations (reviews, clocks, company work,
 * legal acts, stages): the insert with the reference number the portal would have given, and
 * the EIET fields of Form One filled from the register.
 */

type SubmittedValues = Omit<typeof registrations.$inferInsert, 'currentStep' | 'referenceNumber'> & {
  submittedAt: Date;
};

/**
 * Inserts a registration that went through all seven steps and was submitted, and gives it the
 * reference number the portal gives on the first submission (`registrations.service.ts`): the
 * year in Myanmar of that submission (`firstSubmittedAt`, by default `submittedAt`) and the id.
 */
export async function insertSubmittedRegistration(
  tx: Db,
  values: SubmittedValues,
  firstSubmittedAt: Date = values.submittedAt,
): Promise<{ id: number; referenceNumber: string }> {
  const [row] = await tx
    .insert(registrations)
    .values({ ...values, currentStep: 7 })
    .returning({ id: registrations.id });
  const id = row!.id;
  const referenceNumber = formatReferenceNumber(yearInMyanmar(firstSubmittedAt), id);
  await tx.update(registrations).set({ referenceNumber }).where(eq(registrations.id, id));
  return { id, referenceNumber };
}

/** Form One's EIET fields for a company of the register, as a submitter who picked it has them. */
export function eietFieldsOf(company: typeof eietCompanies.$inferSelect): Record<string, string> {
  return {
    eiet_company: company.eietName,
    eiet_address: company.officeAddress,
    eiet_director: company.ceoName,
    eiet_email: company.emailAddress.split(/\r?\n/)[0] ?? '',
    eiet_phone: company.phoneNumber,
    eiet_company_id: String(company.id),
  };
}
