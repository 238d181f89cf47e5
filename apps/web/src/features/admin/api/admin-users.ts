import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUserList, AdminUserUpdatePayload } from '@hpbc/shared';
import { call } from '../../../lib/api-client';

export function adminUsersQuery(search: string, page: number) {
  const query = { page, search: search || undefined };
  return queryOptions({
    queryKey: ['admin', 'users', search, page],
    queryFn: ({ signal }): Promise<AdminUserList> => call('GET /api/admin/users', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function updateAdminUser(id: number, payload: AdminUserUpdatePayload) {
  return call('PATCH /api/admin/users/:id', { params: { id }, body: payload });
}

/** The register of one kind of company, as id and name, for linking an account to it. */
export function companyRegisterQuery(kind: 'eiet' | 'pile') {
  return queryOptions({
    queryKey: ['admin', 'company-register', kind],
    queryFn: async ({ signal }) =>
      kind === 'eiet'
        ? (await call('GET /api/eiet-list', { signal })).eietList.map((c) => ({ id: c.id, name: c.eiet_name }))
        : (await call('GET /api/pile-list', { signal })).pileList.map((c) => ({ id: c.id, name: c.company_name })),
    staleTime: 5 * 60_000,
  });
}
