import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeReportsQuery } from '../../features/change-reports/api/change-reports';
import { presentationsQuery } from '../../features/presentations/api/presentations';
import { mockFetch } from '../../test/fetch-mock';
import { PAGE_PRELOADS } from '../page-preloads';

// The review screen's panels below the registration start from the review's own answer
// (issue 31: the screen asked for GET /api/reviews/:id three times on its first load).
const review = {
  id: 5,
  status: 'under_review',
  presentations: [],
  change_reports: [],
  my_disciplines: ['structure' as const],
};
// The app's own client defaults (app/query-layout.tsx): an answer is fresh for 30 s.
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

afterEach(() => vi.unstubAllGlobals());

describe("the review's panels", () => {
  it('take the presentations and the change reports from the review they are given, asking nothing', async () => {
    const api = mockFetch({ 'GET /api/reviews/5': { body: { data: review } } });
    const seed = { ...review, at: Date.now() };
    const queries = client();
    await expect(queries.fetchQuery(presentationsQuery('counterpart', 5, seed))).resolves.toEqual({
      status: 'under_review',
      presentations: [],
    });
    await expect(queries.fetchQuery(changeReportsQuery('counterpart', 5, seed))).resolves.toEqual({
      status: 'under_review',
      reports: [],
      mine: ['structure'],
    });
    expect(api.count('GET /api/reviews/5')).toBe(0);
  });

  it('ask for the review themselves when given none, or one older than the cache keeps', async () => {
    const api = mockFetch({ 'GET /api/reviews/5': { body: { data: review } } });
    const queries = client();
    await queries.fetchQuery(presentationsQuery('counterpart', 5));
    await queries.fetchQuery(changeReportsQuery('counterpart', 5, { ...review, at: Date.now() - 60_000 }));
    expect(api.count('GET /api/reviews/5')).toBe(2);
  });
});

describe("the review's first load", () => {
  it('preloads none of the panels below the review: they load once its first screen has painted', () => {
    // Preloaded, their ten requests shared the slow connection with the first script and the
    // review's own code, ahead of Lighthouse's largest paint (decision 130).
    const parts: readonly string[] = PAGE_PRELOADS['user/national/reviews/:id'].lazyParts;
    expect(parts).toEqual(['components/layouts/user-layout']);
  });
});
