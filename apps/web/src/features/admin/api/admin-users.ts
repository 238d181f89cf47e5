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

/** The register of one kind of company, as id and name, for linking an account to it. */
export function companyRegisterQuery(kind: 'eiet' | 'pile') {
  return queryOptions({
    queryKey: ['admin', 'company-register', kind],
    queryFn: async ({ signal }) =>
      kind === 'eiet'
        ? (await api<{ eietList: { id: number; eiet_name: string }[] }>('/api/eiet-list', { signal })).eietList.map(
            (c) => ({ id: c.id, name: c.eiet_name }),
          )
        : (await api<{ pileList: { id: number; company_name: string }[] }>('/api/pile-list', { signal })).pileList.map(
            (c) => ({ id: c.id, name: c.company_name }),
          ),
    staleTime: 5 * 60_000,
  });
}
