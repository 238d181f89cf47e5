import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_DOCUMENTS } from '@hpbc/shared';
import i18next from '../../lib/i18n';
import { mockFetch } from '../../test/fetch-mock';
import { Component as LibraryPage } from './library';
import { renderRouter } from '../../test/render-route';

configure({ asyncUtilTimeout: 5000 });

function renderAt(path: string) {
  const { router } = renderRouter([{ path: '/library', element: <LibraryPage /> }], { initialEntries: [path] });
  return router;
}

const VIEWER_PARAMS = 'toolbar=0&navpanes=0&scrollbar=1&view=FitH&zoom=100';

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'pdfViewerEnabled', { value: true, configurable: true });
});

describe('library', () => {
  it('lists the eight volumes and asks to choose one', async () => {
    renderAt('/library');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Myanmar National Building Code' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Digital Library 2025')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Document Library' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(LIBRARY_DOCUMENTS.map((d) => d.title));
    expect(screen.getByText('Select a document')).toBeInTheDocument();
    expect(screen.getByText('Choose a document from the sidebar to view its contents')).toBeInTheDocument();
  });

  it('shows the chosen volume in the viewer with the section 9 parameters and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const router = renderAt('/library');
    await user.click(await screen.findByRole('link', { name: 'Part 6: Building Materials' }));
    expect(router.state.location.search).toBe('?doc=7');
    // Focus follows the choice, so keyboard and screen-reader users land on the document.
    expect(screen.getByRole('heading', { level: 2, name: 'Part 6: Building Materials' })).toHaveFocus();
    for (const text of ['Updated: 2025', 'Format: PDF', 'Official Document'])
      expect(screen.getByText(text)).toBeInTheDocument();
    const viewer = screen.getByLabelText('Part 6: Building Materials (PDF)');
    expect(viewer).toHaveAttribute('src', `/documents/library/part-7.pdf#${VIEWER_PARAMS}`);
    expect(screen.getByRole('link', { name: 'Part 6: Building Materials' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens a volume at the page a link names', async () => {
    renderAt('/library?doc=3&page=4');
    const viewer = await screen.findByLabelText(/Parts 3 & 4.*\(PDF\)/);
    expect(viewer).toHaveAttribute('src', `/documents/library/part-3.pdf#page=4&${VIEWER_PARAMS}`);
    expect(screen.getByText('Opened at page 4')).toBeInTheDocument();
  });

  it('shows the viewer fullscreen, locks page scrolling, and closes with Escape or the close button', async () => {
    const user = userEvent.setup();
    renderAt('/library?doc=1');
    await user.click(await screen.findByRole('button', { name: 'Fullscreen' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText(/Part 1.*\(PDF\)/)).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    await user.click(screen.getByRole('button', { name: 'Fullscreen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close fullscreen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('blocks right-click on the viewer and Ctrl+S / Ctrl+P while a volume is shown', async () => {
    renderAt('/library?doc=2');
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(fireEvent.contextMenu(viewer)).toBe(false);
    expect(fireEvent.keyDown(window, { key: 's', ctrlKey: true })).toBe(false);
    expect(fireEvent.keyDown(window, { key: 'P', ctrlKey: true })).toBe(false);
    expect(fireEvent.keyDown(window, { key: 'p', metaKey: true })).toBe(false);
    expect(fireEvent.keyDown(window, { key: 'c', ctrlKey: true })).toBe(true);
  });

  it('offers a download where the browser cannot show PDFs', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    renderAt('/library?doc=5');
    const link = await screen.findByRole('link', { name: 'Download the PDF' });
    expect(link).toHaveAttribute('href', '/documents/library/part-5.pdf');
    expect(screen.queryByLabelText(/\(PDF\)/)).not.toBeInTheDocument();
  });

  it('searches, shows volume, page and the marked words as text, and opens a hit at its page', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/library/search': {
        body: {
          data: [
            {
              document_id: 3,
              title: 'Parts 3 & 4: Structural Design & Soil Foundation',
              page_number: 4,
              snippet: '… the potential for <mark>liquefaction</mark> &lt;b&gt;shall&lt;/b&gt; be assessed …',
            },
          ],
        },
      },
    });
    const router = renderAt('/library');
    await user.type(await screen.findByRole('searchbox', { name: 'Search the building code' }), 'liquefaction');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 page found for “liquefaction”')).toBeInTheDocument();
    const hit = screen.getByRole('link', { name: /^Parts 3 & 4.*Page 4/ });
    expect(within(hit).getByText('Page 4')).toBeInTheDocument();
    expect(hit.querySelector('mark')).toHaveTextContent('liquefaction');
    // Escaped text stays text: no <b> element appears.
    expect(hit.querySelector('b')).toBeNull();
    expect(hit).toHaveTextContent('<b>shall</b>');

    await user.click(hit);
    await waitFor(() => expect(router.state.location.search).toBe('?doc=3&page=4&q=liquefaction'));
    expect(screen.getByLabelText(/Parts 3 & 4.*\(PDF\)/)).toHaveAttribute(
      'src',
      `/documents/library/part-3.pdf#page=4&${VIEWER_PARAMS}`,
    );
  });

  it('says when nothing is found and when searching too often', async () => {
    mockFetch({ 'GET /api/library/search': { body: { data: [] } } });
    renderAt('/library?q=zzz');
    expect(await screen.findByText('No pages found for “zzz”.')).toBeInTheDocument();
    vi.unstubAllGlobals();
    mockFetch({ 'GET /api/library/search': { status: 429, body: { message: 'Too many attempts.' } } });
    renderAt('/library?q=again');
    expect(await screen.findByText(/Too many searches/)).toBeInTheDocument();
  });
});
