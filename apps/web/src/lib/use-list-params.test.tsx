import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageParam, useListParams } from './use-list-params';

type Seen = ReturnType<typeof useListParams<{ q: string; dir: '' | 'asc' | 'desc'; retired: string }>>;

/** A register's list state (as register-editor.tsx keeps it), at `path`. */
function mount(path: string) {
  const seen: { current?: Seen } = {};
  function List() {
    seen.current = useListParams(
      { q: '', dir: '' as '' | 'asc' | 'desc', retired: 'active' },
      { dir: ['asc', 'desc'], retired: ['retired', 'all'] },
    );
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/', element: null },
      { path: '/list', element: <List /> },
    ],
    { initialEntries: ['/', path] },
  );
  render(<RouterProvider router={router} />);
  return { seen, router };
}

describe('pageParam', () => {
  it('reads a whole page number from 1, and 1 for anything else', () => {
    const page = (search: string) => pageParam(new URLSearchParams(search));
    expect([page(''), page('page=3'), page('page=0'), page('page=-2'), page('page=x'), page('page=2.7')]).toEqual([
      1, 3, 1, 1, 1, 2,
    ]);
  });
});

describe('useListParams', () => {
  it('reads the filters and the page, with the defaults for what is absent or not allowed', () => {
    const { seen } = mount('/list?q=tower&dir=sideways&retired=all&page=4');
    expect(seen.current!.filters).toEqual({ q: 'tower', dir: '', retired: 'all' });
    expect(seen.current!.page).toBe(4);
  });

  it('writes only what differs from the defaults, keeps the filters not named, and replaces the entry', async () => {
    const { seen, router } = mount('/list?q=tower&page=4');
    await act(() => seen.current!.go({ dir: 'desc', page: 1 }));
    expect(router.state.location.search).toBe('?q=tower&dir=desc');
    expect(seen.current!.filters).toEqual({ q: 'tower', dir: 'desc', retired: 'active' });
    await act(() => seen.current!.go({ q: '', retired: 'active', page: 2 }));
    expect(router.state.location.search).toBe('?dir=desc&page=2');
    // Replaced, not pushed: one step back leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});
