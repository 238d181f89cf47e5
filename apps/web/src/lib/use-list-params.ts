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
  allowed: { [K in keyof F]?: readonly F[K][] } = {},
): { filters: F; page: number; go: (next: Partial<F> & { page?: number }) => void } {
  const [params, setParams] = useSearchParams();
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    const value = params.get(key) as F[typeof key] | null;
    if (value !== null && (allowed[key]?.includes(value) ?? true)) filters[key] = value;
  }
  const page = pageParam(params);

  function go(next: Partial<F> & { page?: number }) {
    const query = new URLSearchParams();
    for (const key of Object.keys(defaults) as (keyof F & string)[]) {
      const value = next[key] ?? filters[key];
      if (value && value !== defaults[key]) query.set(key, value);
    }
    const nextPage = next.page ?? page;
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query, { replace: true });
  }

  return { filters, page, go };
}
