import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PROJECT_PAGE_SIZE, type Project, type ProjectFilterValues, type ProjectPage } from '@hpbc/shared';
import { api } from '../../../lib/api-client';

/** The query for one page of the list; see docs/decisions (project list paging) for why the server pages. */
export function projectPageParams(filters: ProjectFilterValues, page: number): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), per_page: String(PROJECT_PAGE_SIZE) });
  if (filters.projectName.trim()) params.set('project', filters.projectName.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.location.trim()) params.set('location', filters.location.trim());
  return params;
}

export function projectPageQuery(filters: ProjectFilterValues, page: number) {
  const params = projectPageParams(filters, page);
  return queryOptions({
    queryKey: ['projects', 'page', params.toString()],
    queryFn: ({ signal }) => api<ProjectPage>(`/api/project-list?${params}`, { signal }),
    // The table keeps the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function projectQuery(id: string) {
  return queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: ({ signal }) => api<{ data: Project }>(`/api/project-list/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.data,
    // A missing project stays missing; retrying a 404 only delays the message.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });
}
