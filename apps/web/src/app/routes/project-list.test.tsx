import { Suspense } from 'react';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectMatches, type Project, type ProjectPage } from '@hpbc/shared';
import i18next from '../../lib/i18n';
import { FILTERS_STORAGE_KEY } from '../../features/projects/list-state';
import { Component as ProjectDetailPage } from './project-detail';
import { Component as ProjectListPage } from './project-list';
import { renderRouter } from '../../test/render-route';
import { PROJECT_DETAIL_ROWS, PROJECT_LIST_COLUMNS } from '@hpbc/shared/projects.fixture';

configure({ asyncUtilTimeout: 5000 });
// Typing with user-event and the 300 ms pauses take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const STATUSES = ['Active', 'Completed', 'Pending', 'Cancelled', 'On Hold'];
const ALL: Project[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  rn_number: 1000 - i,
  project_name: i % 4 === 0 ? `Tower ${i + 1}` : `Residence ${i + 1}`,
  developer: 'Shwe Taung',
  status: STATUSES[i % 5]!,
  basement: i % 3,
  storey: 10 + i,
  building_height: 30.5,
  location: i % 2 ? 'Kamayut' : 'Chanayethazan',
  region: i % 2 ? 'Yangon (West) District' : 'Mandalay District',
  state: i % 2 ? 'Yangon Region' : 'Mandalay Region',
}));

/** A stand-in for GET /api/project-list?page=..., filtering with the shared rule as the API does. */
function stubApi() {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      const detail = /^\/api\/project-list\/(\d+)$/.exec(url.pathname);
      if (detail) {
        const project = ALL.find((p) => p.id === Number(detail[1]));
        return Response.json(project ? { data: project } : { message: 'Project not found' }, {
          status: project ? 200 : 404,
        });
      }
      const q = url.searchParams;
      const perPage = Number(q.get('per_page'));
      const page = Number(q.get('page'));
      const rows = ALL.filter((p) =>
        projectMatches(p, {
          projectName: q.get('project') ?? '',
          status: q.get('status') ?? '',
          location: q.get('location') ?? '',
        }),
      );
      const body: ProjectPage = {
        data: rows.slice((page - 1) * perPage, page * perPage),
        meta: {
          total: rows.length,
          page,
          per_page: perPage,
          last_page: Math.max(1, Math.ceil(rows.length / perPage)),
          statuses: [...STATUSES].sort(),
        },
      };
      return Response.json(body);
    }),
  );
  return urls;
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  const page = (el: React.ReactNode) => <Suspense fallback={<p>suspended</p>}>{el}</Suspense>;
  const { router } = renderRouter(
    [
      { path: '/project-list', element: page(<ProjectListPage />) },
      { path: '/project-detail/:id', element: page(<ProjectDetailPage />) },
      { path: '/project-detail', element: page(<ProjectDetailPage />) },
      { path: '/library', element: <p>library</p> },
    ],
    { browser: true },
  );
  return router;
}

const saved = () => JSON.parse(sessionStorage.getItem(FILTERS_STORAGE_KEY) ?? 'null');
const pageRequests = (urls: URL[]) => urls.filter((u) => u.pathname === '/api/project-list').map((u) => u.search);

beforeEach(async () => {
  await i18next.changeLanguage('en');
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('project list', () => {
  it('shows the first page of 25 with the nine columns, badges, links and the pager', async () => {
    stubApi();
    renderAt('/project-list');
    expect(await screen.findByText('Loading projects...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(PROJECT_LIST_COLUMNS);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(within(rows[0]!).getByRole('link', { name: 'Tower 1' })).toHaveAttribute('href', '/project-detail/1');
    expect(within(rows[0]!).getByText('Active').className).toContain('bg-green-100');
    expect(screen.getByText('Showing 1 to 25 of 60 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent(
      ['All Statuses', ...[...STATUSES].sort()].join(''),
    );
  });

  it('debounces a filter, goes back to page 1, and mirrors it to the URL and session storage without new history entries', async () => {
    const user = userEvent.setup();
    const urls = stubApi();
    const router = renderAt('/project-list?page=2');
    await screen.findByText('Showing 26 to 50 of 60 results');
    expect(saved()).toEqual({ projectName: '', status: '', location: '', currentPage: 2 });

    await user.type(screen.getByRole('searchbox', { name: 'Project name' }), 'tower');
    // The debounce itself is timed in use-debounced-callback.test.ts with a fake clock.
    await waitFor(() => expect(router.state.location.search).toBe('?project=tower'));
    expect(pageRequests(urls).at(-1)).toBe('?page=1&per_page=25&project=tower');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(saved()).toEqual({ projectName: 'tower', status: '', location: '', currentPage: 1 });
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('link', { name: /^Tower/ })).toHaveLength(15),
    );
    // One page only: no pager.
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() => expect(router.state.location.search).toBe('?project=tower&status=Active'));
    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'zzz');
    expect(await screen.findByText('No projects found.')).toBeInTheDocument();
  });

  it('moves between pages with Next and the numbers, keeping page in the URL only above 1', async () => {
    const user = userEvent.setup();
    stubApi();
    const router = renderAt('/project-list');
    await screen.findByText('Showing 1 to 25 of 60 results');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Showing 26 to 50 of 60 results');
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 51 to 60 of 60 results');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Showing 1 to 25 of 60 results');
    expect(router.state.location.search).toBe('');
  });

  it('restores saved filters before the URL, and ignores saved values it cannot read', async () => {
    const urls = stubApi();
    sessionStorage.setItem(
      FILTERS_STORAGE_KEY,
      JSON.stringify({ projectName: '', status: '', location: 'yangon', currentPage: 2 }),
    );
    const router = renderAt('/project-list?project=tower');
    await screen.findByText('Showing 26 to 30 of 30 results');
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('yangon');
    expect(screen.getByRole('searchbox', { name: 'Project name' })).toHaveValue('');
    expect(router.state.location.search).toBe('?location=yangon&page=2');
    expect(pageRequests(urls)[0]).toBe('?page=2&per_page=25&location=yangon');
  });

  it('uses the URL when the saved filters are unreadable', async () => {
    stubApi();
    sessionStorage.setItem(FILTERS_STORAGE_KEY, '{not json');
    renderAt('/project-list?status=Pending');
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
  });

  it('keeps the filters for a project detail, whose back button restores them, and forgets them elsewhere', async () => {
    const user = userEvent.setup();
    stubApi();
    const router = renderAt('/project-list');
    await user.type(await screen.findByRole('searchbox', { name: 'Location' }), 'mandalay');
    await waitFor(() => expect(router.state.location.search).toBe('?location=mandalay'));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?location=mandalay&page=2'));

    await user.click(screen.getAllByRole('link', { name: /Residence|Tower/ })[0]!);
    expect(await screen.findByRole('caption')).toHaveTextContent('Project Details');
    expect(saved()).toEqual({ projectName: '', status: '', location: 'mandalay', currentPage: 2 });
    const back = screen.getByRole('link', { name: /Back to Project Lists/ });
    expect(back).toHaveAttribute('href', '/project-list?location=mandalay&page=2');

    await user.click(back);
    await screen.findByText('Showing 26 to 30 of 30 results');
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('mandalay');

    await router.navigate('/library');
    await screen.findByText('library');
    expect(saved()).toBeNull();
  });
});

describe('project detail', () => {
  it('shows the ten rows, and the yellow not-found box for an unknown id', async () => {
    stubApi();
    const router = renderAt('/project-detail/2');
    const table = await screen.findByRole('table', { name: 'Project Details' });
    const labels = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(labels).toEqual(PROJECT_DETAIL_ROWS);
    expect(within(table).getByText('Completed').className).toContain('bg-blue-100');
    expect(within(table).getByText('30.5 m')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Project Lists/ })).toHaveAttribute('href', '/project-list');

    await router.navigate('/project-detail/999');
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Project not found.');
    expect(box.className).toContain('amber');

    await router.navigate('/project-detail');
    expect(await screen.findByText('Project ID is required')).toBeInTheDocument();
  });
});
