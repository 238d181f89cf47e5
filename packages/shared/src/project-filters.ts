import { z } from 'zod';
import { rule } from './messages';
import type { Paged } from './paging';
import type { Project } from './projects';

/** The project list's filters (specification section 3, "Project filters"), without the page. */
export interface ProjectFilterValues {
  projectName: string;
  status: string;
  location: string;
}

export const PROJECT_PAGE_SIZE = 25;
/** Longest filter text the list accepts; longer input is cut, never rejected. */
export const PROJECT_FILTER_MAX_LENGTH = 200;

/** Control characters (NUL above all) can never match and PostgreSQL refuses NUL in text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function stripControl(value: string): string {
  return value.replace(CONTROL, '');
}

/** Lower-cases and trims; filters compare case-insensitively. */
export function normalizeFilterText(value: string): string {
  return stripControl(value).trim().toLocaleLowerCase('en-US');
}

/**
 * Whether a project passes the filters. One rule for both sides: the browser applies it
 * to the whole list, and the API's filtered query is tested against it.
 * - project name: substring of project_name, ignoring case;
 * - status: exact match ('' means all statuses);
 * - location: substring of the township (location), district (region) or state, ignoring case.
 */
export function projectMatches(project: Project, filters: ProjectFilterValues): boolean {
  const name = normalizeFilterText(filters.projectName);
  if (name && !project.project_name.toLocaleLowerCase('en-US').includes(name)) return false;
  if (filters.status && project.status !== filters.status) return false;
  const location = normalizeFilterText(filters.location);
  if (
    location &&
    ![project.location, project.region, project.state].some((v) => v.toLocaleLowerCase('en-US').includes(location))
  ) {
    return false;
  }
  return true;
}

/** The status dropdown's options after 'All Statuses': the distinct statuses present, sorted. */
export function distinctStatuses(projects: readonly Pick<Project, 'status'>[]): string[] {
  return [...new Set(projects.map((p) => p.status))].sort((a, b) => a.localeCompare(b, 'en'));
}

/** Query parameters of GET /api/project-list for one page (docs/api.md, "Projects and library"). */
export interface ProjectPageQuery extends ProjectFilterValues {
  page: number;
  perPage: number;
}

/** The paged answer of GET /api/project-list?page=... */
export type ProjectPage = Paged<Project, { last_page: number; statuses: string[] }>;

/** Most rows one page of GET /api/project-list may ask for. */
export const PROJECT_MAX_PER_PAGE = 100;

const filterText = (field: string) =>
  z
    .string()
    .max(PROJECT_FILTER_MAX_LENGTH, rule('max', field, PROJECT_FILTER_MAX_LENGTH))
    .optional()
    .transform((v) => stripControl(v ?? '').trim());

const positiveInt = (field: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, rule('integer', field))
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, rule('between', field, 1, max));

/**
 * The optional query of GET /api/project-list. With none of these parameters the
 * endpoint answers the whole list as specified; with any of them, one filtered page.
 */
export const ProjectListQuerySchema = z.object({
  page: positiveInt('page', 1_000_000).optional(),
  per_page: positiveInt('per_page', PROJECT_MAX_PER_PAGE).optional(),
  project: filterText('project'),
  status: filterText('status'),
  location: filterText('location'),
});
export type ProjectListQuery = z.input<typeof ProjectListQuerySchema>;

/** The query parameters that switch GET /api/project-list to one filtered page. */
export const PROJECT_PAGE_PARAMS = ['page', 'per_page', 'project', 'status', 'location'] as const;
