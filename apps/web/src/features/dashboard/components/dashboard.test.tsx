import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@hpbc/shared';
import { makeUser, ROLE } from '../../../test/auth-fixtures';
import { mockFetch } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { authStore } from '../../../lib/auth/auth-store';
import { UserDashboard } from './user-dashboard';

async function signedIn(roles: Role[]) {
  mockFetch({ 'GET /api/user/profile': { body: { user: makeUser({ name: 'Su Su' }), roles } } });
  localStorage.setItem('token', 'tok');
  authStore.reset();
  authStore.restore();
  await authStore.fetchUser();
}

beforeEach(() => authStore.reset());
afterEach(() => vi.unstubAllGlobals());

describe('User dashboard', () => {
  it('welcomes the user and shows Basic without roles, and no role cards', async () => {
    await signedIn([]);
    await renderRoute(<UserDashboard />, { path: '/user/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Su Su' })).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: /Your roles/ });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Basic']);
    expect(screen.queryByRole('link', { name: 'EIET Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByText('No work area yet')).toBeInTheDocument();
    // Form One gives the project role: the Basic dashboard says so and leads there.
    expect(
      screen.getByText(/Submitting Form One for a project gives your account the Project role/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Form One' })).toHaveAttribute('href', '/form-one');
  });

  it('shows a badge and a card per role, with the specification texts', async () => {
    await signedIn([ROLE.project, ROLE.national, ROLE.eiet]);
    await renderRoute(<UserDashboard />, { path: '/user/dashboard' });
    const badges = await screen.findByRole('list', { name: /Your roles/ });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Project', 'National Counterpart', 'EIET']);
    expect(screen.getByRole('link', { name: 'Project Dashboard' })).toHaveAttribute('href', '/user/projects/dashboard');
    expect(screen.getByRole('link', { name: 'National Counterpart Dashboard' })).toHaveAttribute(
      'href',
      '/user/national/dashboard',
    );
    expect(screen.getByRole('link', { name: 'EIET Dashboard' })).toHaveAttribute('href', '/user/eiet/dashboard');
    expect(screen.getByText('Checking SLA')).toBeInTheDocument();
    expect(screen.getByText('6 Scheduled Inspections')).toBeInTheDocument();
  });

  it('shows only the cards of the roles held', async () => {
    await signedIn([ROLE.eiet]);
    await renderRoute(<UserDashboard />, { path: '/user/dashboard' });
    expect(await screen.findByText('6 Scheduled Inspections')).toBeInTheDocument();
    expect(screen.queryByText('Checking SLA')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Project Dashboard' })).not.toBeInTheDocument();
  });

  it('names the roles in Burmese, with the glossary term', async () => {
    await signedIn([ROLE.national]);
    await renderRoute(<UserDashboard />, { path: '/user/dashboard', language: 'my' });
    const badges = await screen.findByRole('list', { name: /သင့်အခန်းကဏ္ဍများ/ });
    expect(badges).toHaveTextContent('နိုင်ငံသား တွဲဖက်ပညာရှင်');
    expect(badges).not.toHaveTextContent('National Counterpart');
  });
});
