import { PROJECT_FILTER_MAX_LENGTH, type ProjectFilterValues } from '@hpbc/shared';

/** Specification section 3: the project list keeps its filters and page here. */
export const FILTERS_STORAGE_KEY = 'projectListFilters';

export interface ProjectListState extends ProjectFilterValues {
  currentPage: number;
}

export const EMPTY_LIST_STATE: ProjectListState = { projectName: '', status: '', location: '', currentPage: 1 };

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value.slice(0, PROJECT_FILTER_MAX_LENGTH) : undefined;
}

function page(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/**
 * Reads the saved state. Anything that cannot be parsed is ignored: bad JSON, a
 * non-object or an object without one readable field gives undefined (so the URL is
 * used); otherwise a field of the wrong type falls back to its empty value.
 */
export function parseSavedState(raw: string | null): ProjectListState | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const read = {
    projectName: text(v.projectName),
    status: text(v.status),
    location: text(v.location),
    currentPage: page(v.currentPage),
  };
  if (Object.values(read).every((field) => field === undefined)) return undefined;
  return {
    projectName: read.projectName ?? '',
    status: read.status ?? '',
    location: read.location ?? '',
    currentPage: read.currentPage ?? 1,
  };
}

/** The state carried by the URL query (project, status, location, page). */
export function stateFromSearch(params: URLSearchParams): ProjectListState {
  return {
    projectName: text(params.get('project')) ?? '',
    status: text(params.get('status')) ?? '',
    location: text(params.get('location')) ?? '',
    currentPage: page(params.get('page')) ?? 1,
  };
}

/** On load the saved state wins over the URL (specification section 4); the URL is the fallback. */
export function initialState(saved: string | null, params: URLSearchParams): ProjectListState {
  return parseSavedState(saved) ?? stateFromSearch(params);
}

/** The URL query for a state: empty filters are left out, and page only when above 1. */
export function stateToSearch(state: ProjectListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.projectName) params.set('project', state.projectName);
  if (state.status) params.set('status', state.status);
  if (state.location) params.set('location', state.location);
  if (state.currentPage > 1) params.set('page', String(state.currentPage));
  return params;
}

/** Leaving the list keeps the saved filters only on the way to a project detail (or back to the list). */
export function keepsSavedState(nextPathname: string): boolean {
  return nextPathname === '/project-list' || nextPathname.startsWith('/project-detail/');
}

export function sameFilters(a: ProjectFilterValues, b: ProjectFilterValues): boolean {
  return a.projectName === b.projectName && a.status === b.status && a.location === b.location;
}

/** Session storage can be unavailable (privacy modes, quotas); the list works without it. */
export const savedState = {
  read(): string | null {
    try {
      return sessionStorage.getItem(FILTERS_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  write(state: ProjectListState): void {
    try {
      sessionStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // ignored: the URL still carries the filters
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(FILTERS_STORAGE_KEY);
    } catch {
      // ignored
    }
  },
};
