import { queryOptions } from '@tanstack/react-query';
import type { MailKind } from '@hpbc/shared/notices';
import { call } from '../../../lib/api-client';

/** In-app notices and mail choices (declared in @hpbc/shared/contract/notices). */

export const noticeKeys = {
  all: ['notices'] as const,
  list: (page: number, unread: boolean) => ['notices', 'list', page, unread] as const,
  preferences: ['notices', 'mail-preferences'] as const,
};

export function noticesQuery(page: number, unread: boolean) {
  return queryOptions({
    queryKey: noticeKeys.list(page, unread),
    queryFn: ({ signal }) =>
      call('GET /api/notices', { query: { page: String(page), ...(unread ? { unread: '1' } : {}) }, signal }),
  });
}

export const unreadCount = (signal?: AbortSignal) =>
  call('GET /api/notices/unread-count', { signal }).then((a) => a.data.unread);
export const markRead = (id: number) => call('POST /api/notices/:id/read', { params: { id: String(id) } });
export const markAllRead = () => call('POST /api/notices/read-all');

export function preferencesQuery() {
  return queryOptions({
    queryKey: noticeKeys.preferences,
    queryFn: ({ signal }) => call('GET /api/user/mail-preferences', { signal }).then((a) => a.data),
  });
}
export const savePreferences = (mail: Partial<Record<MailKind, boolean>>) =>
  call('PUT /api/user/mail-preferences', { body: { mail } }).then((a) => a.data);
