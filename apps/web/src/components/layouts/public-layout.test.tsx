import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n';
import { renderRouter } from '../../test/render-route';
import { PublicLayout } from './public-layout';
import { SiteFooter } from './site-footer';

function renderAt(path: string) {
  return renderRouter([{ element: <PublicLayout />, children: [{ path: '*', element: <p>page</p> }] }], {
    initialEntries: [path],
  }).router;
}

/** The mobile menu panel (jsdom ignores media queries, so both navigations exist). */
function menuPanel(button: HTMLElement) {
  return document.getElementById(button.getAttribute('aria-controls')!)!;
}

beforeAll(() => {
  // ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

beforeEach(async () => {
  await i18next.changeLanguage('en');
});

describe('public layout', () => {
  it('marks the current section with aria-current, including pages below it', async () => {
    renderAt('/eiet-list/7');
    const links = screen.getAllByRole('link', { name: 'EIET List' });
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link', { name: 'Pile Company List' })[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('link', { name: /^HPBC\s*High-rise .*, home page$/ })).toHaveAttribute('href', '/');
  });

  it('opens the mobile menu, and closes it on Escape, outside click and navigation', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menuPanel(button)).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = menuPanel(button);
    expect(panel).toBeVisible();
    // The project list link is desktop only.
    expect(within(panel).queryByRole('link', { name: 'Project List' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByText('page'));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(within(menuPanel(button)).getByRole('link', { name: 'National Counterpart' }));
    expect(router.state.location.pathname).toBe('/national-counterpart');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu when the route changes by other means (Back, a redirect)', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    await router.navigate('/eiet-list');
    expect(await screen.findByRole('button', { name: 'Menu', expanded: false })).toBeInTheDocument();
  });

  it('switches language: texts change, html lang follows and the choice is remembered', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const [group] = screen.getAllByRole('group', { name: 'Language' });
    await user.click(within(group!).getByRole('button', { name: 'မြန်မာ' }));

    expect(await screen.findByRole('button', { name: 'မီနူး' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'EIET စာရင်း' }).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).toBe('my');
    expect(localStorage.getItem('hpbc.language')).toBe('my');
    expect(
      within(screen.getAllByRole('group', { name: 'ဘာသာစကား' })[0]!).getByRole('button', { name: 'မြန်မာ' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await user.click(
      within(screen.getAllByRole('group', { name: 'ဘာသာစကား' })[0]!).getByRole('button', { name: 'English' }),
    );
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('site footer', () => {
  function renderFooter(now: Date) {
    renderRouter([{ path: '/', element: <SiteFooter now={() => now} /> }]);
  }

  it('shows the year from the clock and the committee name', () => {
    renderFooter(new Date('2031-03-01T10:00:00'));
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2031 High-rise and Public Building projects Committee. All rights reserved.');
    for (const name of ['Privacy Policy', 'Terms of Service', 'Contact']) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href');
    }
  });

  it('writes the year in Burmese digits in Burmese', async () => {
    await i18next.changeLanguage('my');
    renderFooter(new Date('2031-03-01T10:00:00'));
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© ၂၀၃၁');
  });
});
