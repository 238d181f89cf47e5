import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { PasswordChangeForm } from './password-change-form';

afterEach(() => vi.unstubAllGlobals());

async function openForm() {
  await renderRoute(<PasswordChangeForm />, { path: '/user/profile' });
  const user = userEvent.setup({ delay: null });
  const opener = await screen.findByRole('button', { name: 'Change Password' });
  expect(opener).toHaveAttribute('aria-expanded', 'false');
  await user.click(opener);
  expect(opener).toHaveAttribute('aria-expanded', 'true');
  return { user, opener };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('Password change', () => {
  it('has the three password fields, named and marked for password managers', async () => {
    await openForm();
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('name', 'current_password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    const next = screen.getByLabelText('New password');
    expect(next).toHaveAttribute('name', 'password');
    expect(next).toHaveAttribute('type', 'password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    expect(next).toHaveAccessibleDescription('At least 8 characters. Avoid common passwords.');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('name', 'password_confirmation');
    for (const field of [current, next, screen.getByLabelText('Confirm new password')]) expect(field).toBeRequired();
  });

  it('checks with the shared schema before sending', async () => {
    const http = mockFetch({});
    const { user } = await openForm();
    await fill(user, '', 'a-new-password', 'different');
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'The current password field is required.',
    );
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      /The password confirmation does not match\./,
    );
    expect(http.calls).toHaveLength(0);
  });

  it('shows the first server message under its field and keeps what was typed', async () => {
    mockFetch({
      'PUT /api/user/password': {
        status: 422,
        body: { message: 'x', errors: { current_password: ['The password is incorrect.', 'second'] } },
      },
    });
    const { user } = await openForm();
    await fill(user, 'wrong-password', 'a-new-password', 'a-new-password');
    const current = screen.getByLabelText('Current password');
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveValue('wrong-password');
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });

  it('says the server message, or its own text when no answer arrives', async () => {
    mockFetch({ 'PUT /api/user/password': { status: 429, body: { message: 'Too many attempts.' } } });
    const { user } = await openForm();
    await fill(user, 'old-password', 'a-new-password', 'a-new-password');
    expect(await screen.findByText('Too many attempts.')).toBeInTheDocument();
    mockFetch({ 'PUT /api/user/password': () => Promise.reject(new TypeError('offline')) });
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Failed to change password. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Too many attempts.')).not.toBeInTheDocument();
  });

  it('on success closes the form, says so and returns focus to the button', async () => {
    const http = mockFetch({ 'PUT /api/user/password': { body: { message: 'ok' } } });
    const { user, opener } = await openForm();
    await fill(user, 'old-password', 'a-new-password', 'a-new-password');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(http.calls[0]!.body).toEqual({
      current_password: 'old-password',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(opener).toHaveFocus();
    await user.click(opener);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
