import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged, RecommendationLevel, RecommendationNodeInput } from '@hpbc/shared';
import { call, download } from '../../../lib/api-client';

/** The editable public registers and their API paths. */
export type RegisterName = 'projects' | 'eiet-companies' | 'pile-companies' | 'inspection-checklists';

export type RegisterRow = Record<string, unknown> & { id: number; updated_at: string; retired_at: string | null };

export interface TableParams {
  q: string;
  page: number;
  sort: string;
  dir: 'asc' | 'desc' | '';
  retired: 'active' | 'retired' | 'all';
}

export function registerQuery(name: RegisterName, p: TableParams) {
  const query = {
    page: p.page,
    retired: p.retired,
    q: p.q || undefined,
    sort: p.sort || undefined,
    dir: p.dir || undefined,
  };
  return queryOptions({
    queryKey: ['admin', name, p],
    // The three registers answer the same calls; their rows differ (RegisterRow is what the editor reads of each).
    queryFn: ({ signal }) =>
      call(`GET /api/admin/${name}`, { query: query as never, signal }) as Promise<Paged<RegisterRow>>,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const saveRegisterRow = (name: RegisterName, id: number | null, body: Record<string, unknown>) =>
  (id === null
    ? call(`POST /api/admin/${name}`, { body: body as never })
    : call(`PUT /api/admin/${name}/:id`, { params: { id }, body: body as never })) as Promise<{ data: RegisterRow }>;

export const setRegisterRowRetired = (name: RegisterName, id: number, retire: boolean) =>
  (retire
    ? call(`POST /api/admin/${name}/:id/retire`, { params: { id } })
    : call(`POST /api/admin/${name}/:id/restore`, { params: { id } })) as Promise<{ data: RegisterRow }>;

export const recommendationTreeQuery = () =>
  queryOptions({
    queryKey: ['admin', 'recommendations'],
    queryFn: ({ signal }) => call('GET /api/admin/recommendations', { signal }),
    staleTime: 0,
  });

export const saveRecommendationNode = (level: RecommendationLevel, id: number | null, body: RecommendationNodeInput) =>
  id === null
    ? call('POST /api/admin/recommendations/:level', { params: { level }, body })
    : call('PUT /api/admin/recommendations/:level/:id', { params: { level, id }, body });

export const deleteRecommendationNode = (level: RecommendationLevel, id: number) =>
  call('DELETE /api/admin/recommendations/:level/:id', { params: { level, id } });

export interface AuditFilterValues {
  actor: string;
  record_type: string;
  from: string;
  to: string;
  page: number;
}

function auditQuery(f: AuditFilterValues) {
  const query: Record<string, string | number> = {};
  for (const key of ['actor', 'record_type', 'from', 'to'] as const) if (f[key]) query[key] = f[key];
  if (f.page > 1) query.page = f.page;
  return query;
}

export const auditLogQuery = (f: AuditFilterValues) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', f],
    queryFn: ({ signal }) => call('GET /api/admin/audit-log', { query: auditQuery(f), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function downloadAuditCsv(f: AuditFilterValues) {
  const query = auditQuery({ ...f, page: 1 });
  return download('GET /api/admin/audit-log.csv', { query }, { fileName: 'audit-log.csv', serverName: true });
}

export const adminLibraryQuery = () =>
  queryOptions({
    queryKey: ['admin', 'library'],
    queryFn: ({ signal }) => call('GET /api/admin/library', { signal }),
    staleTime: 0,
    // While a volume is being indexed, ask again every two seconds to show its progress.
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.index_state === 'indexing') ? 2000 : false),
  });

export const editLibraryDocument = (id: number, body: { title: string; description: string }) =>
  call('PUT /api/admin/library/:id', { params: { id }, body });

export function replaceLibraryFile(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return call('POST /api/admin/library/:id/file', { params: { id }, body: form });
}

export const adminDashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => call('GET /api/admin/dashboard', { signal }),
    staleTime: 0,
  });
