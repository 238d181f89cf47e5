import { date, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamp } from './columns';

/** The columns both registers share, in this order: contact, certificate dates, timestamps. */
const contactAndCertificate = () => ({
  emailAddress: text('email_address').notNull(),
  phoneNumber: text('phone_number').notNull(),
  issueCertificateDate: date('issue_certificate_date', { mode: 'string' }),
  certificateExpireDate: date('certificate_expire_date', { mode: 'string' }),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
  /** Retired rows leave the public list; an administrator can restore them. */
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

export const eietCompanies = pgTable('eiet_companies', {
  id: serial('id').primaryKey(),
  eietName: text('eiet_name').notNull(),
  ceoName: text('ceo_name').notNull(),
  officeAddress: text('office_address').notNull(),
  /** One or two addresses separated by a line break. */
  ...contactAndCertificate(),
});

export const pileCompanies = pgTable('pile_companies', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  /** The services offered, as one line of text. */
  item: text('item').notNull(),
  address: text('address').notNull(),
  ...contactAndCertificate(),
});
