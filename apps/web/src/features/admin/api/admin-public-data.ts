import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminDashboard,
  AdminLibraryDocument,
  AdminTreeNode,
  AuditEntry,
  Paged,
  RecommendationLevel,
} from '@hpbc/shared';
import { api, apiDownload } from '../../../lib/api-client';

/** The editable public registers and their API paths. */
export type RegisterName = 'projects' | 'eiet-companies' | 'pile-companies';

export type RegisterRow = Record<string, unknown> & { id: number; updated_at: string; retired_at: string | null };

export interface TableParams {
  q: string;
  page: number;
  sort: string;
  dir: 'asc' | 'desc' | '';
  retired: 'active' | 'retired' | 'all';
}

export function registerQuery(name: RegisterName, p: TableParams) {
  const params = new URLSearchParams({ page: String(p.page), retired: p.retired });
  if (p.q) params.set('q', p.q);
  if (p.sort) params.set('sort', p.sort);
  if (p.dir) params.set('dir', p.dir);
  return queryOptions({
    queryKey: ['admin', name, p],
    queryFn: ({ signal }) => api<Paged<RegisterRow>>(`/api/admin/${name}?${params}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const saveRegisterRow = (name: RegisterName, id: number | null, body: Record<string, unknown>) =>
  api<{ data: RegisterRow }>(id === null ? `/api/admin/${name}` : `/api/admin/${name}/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
  });

export const setRegisterRowRetired = (name: RegisterName, id: number, retire: boolean) =>
  api<{ data: RegisterRow }>(`/api/admin/${name}/${id}/${retire ? 'retire' : 'restore'}`, { method: 'POST' });

export const recommendationTreeQuery = () =>
  queryOptions({
    queryKey: ['admin', 'recommendations'],
    queryFn: ({ signal }) => api<{ data: AdminTreeNode[] }>('/api/admin/recommendations', { signal }),
    staleTime: 0,
  });

export const saveRecommendationNode = (
  level: RecommendationLevel,
  id: number | null,
  body: { name: string; position?: number | string; content?: string | null; parent_id?: number },
) =>
  api<{ data: unknown }>(`/api/admin/recommendations/${level}${id === null ? '' : `/${id}`}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
  });

export const deleteRecommendationNode = (level: RecommendationLevel, id: number) =>
  api<void>(`/api/admin/recommendations/${level}/${id}`, { method: 'DELETE' });

export interface AuditFilterValues {
  actor: string;
  record_type: string;
  from: string;
  to: string;
  page: number;
}

function auditParams(f: AuditFilterValues) {
  const params = new URLSearchParams();
  for (const key of ['actor', 'record_type', 'from', 'to'] as const) if (f[key]) params.set(key, f[key]);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

export const auditLogQuery = (f: AuditFilterValues) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', f],
    queryFn: ({ signal }) => api<Paged<AuditEntry>>(`/api/admin/audit-log?${auditParams(f)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function downloadAuditCsv(f: AuditFilterValues) {
  const params = auditParams({ ...f, page: 1 });
  return apiDownload(`/api/admin/audit-log.csv?${params}`, { fileName: 'audit-log.csv', serverName: true });
}

export const adminLibraryQuery = () =>
  queryOptions({
    queryKey: ['admin', 'library'],
    queryFn: ({ signal }) => api<{ data: AdminLibraryDocument[] }>('/api/admin/library', { signal }),
    staleTime: 0,
    // While a volume is being indexed, ask again every two seconds to show its progress.
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.index_state === 'indexing') ? 2000 : false),
  });

export const editLibraryDocument = (id: number, body: { title: string; description: string }) =>
  api<{ data: AdminLibraryDocument }>(`/api/admin/library/${id}`, { method: 'PUT', body });

export function replaceLibraryFile(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ data: AdminLibraryDocument }>(`/api/admin/library/${id}/file`, { method: 'POST', body: form });
}

export const adminDashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api<{ data: AdminDashboard }>('/api/admin/dashboard', { signal }),
    staleTime: 0,
  });
