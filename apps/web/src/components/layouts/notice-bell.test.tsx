import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoute } from '../../test/render-route';
import { authStore } from '../../lib/auth/auth-store';
import { NoticeBell } from './notice-bell';

function unread(n: number) {
  mockFetch({ 'GET /api/notices/unread-count': { body: { data: { unread: n } } } });
  localStorage.setItem('token', 'tok');
  authStore.reset();
  authStore.restore();
}

beforeEach(() => authStore.reset());
afterEach(() => vi.unstubAllGlobals());

describe('the notice bell', () => {
  it('says how many are unread, the number shown on it', async () => {
    unread(3);
    await renderRoute(<NoticeBell />, { path: '/user/dashboard' });
    const bell = await screen.findByRole('link', { name: 'Notices, 3 unread' });
    expect(bell).toHaveTextContent('3');
  });

  it('over 99 shows 99+ and its name holds what it shows (speech input says what it sees)', async () => {
    unread(107);
    await renderRoute(<NoticeBell />, { path: '/user/dashboard' });
    const bell = await screen.findByRole('link', { name: 'Notices, 99+ unread' });
    expect(bell).toHaveTextContent('99+');
    expect(bell.getAttribute('aria-label')).toContain(bell.textContent!.trim());
  });
});
