import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProjectFilterValues } from '@hpbc/shared';
import { useDebouncedCallback } from './use-debounced-callback';
import {
  initialState,
  keepsSavedState,
  sameFilters,
  savedState,
  stateToSearch,
  type ProjectListState,
} from '../list-state';

/** Specification section 9: filter changes apply 300 ms after the last change. */
export const FILTER_DEBOUNCE_MS = 300;

const NO_FILTERS: ProjectFilterValues = { projectName: '', status: '', location: '' };

/**
 * The project list's filters and page: what the inputs show (`draft`), what the list
 * applies (`applied`, 300 ms later, back on page 1), kept in session storage and
 * mirrored to the URL query without adding history entries (specification section 4).
 */
export function useProjectListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [initial] = useState(() => initialState(savedState.read(), searchParams));
  const [draft, setDraftNow] = useState<ProjectFilterValues>(initial);
  const [applied, setApplied] = useState<ProjectListState>(initial);

  const [applyLater, cancelApply] = useDebouncedCallback((filters: ProjectFilterValues) => {
    setApplied((current) => (sameFilters(filters, current) ? current : { ...filters, currentPage: 1 }));
  }, FILTER_DEBOUNCE_MS);

  const setDraft = useCallback(
    (filters: ProjectFilterValues) => {
      setDraftNow(filters);
      applyLater(filters);
    },
    [applyLater],
  );

  useEffect(() => {
    savedState.write(applied);
    const next = stateToSearch(applied);
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
    // Only a change of the applied state writes; the URL follows it, not the other way round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);

  // Leaving for anywhere but a project detail forgets the filters. By the time the list
  // unmounts, the router has already moved the browser to the next address.
  useEffect(
    () => () => {
      if (!keepsSavedState(window.location.pathname)) savedState.clear();
    },
    [],
  );

  const setPage = useCallback(
    (page: number) => setApplied((s) => (s.currentPage === page ? s : { ...s, currentPage: page })),
    [],
  );
  const clear = useCallback(() => {
    cancelApply();
    setDraftNow(NO_FILTERS);
    setApplied({ ...NO_FILTERS, currentPage: 1 });
  }, [cancelApply]);

  return { draft, setDraft, applied, setPage, clear };
}
