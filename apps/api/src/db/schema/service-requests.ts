import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { eietCompanies, pileCompanies } from './companies';
import { users } from './users';
import { parentId, stamp, statusChangeColumns } from './columns';

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
    createdAt: stamp('created_at'),
    /** new → accepted | declined; accepted → completed (@hpbc/shared company-work.ts). */
    status: text('status').notNull().default('new'),
    /** SHA-256 of the private tracking link's token, mailed to the requester; null for requests from before. */
    trackingTokenHash: text('tracking_token_hash').unique(),
    /** The same token sealed with the server secret, so each status mail carries the link again (migration 0015). */
    trackingTokenSealed: text('tracking_token_sealed'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    index('service_requests_created_idx').on(t.createdAt),
    index('service_requests_eiet_idx').on(t.eietId, t.createdAt),
    index('service_requests_pile_idx').on(t.pileCompanyId, t.createdAt),
  ],
);

/** Each status a request went through, with the company's note (a decline's reason). */
export const serviceRequestHistory = pgTable(
  'service_request_history',
  {
    id: serial('id').primaryKey(),
    serviceRequestId: parentId('service_request_id', () => serviceRequests.id),
    ...statusChangeColumns(() => users.id),
  },
  (t) => [index('service_request_history_request_idx').on(t.serviceRequestId)],
);
