import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/auth-fixtures';
import { mockFetch, type MockAnswer } from '../../test/fetch-mock';
import { renderRoute } from '../../test/render-route';
import { authStore } from '../../lib/auth/auth-store';
import type { AuthUser } from '../../lib/auth/types';
import { AccountArea } from './account-area';
import { UserLayout } from './user-layout';

async function signedIn(user: AuthUser, extra: Parameters<typeof mockFetch>[0] = {}) {
  const http = mockFetch({
    'GET /api/user/profile': { body: { user, roles: [] } },
    'GET /api/user/status': {
      body: {
        status: {
          account: { label: 'Account active', color: 'green' },
          email: { label: 'Email not verified', color: 'yellow' },
        },
      },
    },
    ...extra,
  });
  localStorage.setItem('token', 'tok');
  authStore.reset();
  authStore.restore();
  await authStore.fetchUser();
  return http;
}

beforeEach(() => authStore.reset());
afterEach(() => vi.unstubAllGlobals());

describe('signed-in navigation', () => {
  it('offers Login and Register to a visitor', async () => {
    mockFetch({});
    await renderRoute(<AccountArea placement="bar" />, { path: '/eiet-list' });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('greets the user and opens the initials menu with Your Profile, Dashboard and Logout', async () => {
    await signedIn(makeUser({ name: 'aung min thu' }));
    await renderRoute(<AccountArea placement="bar" />, { path: '/eiet-list' });
    expect(await screen.findByText('Hello, aung min thu')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: /^aung min thu\s*account menu$/ });
    expect(button).toHaveTextContent('AMT');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup({ delay: null }).click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('offers Admin Dashboard instead of Dashboard to an admin', async () => {
    await signedIn(makeUser({ is_admin: true }));
    await renderRoute(<AccountArea placement="bar" />, { path: '/eiet-list' });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: /account menu/i }));
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('closes the menu on Escape (focus back on the button) and on a click outside', async () => {
    await signedIn(makeUser());
    await renderRoute(<AccountArea placement="bar" />, { path: '/eiet-list' });
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: /account menu/i });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    fireEvent.pointerDown(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out, forgets the login and goes to /, even when the server call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const http = await signedIn(makeUser(), { 'POST /api/user/logout': { status: 500, body: { message: 'x' } } });
    await renderRoute(<AccountArea placement="bar" />, { path: '/eiet-list' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('/ page at /')).toBeInTheDocument();
    expect(http.count('POST /api/user/logout')).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('falls back to "User" initials before the name is known', async () => {
    mockFetch({ 'GET /api/user/profile': () => new Promise<MockAnswer>(() => {}) });
    localStorage.setItem('token', 'tok');
    authStore.reset();
    authStore.restore();
    await renderRoute(<AccountArea placement="bar" />, { path: '/eiet-list' });
    expect(await screen.findByRole('button', { name: /account menu/i })).toHaveTextContent('User');
  });
});

describe('user-area layout', () => {
  it("has the 'User Dashboard' bar, the status chips and the Dashboard link", async () => {
    await signedIn(makeUser({ name: 'Su Su' }));
    await renderRoute(<UserLayout />, { path: '/user/x', pattern: '/user/x' });
    expect(await screen.findByText('User Dashboard')).toBeInTheDocument();
    const chips = await screen.findByRole('list', { name: 'Account status' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Account active', 'Email not verified']);
    expect(within(chips).getAllByRole('listitem')[1]!.firstElementChild).toHaveClass('bg-yellow-100');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.getByRole('button', { name: /^Su Su\s*account menu$/ })).toHaveTextContent('Su Su');
  });

  it("gives the way back to the site: its sections, and a logo that leads to the user's dashboard", async () => {
    await signedIn(makeUser({ name: 'Su Su' }));
    await renderRoute(<UserLayout />, { path: '/user/x', pattern: '/user/x' });
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'EIET List' })).toHaveAttribute('href', '/eiet-list');
    expect(within(main).getByRole('link', { name: 'Project List' })).toHaveAttribute('href', '/project-list');
    expect(within(main).getByRole('link', { name: 'National Counterpart' })).toHaveAttribute(
      'href',
      '/national-counterpart',
    );
    // The home page would only send a signed-in user on to the dashboard: the logo goes there directly.
    expect(screen.getByRole('link', { name: /^HPBC.*, your dashboard$/ })).toHaveAttribute('href', '/user/dashboard');
  });

  it('says the session has ended when a 401 cleared the login', async () => {
    await signedIn(makeUser());
    await renderRoute(<UserLayout />, { path: '/user/x', pattern: '/user/x' });
    await screen.findByText('User Dashboard');
    authStore.clearAuth();
    expect(await screen.findByText('Your session has ended')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('says the account was deactivated when the 401 said so', async () => {
    let deactivated = false;
    const user = makeUser();
    await signedIn(user, {
      'GET /api/user/profile': (): MockAnswer =>
        deactivated
          ? { status: 401, body: { message: 'Unauthenticated.', status: 'inactive' } }
          : { body: { user, roles: [] } },
    });
    await renderRoute(<UserLayout />, { path: '/user/x', pattern: '/user/x' });
    await screen.findByText('User Dashboard');
    deactivated = true;
    await authStore.fetchUser().catch(() => {});
    expect(await screen.findByText('Your account has been deactivated')).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended')).not.toBeInTheDocument();
  });
});
