import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { eietCompanies, pileCompanies } from './companies';

/** A visitor's request to an EIET or pile company, with its stored PDF cover letter. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['eiet', 'pile'] }).notNull(),
    eietId: integer('eiet_id').references(() => eietCompanies.id, { onDelete: 'restrict' }),
    pileCompanyId: integer('pile_company_id').references(() => pileCompanies.id, { onDelete: 'restrict' }),
    projectName: text('project_name').notNull(),
    projectInformation: text('project_information').notNull(),
    companyName: text('company_name').notNull(),
    address: text('address').notNull(),
    companyEmail: text('company_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** Path of the stored PDF, relative to DATA_DIR/uploads. */
    coverLetterPath: text('cover_letter_path').notNull(),
    coverLetterName: text('cover_letter_name').notNull(),
    coverLetterSize: integer('cover_letter_size').notNull(),
    coverLetterSha256: text('cover_letter_sha256').notNull(),
    locale: text('locale', { enum: ['en', 'my'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('service_requests_created_idx').on(t.createdAt)],
);
