import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EietCompany, PileCompany } from '@hpbc/shared';
import i18next from '../../lib/i18n';
import { mockFetch } from '../../test/fetch-mock';
import { Component as EietListPage } from './eiet-list';
import { Component as PileListPage } from './pile-company-list';
import { localToday } from '../../features/registries/directory';
import { renderRouter } from '../../test/render-route';

/** A calendar date `days` from today in the visitor's calendar. */
function inDays(days: number): string {
  const d = new Date(`${localToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const eiet = (id: number, over: Partial<EietCompany> = {}): EietCompany => ({
  id,
  eiet_name: `Inspection Company ${String(id).padStart(2, '0')}`,
  ceo_name: id % 2 ? 'U Aung' : 'Daw Hla',
  office_address: id % 3 ? 'Bahan, Yangon' : 'Chan Aye Thar San, Mandalay',
  email_address: `team${id}@example.com`,
  phone_number: '09 123 456',
  issue_certificate_date: '2024-03-01',
  certificate_expire_date: inDays(400),
  ...over,
});

function renderPage(Page: () => React.ReactNode, path: string) {
  const { router } = renderRouter([{ path: '*', element: <Page /> }], { initialEntries: [path] });
  return router;
}

const cards = () => screen.getAllByRole('article');

// The machine running the suite may be busy; the first render also loads the page's texts.
configure({ asyncUtilTimeout: 5000 });
// Whole pages with typing and dialogs: allow for a machine shared with other work.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  await i18next.changeLanguage('en');
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('EIET list', () => {
  it('filters case-insensitively on name, CEO and location, keeps filters in the URL, and clears them', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/eiet-list': { body: { status: 'success', eietList: [1, 2, 3, 4, 5, 6].map((i) => eiet(i)) } },
    });
    const router = renderPage(EietListPage, '/eiet-list');
    expect(await screen.findByText('Total 6 companies found')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'MANDALAY');
    expect(screen.getByText('Total 2 companies found')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'CEO name' }), 'daw');
    expect(screen.getByText('Total 1 company found')).toBeInTheDocument();
    expect(within(cards()[0]!).getByRole('heading')).toHaveTextContent('Inspection Company 06');
    await waitFor(() => expect(router.state.location.search).toBe('?ceo=daw&location=MANDALAY'));
    // Filtering replaces the history entry instead of adding one per keystroke.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.type(screen.getByRole('searchbox', { name: 'Company name' }), 'zzz');
    expect(screen.getByText('No Results Found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByText('Total 6 companies found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the filters and page from the URL', async () => {
    mockFetch({
      'GET /api/eiet-list': {
        body: { status: 'success', eietList: Array.from({ length: 25 }, (_, i) => eiet(i + 1)) },
      },
    });
    renderPage(EietListPage, '/eiet-list?ceo=aung&page=2');
    expect(await screen.findByText('Total 13 companies found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'CEO name' })).toHaveValue('aung');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
  });

  it('pages by ten with Previous and Next, only when there are more than ten', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/eiet-list': {
        body: { status: 'success', eietList: Array.from({ length: 23 }, (_, i) => eiet(i + 1)) },
      },
    });
    const router = renderPage(EietListPage, '/eiet-list');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(cards()).toHaveLength(10);
    const previous = screen.getByRole('button', { name: /Previous/ });
    const next = screen.getByRole('button', { name: /Next/ });
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(cards()[0]!).getByRole('heading')).toHaveTextContent('Inspection Company 11');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));

    // A filter change goes back to page 1; ten or fewer results hide the pager.
    await user.type(screen.getByRole('searchbox', { name: 'Company name' }), 'company 2');
    expect(screen.getByText('Total 4 companies found')).toBeInTheDocument();
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument();
  });

  it('shows every field, a second e-mail, Not specified dates, and colours the expiry by the 30-day window', async () => {
    mockFetch({
      'GET /api/eiet-list': {
        body: {
          status: 'success',
          eietList: [
            eiet(1, { eiet_name: 'Soon', certificate_expire_date: inDays(10), email_address: 'a@x.com\nb@x.com' }),
            eiet(2, { eiet_name: 'Later', certificate_expire_date: inDays(45) }),
            eiet(3, { eiet_name: 'Past', certificate_expire_date: inDays(-3) }),
            eiet(4, { eiet_name: 'Unknown', certificate_expire_date: null, issue_certificate_date: null }),
          ],
        },
      },
    });
    renderPage(EietListPage, '/eiet-list');
    const soon = (await screen.findByRole('article', { name: 'Soon' })) as HTMLElement;
    expect(within(soon).getByText('U Aung')).toBeInTheDocument();
    expect(within(soon).getByText('Bahan, Yangon')).toBeInTheDocument();
    expect(within(soon).getByRole('link', { name: 'a@x.com' })).toHaveAttribute('href', 'mailto:a@x.com');
    expect(within(soon).getByRole('link', { name: 'b@x.com' })).toHaveAttribute('href', 'mailto:b@x.com');
    expect(within(soon).getByText('09 123 456')).toBeInTheDocument();
    expect(within(soon).getByText('March 1, 2024')).toBeInTheDocument();
    const soonExpiry = within(soon).getByText('Certificate expiring soon!').closest('dd')!;
    expect(soonExpiry).toHaveClass('text-red-700');

    const later = screen.getByRole('article', { name: 'Later' });
    expect(within(later).queryByText('Certificate expiring soon!')).not.toBeInTheDocument();
    expect(later.querySelector('[data-expiry]')).toHaveClass('text-green-700');

    const past = screen.getByRole('article', { name: 'Past' });
    expect(within(past).queryByText('Certificate expiring soon!')).not.toBeInTheDocument();
    // Expired has its own colour and word, never the valid green; the Request button stays, with a note.
    expect(within(past).getByText('Certificate expired')).toBeInTheDocument();
    expect(past.querySelector('[data-expiry]')).toHaveClass('text-slate-700');
    expect(past.querySelector('[data-expiry]')).not.toHaveClass('text-green-700');
    expect(within(past).getByRole('button', { name: 'Request service from Past' })).toHaveAccessibleDescription(
      /certificate has expired\. You can still send a request/,
    );
    expect(within(later).queryByText(/You can still send a request/)).not.toBeInTheDocument();

    const unknown = screen.getByRole('article', { name: 'Unknown' });
    expect(within(unknown).getAllByText('Not specified')).toHaveLength(2);
    expect(within(unknown).getByRole('button', { name: 'Request service from Unknown' })).toBeInTheDocument();
  });

  it('shows Loading data... and empties the list when the load fails', async () => {
    let fail!: () => void;
    mockFetch({
      'GET /api/eiet-list': () =>
        new Promise((resolve) => {
          fail = () => resolve({ status: 500, body: { message: 'Server error.' } });
        }),
    });
    renderPage(EietListPage, '/eiet-list');
    expect(await screen.findByText('Loading data...')).toBeInTheDocument();
    fail();
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});

describe('pile company list', () => {
  const pile = (id: number, over: Partial<PileCompany> = {}): PileCompany => ({
    id,
    company_name: `Pile Co ${id}`,
    item: id === 1 ? 'Bored piling' : 'Sheet pile installation',
    address: 'Yangon',
    issue_certificate_date: null,
    certificate_expire_date: inDays(60),
    ...over,
  });

  it('lists the services, filters on service type, and warns 90 days ahead', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/pile-list': {
        body: { status: 'success', pileList: [pile(1), pile(2, { certificate_expire_date: inDays(120) })] },
      },
    });
    renderPage(PileListPage, '/pile-company-list');
    const services = screen.getByRole('list', { name: 'Services offered' });
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bored Piling',
      'Sheet Pile Installation',
      'Press Pile Services',
      'Foundation Engineering',
      'Pile Testing and Quality Control',
    ]);
    const first = await screen.findByRole('article', { name: 'Pile Co 1' });
    expect(within(first).getByText('Certificate expiring soon!')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Pile Co 2' })).queryByText('Certificate expiring soon!'),
    ).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Service type' }), 'bored');
    expect(screen.getByText('Total 1 company found')).toBeInTheDocument();
  });
});
