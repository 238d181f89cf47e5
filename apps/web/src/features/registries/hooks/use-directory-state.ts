import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { stateFromSearch, stateToSearch, type DirectoryKind, type DirectoryState, type FilterKey } from '../directory';

const OWN_WRITE = 'hpbc.directory';

/**
 * Filters and page, mirrored into the URL query with history replaced (so a filtered
 * list can be linked and reloaded). Typing works on local state, so no keystroke waits
 * for the router; a navigation from elsewhere (a nav link, back/forward) is read again.
 */
export function useDirectoryState(kind: DirectoryKind) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [state, setState] = useState<DirectoryState>(() => stateFromSearch(kind, params));
  const [seenKey, setSeenKey] = useState(location.key);

  if (location.key !== seenKey) {
    setSeenKey(location.key);
    const own = (location.state as Record<string, unknown> | null)?.[OWN_WRITE] === true;
    if (!own) setState(stateFromSearch(kind, params));
  }

  function commit(next: DirectoryState) {
    setState(next);
    setParams(stateToSearch(kind, next), { replace: true, preventScrollReset: true, state: { [OWN_WRITE]: true } });
  }

  return {
    state,
    /** Changing a filter goes back to page 1 (specification section 4). */
    setFilter(key: FilterKey, value: string) {
      commit({ filters: { ...state.filters, [key]: value }, page: 1 });
    },
    setPage(page: number) {
      commit({ ...state, page });
    },
    clear() {
      commit({ filters: {}, page: 1 });
    },
  };
}
