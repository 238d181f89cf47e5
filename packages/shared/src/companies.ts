export interface EietCompany {
  id: number;
  eiet_name: string;
  ceo_name: string;
  office_address: string;
  /** May hold two addresses separated by a line break (specification section 3). */
  email_address: string;
  phone_number: string;
  issue_certificate_date: string | null;
  certificate_expire_date: string | null;
}

export interface PileCompany {
  id: number;
  company_name: string;
  item: string;
  address: string;
  issue_certificate_date: string | null;
  certificate_expire_date: string | null;
}

/** Warning windows in days (specification section 9). */
export const EXPIRY_WARNING_DAYS = { eiet: 30, pile: 90 } as const;
