import { afterEach, describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { queryClient, startPageQuery } from './query-client';

afterEach(() => queryClient.clear());

/** A page's list: asked again whenever a page opens (`staleTime: 0`), as the work pages' lists are. */
function list(key: string, asked: { n: number }) {
  return {
    queryKey: ['test', key],
    queryFn: () => Promise.resolve(++asked.n),
    staleTime: 0,
  };
}

/** A page mounting: an observer of the query, as useQuery makes; its result once settled. */
async function mount(options: ReturnType<typeof list>) {
  const observer = new QueryObserver(queryClient, options);
  const unsubscribe = observer.subscribe(() => undefined);
  await new Promise((r) => setTimeout(r, 10));
  unsubscribe();
}

describe("the answer a route's loader asked for (docs/decisions/128)", () => {
  it('is not asked for a second time when the page mounts', async () => {
    const asked = { n: 0 };
    await startPageQuery(list('once', asked));
    await mount(list('once', asked));
    expect(asked.n).toBe(1);
  });

  it('is asked again once something changed it', async () => {
    const asked = { n: 0 };
    await startPageQuery(list('changed', asked));
    await queryClient.invalidateQueries({ queryKey: ['test', 'changed'] });
    await mount(list('changed', asked));
    expect(asked.n).toBe(2);
  });

  it('leaves other lists asked for at every mount', async () => {
    const asked = { n: 0 };
    await queryClient.prefetchQuery(list('other', asked));
    await mount(list('other', asked));
    expect(asked.n).toBe(2);
  });
});
