import { z } from 'zod';
import { idParamsSchema } from '../paging';
import {
  MAIL_KIND_NAMES,
  mailPreferencesSchema,
  noticeListQuerySchema,
  type MailPreference,
  type Notice,
} from '../notices';
import { endpoints, type Assert, type Same } from './endpoint';
import { dataOf, instant, nullableInstant, pagedOf } from './common';

/** In-app notices and mail choices (docs/decisions/088-notices-from-the-outbox.md). */

/** What every call of the area shares (docs/decisions/114-declaration-bases.md). */
const base = { tags: ['notices'], guard: 'user' } as const;

export const notice = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KIND_NAMES),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().describe('A path inside the portal, or null.'),
  created_at: instant,
  read_at: nullableInstant,
});

export const mailPreference = z.object({
  kind: z.enum(MAIL_KIND_NAMES),
  mail: z.boolean(),
  fixed: z.boolean().describe('Always mailed: the choice cannot be turned off.'),
});

const unreadCount = z.object({ unread: z.number().int() });

export const noticesEndpoints = endpoints({
  'GET /api/notices': {
    ...base,
    operationId: 'listNotices',
    summary: 'The signed-in person’s notices, newest first (`unread=1`: the unread only), with the unread count.',
    query: noticeListQuerySchema,
    answers: { 200: pagedOf(notice, { unread: z.number().int() }) },
  },
  'GET /api/notices/unread-count': {
    ...base,
    operationId: 'countUnreadNotices',
    summary: 'How many of the signed-in person’s notices are unread (the bell).',
    answers: { 200: dataOf(unreadCount) },
  },
  'POST /api/notices/:id/read': {
    ...base,
    operationId: 'markNoticeRead',
    summary: 'Mark one of the person’s own notices read (again: no change).',
    params: idParamsSchema,
    answers: { 200: dataOf(notice) },
    errors: { 404: 'No such notice, or another person’s.' },
  },
  'POST /api/notices/read-all': {
    ...base,
    operationId: 'markAllNoticesRead',
    summary: 'Mark every notice of the person read.',
    answers: { 200: dataOf(unreadCount) },
  },
  'GET /api/user/mail-preferences': {
    ...base,
    operationId: 'getMailPreferences',
    summary: 'For each kind of notice, whether the person also gets it by mail; fixed kinds are always mailed.',
    answers: { 200: dataOf(z.array(mailPreference)) },
  },
  'PUT /api/user/mail-preferences': {
    ...base,
    operationId: 'setMailPreferences',
    summary: 'Turn mail on or off per kind (`{mail: {kind: boolean}}`); turning a fixed kind off is a 422.',
    description: 'Kinds left out keep their choice. A kind turned off still leaves its notice.',
    body: mailPreferencesSchema,
    answers: { 200: dataOf(z.array(mailPreference)) },
  },
});

export type Checks = [
  Assert<Same<z.output<typeof notice>, Notice>>,
  Assert<Same<z.output<typeof mailPreference>, MailPreference>>,
];
