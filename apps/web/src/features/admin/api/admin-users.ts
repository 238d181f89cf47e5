import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUserList, AdminUserUpdatePayload, Role, User } from '@hpbc/shared';
import { api } from '../../../lib/api-client';

export function adminUsersQuery(search: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return queryOptions({
    queryKey: ['admin', 'users', search, page],
    queryFn: ({ signal }) => api<AdminUserList>(`/api/admin/users?${params}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function updateAdminUser(id: number, payload: AdminUserUpdatePayload) {
  return api<{ user: User; roles: Role[] }>(`/api/admin/users/${id}`, { method: 'PATCH', body: payload });
}
