import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/auth-fixtures';
import { deferred, mockFetch, type MockAnswer } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { authStore } from '../../../lib/auth/auth-store';
import type { AuthUser } from '../../../lib/auth/types';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileView } from './profile-view';

function stubProfile(answer: MockAnswer, extra: Record<string, MockAnswer> = {}) {
  const http = mockFetch({ 'GET /api/user/profile': answer, ...extra });
  localStorage.setItem('token', 'tok');
  authStore.reset();
  authStore.restore();
  return http;
}

async function signedIn(user: AuthUser, extra: Record<string, MockAnswer> = {}) {
  const http = stubProfile({ body: { user, roles: [] } }, extra);
  await authStore.fetchUser();
  return http;
}

beforeEach(() => authStore.reset());
afterEach(() => vi.unstubAllGlobals());

describe('Profile', () => {
  it('shows the details with Verified, the long US date with hour and minute, and Not provided', async () => {
    await signedIn(makeUser({ created_at: '2026-01-05T08:34:00.000Z', phone: null, address: null }));
    await renderRoute(<ProfileView />, { path: '/user/profile' });
    expect(await screen.findByText('Aung Min Thu')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getAllByText('Not provided')).toHaveLength(2);
    expect(screen.getByText('January 5, 2026 at 03:04 PM (Myanmar time)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/user/profile/edit');
  });

  it('shows Not Verified and N/A', async () => {
    await signedIn(makeUser({ email_verified_at: null, created_at: null as unknown as string, phone: '09 123' }));
    await renderRoute(<ProfileView />, { path: '/user/profile' });
    expect(await screen.findByText('Not Verified')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('09 123')).toBeInTheDocument();
  });

  it('shows the loading state, then the load failure with a retry', async () => {
    // The failure is held back until the loading state has been seen, so the order is certain.
    const gate = deferred<MockAnswer>();
    mockFetch({ 'GET /api/user/profile': () => gate.promise });
    localStorage.setItem('token', 'tok');
    authStore.reset();
    authStore.restore();
    await renderRoute(<ProfileView />, { path: '/user/profile' });
    expect(await screen.findByText('Loading profile...')).toBeInTheDocument();
    gate.resolve({ status: 500, body: { message: 'Server error.' } });
    expect(await screen.findByText('Failed to load profile data. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when the login has ended, says so and Go to Login forgets the stored login', async () => {
    stubProfile({ status: 401, body: { message: 'Unauthenticated.' } });
    await renderRoute(<ProfileView />, { path: '/user/profile' });
    const dialog = await screen.findByRole('dialog', { name: 'Authentication Error' });
    expect(within(dialog).getByText('User profile data is not available. Please log in again.')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: 'Go to Login' }));
    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('Profile edit', () => {
  it('saves, tells Success! and goes to the profile; sends no password when none is typed', async () => {
    const http = await signedIn(makeUser(), {
      'POST /api/user/profile': { body: { user: makeUser({ name: 'New Name' }), message: 'ok' } },
    });
    await renderRoute(<ProfileEditForm />, { path: '/user/profile/edit' });
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText('Name');
    expect(screen.getByLabelText('Phone Number (optional)')).toHaveAttribute('placeholder', 'e.g. 09 420 000 111');
    expect(screen.getByLabelText('Address (optional)')).toHaveAttribute('placeholder', 'Your full address');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.clear(name);
    await user.type(name, 'New Name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(dialog).getByText('Your profile has been updated successfully.')).toBeInTheDocument();
    const body = http.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'New Name', email: 'aung@example.test' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('current_password');
    expect(authStore.getState().user?.name).toBe('New Name');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('/user/profile page at /user/profile')).toBeInTheDocument();
  });

  it('on 422 shows Validation Error, the first message under each field, and keeps what was typed', async () => {
    const http = await signedIn(makeUser(), {
      'POST /api/user/profile': {
        status: 422,
        body: { message: 'x', errors: { email: ['The email has already been taken.', 'second'] } },
      },
    });
    await renderRoute(<ProfileEditForm />, { path: '/user/profile/edit' });
    const user = userEvent.setup({ delay: null });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@b.test');
    await user.type(screen.getByLabelText(/^New Password/), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-password');
    await user.type(screen.getByLabelText('Current password'), 'Old passphrase 1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validation Error' });
    expect(within(dialog).getByText('Please check the form for errors.')).toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Email')).toHaveValue('taken@b.test');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/The email has already been taken\./);
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });

  it('leaves the phone and password rules to the server, whose 422 opens the Validation Error dialog', async () => {
    const http = await signedIn(makeUser(), {
      'POST /api/user/profile': {
        status: 422,
        body: {
          message: 'x',
          errors: {
            phone: ['The phone must be a valid phone number.'],
            password: ['The password must be at least 8 characters.'],
          },
        },
      },
    });
    await renderRoute(<ProfileEditForm />, { path: '/user/profile/edit' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Phone Number/), 'call me');
    await user.type(screen.getByLabelText(/^New Password/), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.type(screen.getByLabelText('Current password'), 'Old passphrase 1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('dialog', { name: 'Validation Error' })).toBeInTheDocument();
    expect(http.count('POST /api/user/profile')).toBe(1);
  });

  it('asks for the current password only when the e-mail or the password changes, and sends it then', async () => {
    const http = await signedIn(makeUser(), {
      'POST /api/user/profile': { body: { user: makeUser(), message: 'ok' } },
    });
    await renderRoute(<ProfileEditForm />, { path: '/user/profile/edit' });
    const user = userEvent.setup({ delay: null });
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New Password/), 'x');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    await user.clear(screen.getByLabelText(/^New Password/));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    // Only the capitals of the address: the same address, no question.
    await user.clear(email);
    await user.type(email, 'AUNG@example.test');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'new@example.test');
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAccessibleDescription(/needs your current password/);
    // Without it the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(http.count('POST /api/user/profile')).toBe(0);
    expect(current).toHaveAccessibleDescription(/The current password field is required\./);
    await user.type(current, 'Old passphrase 1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(http.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      email: 'new@example.test',
      current_password: 'Old passphrase 1',
    });
  });

  it('on another failure shows Error', async () => {
    await signedIn(makeUser(), { 'POST /api/user/profile': { status: 500, body: { message: 'Server error.' } } });
    await renderRoute(<ProfileEditForm />, { path: '/user/profile/edit' });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Failed to update profile. Please try again.')).toBeInTheDocument();
  });
});
