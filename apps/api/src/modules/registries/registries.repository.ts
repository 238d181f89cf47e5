import { asc, isNull } from 'drizzle-orm';
import type { EietCompany, PileCompany } from '@hpbc/shared';
import type { Db } from '../../db/client';
import { eietCompanies, pileCompanies } from '../../db/schema/index';

export function registriesRepository(db: Db) {
  return {
    listEiet(): Promise<EietCompany[]> {
      return db
        .select({
          id: eietCompanies.id,
          eiet_name: eietCompanies.eietName,
          ceo_name: eietCompanies.ceoName,
          office_address: eietCompanies.officeAddress,
          email_address: eietCompanies.emailAddress,
          phone_number: eietCompanies.phoneNumber,
          issue_certificate_date: eietCompanies.issueCertificateDate,
          certificate_expire_date: eietCompanies.certificateExpireDate,
        })
        .from(eietCompanies)
        .where(isNull(eietCompanies.retiredAt))
        .orderBy(asc(eietCompanies.eietName), asc(eietCompanies.id));
    },
    listPile(): Promise<PileCompany[]> {
      return db
        .select({
          id: pileCompanies.id,
          company_name: pileCompanies.companyName,
          item: pileCompanies.item,
          address: pileCompanies.address,
          // The company's e-mail and phone stay on the server (the request mail goes there);
          // the public answer has the fields of the specification's section 3 only.
          issue_certificate_date: pileCompanies.issueCertificateDate,
          certificate_expire_date: pileCompanies.certificateExpireDate,
        })
        .from(pileCompanies)
        .where(isNull(pileCompanies.retiredAt))
        .orderBy(asc(pileCompanies.companyName), asc(pileCompanies.id));
    },
  };
}
