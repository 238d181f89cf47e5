import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { deferred, mockFetch, type MockAnswer } from '../test/fetch-mock';
import { makeUser, ROLE } from '../test/auth-fixtures';
import { authStore } from '../lib/auth/auth-store';
import { accountUserRoutes } from './account-routes';
import { queryClient } from './query-client';
import { reviewKeys } from '../features/reviews/api/reviews';

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.reset();
  localStorage.clear();
  queryClient.clear();
});

const reviewRoute = accountUserRoutes.find((r) => r.path === 'national/reviews/:id')!;
const load = (route: RouteObject, url: string, params: Record<string, string>) =>
  (route.loader as (args: LoaderFunctionArgs) => Promise<unknown>)({
    request: new Request(url),
    params,
    context: undefined,
  } as LoaderFunctionArgs);

describe("a work page's first query, started by its route (docs/decisions/128)", () => {
  it('is asked for beside the profile, before the guard has its answer', async () => {
    const profile = deferred<MockAnswer>();
    const http = mockFetch({
      'GET /api/user/profile': () => profile.promise,
      'GET /api/reviews/5': { body: { data: { id: 5 } } },
    });
    localStorage.setItem('token', 'tok');
    authStore.syncFromStorage();
    const loading = load(reviewRoute, 'http://localhost/user/national/reviews/5', { id: '5' });
    await vi.waitFor(() => expect(http.count('GET /api/reviews/5')).toBe(1));
    expect(http.count('GET /api/user/profile')).toBe(1);
    profile.resolve({ body: { user: makeUser(), roles: [ROLE.national] } });
    await expect(loading).resolves.toBeNull();
    expect(queryClient.getQueryData(reviewKeys.detail(5))).toEqual({ id: 5 });
  });

  it('is not asked for without a sign-in: the guard sends the visitor to log in', async () => {
    const http = mockFetch({});
    await expect(load(reviewRoute, 'http://localhost/user/national/reviews/5', { id: '5' })).rejects.toBeInstanceOf(
      Response,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(http.calls).toEqual([]);
  });

  it('is not asked for an address the page would not read', async () => {
    const http = mockFetch({ 'GET /api/user/profile': { body: { user: makeUser(), roles: [] } } });
    localStorage.setItem('token', 'tok');
    authStore.syncFromStorage();
    await load(reviewRoute, 'http://localhost/user/national/reviews/x', { id: 'x' }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(http.calls.map((c) => c.path)).toEqual(['/api/user/profile']);
  });
});
