import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n';
import { renderRouter } from '../../test/render-route';
import { Component as Home } from './home';

async function renderHome(language: 'en' | 'my') {
  await i18next.changeLanguage(language);
  renderRouter([{ path: '/', element: <Home /> }]);
  return screen.findByRole('heading', { level: 1 });
}

describe('home page', () => {
  it('shows the figures, disciplines, guidelines and a library link that opens a new tab', async () => {
    await renderHome('en');
    const stats = screen.getByRole('region', { name: 'At a glance' });
    for (const figure of ['200+', '20+', '100%', '24', '156'])
      expect(within(stats).getByText(figure)).toBeInTheDocument();
    const disciplines = screen.getByRole('region', { name: 'Review disciplines' });
    expect(within(disciplines).getAllByRole('listitem')).toHaveLength(7);
    const guidelines = screen.getByRole('region', { name: 'Guidelines' });
    expect(within(guidelines).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(/Formerly CQHP, the committee has served since 2003/)).toBeInTheDocument();

    const library = screen.getByRole('link', { name: 'Open the Digital Library (opens in a new tab)' });
    expect(library).toHaveAttribute('href', '/library');
    expect(library).toHaveAttribute('target', '_blank');
    expect(library).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // The title is set in an effect, which may run after the heading appears on a busy machine.
    await waitFor(() => expect(document.title).toBe('Home | HPBC'));
  });

  it('is written in Burmese when Burmese is chosen', async () => {
    const title = await renderHome('my');
    expect(title).toHaveTextContent('မြန်မာနိုင်ငံအတွက်');
    expect(screen.getByText('၂၀၀+')).toBeInTheDocument();
  });
});
