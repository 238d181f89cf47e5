import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PROJECT_PAGE_SIZE, type ProjectFilterValues, type ProjectPage } from '@hpbc/shared';
import { call } from '../../../lib/api-client';

/** The query for one page of the list; see docs/decisions (project list paging) for why the server pages. */
export function projectPageQuery(filters: ProjectFilterValues, page: number) {
  const query = {
    page,
    per_page: PROJECT_PAGE_SIZE,
    project: filters.projectName.trim() || undefined,
    status: filters.status || undefined,
    location: filters.location.trim() || undefined,
  };
  return queryOptions({
    queryKey: ['projects', 'page', query],
    // With page and per_page the answer is always one page (GET /api/project-list).
    queryFn: ({ signal }) => call('GET /api/project-list', { query, signal }) as Promise<ProjectPage>,
    // The table keeps the previous page while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function projectQuery(id: string) {
  return queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: ({ signal }) => call('GET /api/project-list/:id', { params: { id }, signal }),
    select: (answer) => answer.data,
    // A missing project stays missing; retrying a 404 only delays the message.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });
}
