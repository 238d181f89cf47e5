import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18next from '../../lib/i18n';
import { renderRouter } from '../../test/render-route';
import { Component as NotFound } from './not-found';

beforeEach(async () => {
  await i18next.changeLanguage('en');
});

function renderAt(entries: string[]) {
  return renderRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/eiet-list', element: <p>eiet page</p> },
      { path: '*', element: <NotFound /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  ).router;
}

describe('not found page', () => {
  it('explains, offers the three ways out and sets the title', async () => {
    renderAt(['/nowhere']);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/moved or deleted, or the URL may be wrong/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'User Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'contact the committee' })).toHaveAttribute('href', '/contact');
    // Set in an effect: wait rather than assume it has run.
    await waitFor(() => expect(document.title).toBe('404 Page Not Found | HPBC'));
  });

  it('Go Back returns to the previous page when there is one', async () => {
    const router = renderAt(['/eiet-list']);
    await router.navigate('/nowhere');
    await userEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('eiet page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/eiet-list');
  });

  it('Go Back goes home when the page was opened directly', async () => {
    const router = renderAt(['/nowhere']);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
