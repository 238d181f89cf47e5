import { useSearchParams } from 'react-router';

/** The page a URL asks for (`?page=`): a whole number from 1; 1 when it is absent or not a number. */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * A paged list's filters and page as the URL keeps them (convention 7: a list's state lives in
 * the URL, so a link or a reload shows the same rows). Each filter is read from its parameter,
 * falling back to its default when the URL has none, or, where `allowed` lists the values it may
 * take, one not listed. `go` applies a change (the filters not named keep their value) and
 * writes only what differs from the defaults: no empty filter, no page 1; it replaces the
 * history entry, so Back leaves the list rather than stepping through its filters.
 */
export function useListParams<F extends Record<string, string>>(
  defaults: F,
  allowed: NoInfer<{ [K in keyof F]?: readonly F[K][] }> = {},
): { filters: F; page: number; go: (next: Partial<F> & { page?: number }) => void } {
  const [params, setParams] = useSearchParams();
  const initial: Record<string, string> = defaults;
  const accepted = allowed as Partial<Record<string, readonly string[]>>;
  const read: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(initial)) {
    const value = params.get(key);
    read[key] = value !== null && (accepted[key]?.includes(value) ?? true) ? value : fallback;
  }
  const page = pageParam(params);

  function go(next: Partial<F> & { page?: number }) {
    const { page: nextPage = page, ...changes } = next as Partial<Record<string, string>> & { page?: number };
    const query = new URLSearchParams();
    for (const [key, fallback] of Object.entries(initial)) {
      const value = changes[key] ?? read[key];
      if (value && value !== fallback) query.set(key, value);
    }
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query, { replace: true });
  }

  return { filters: read as F, page, go };
}
