import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/auth-fixtures';
import { mockFetch } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { authStore } from '../../../lib/auth/auth-store';
import { signIn } from '../api/sign-in';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';
import { VerifyEmailPanel } from './verify-email-panel';

beforeEach(() => authStore.reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fillLogin(email = 'a@b.test', password = 'secret-password') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('Login', () => {
  it('has the title, remember me and the two links', async () => {
    await renderRoute(<LoginForm />, { path: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('stores the token and goes to / on success', async () => {
    const http = mockFetch({ 'POST /api/user/login': { body: { token: 't1', user: makeUser(), roles: [] } } });
    await renderRoute(<LoginForm />, { path: '/login' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText('Remember me'));
    await fillLogin();
    expect(await screen.findByText('/ page at /')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('t1');
    expect(http.calls[0]!.body).toMatchObject({ remember: true, type: 'user' });
  });

  it('shows the first server error under the email field', async () => {
    mockFetch({
      'POST /api/user/login': {
        status: 422,
        body: { message: 'x', errors: { email: ['These credentials do not match our records.', 'second'] } },
      },
    });
    await renderRoute(<LoginForm />, { path: '/login' });
    await fillLogin();
    const field = screen.getByLabelText('Email address');
    expect(await screen.findAllByText('These credentials do not match our records.')).not.toHaveLength(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });

  it('checks only that both fields are filled, and leaves the e-mail format to the server (section 5)', async () => {
    const http = mockFetch({
      'POST /api/user/login': {
        status: 422,
        body: { message: 'x', errors: { email: ['The email must be a valid email address.'] } },
      },
    });
    await renderRoute(<LoginForm />, { path: '/login' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('The email field is required.')).not.toHaveLength(0);
    expect(http.count('POST /api/user/login')).toBe(0);
    await fillLogin('not-an-address');
    expect(await screen.findAllByText('The email must be a valid email address.')).not.toHaveLength(0);
    expect(http.count('POST /api/user/login')).toBe(1);
  });

  it('says an unexpected error occurred when no answer arrives', async () => {
    mockFetch({ 'POST /api/user/login': () => Promise.reject(new TypeError('offline')) });
    await renderRoute(<LoginForm />, { path: '/login' });
    await fillLogin();
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('shows the Account Inactive notice', async () => {
    mockFetch({ 'POST /api/user/login': { status: 403, body: { status: 'inactive', message: 'Account inactive' } } });
    await renderRoute(<LoginForm />, { path: '/login' });
    await fillLogin();
    expect(await screen.findByText('Account Inactive')).toBeInTheDocument();
    expect(
      screen.getByText('Your account is currently inactive. Please contact the administrator for assistance.'),
    ).toBeInTheDocument();
  });

  it('shows the verification notice with a resend link, then the sent notice', async () => {
    const http = mockFetch({
      'POST /api/user/login': {
        status: 403,
        body: { verification_required: true, user: makeUser({ email: 'new@b.test', email_verified_at: null }) },
      },
      'POST /api/user/email/verification/resend': { body: { verification_sent: true, message: 'sent' } },
    });
    await renderRoute(<LoginForm />, { path: '/login' });
    const user = await fillLogin('new@b.test');
    expect(await screen.findByText('Email verification required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('A verification link has been sent to your email address. Please check your inbox.'),
    ).toBeInTheDocument();
    expect(http.calls.at(-1)!.body).toEqual({ email: 'new@b.test' });
  });

  it('after registering, a login attempt shows both the verification notice and the sent notice', async () => {
    const unverified = makeUser({ email_verified_at: null });
    mockFetch({
      'POST /api/user/register': { status: 201, body: { verification_sent: true, user: unverified } },
      'POST /api/user/login': { status: 403, body: { verification_required: true, user: unverified } },
    });
    await signIn.register({ name: 'A', email: 'a@b.test', password: 'p', password_confirmation: 'p', terms: true });
    await renderRoute(<LoginForm />, { path: '/login' });
    expect(
      await screen.findByText('A verification link has been sent to your email address. Please check your inbox.'),
    ).toBeInTheDocument();
    await fillLogin();
    expect(await screen.findByText('Email verification required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });

  it('shows the resend failure: the server message, or its own text without an answer', async () => {
    authStore.setVerificationRequired(true);
    mockFetch({ 'POST /api/user/email/verification/resend': () => Promise.reject(new TypeError('offline')) });
    await renderRoute(<LoginForm />, { path: '/login' });
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to resend verification email. Please try again.')).toBeInTheDocument();
  });

  it('tells the result of the e-mail link from ?verified=', async () => {
    const first = await renderRoute(<LoginForm />, { path: '/login?verified=success' });
    expect(
      await screen.findByText('Your email has been verified successfully! You can now log in.'),
    ).toBeInTheDocument();
    first.unmount();
    await renderRoute(<LoginForm />, { path: '/login?verified=already' });
    expect(
      await screen.findByText('Email verification failed. Please try again or contact support.'),
    ).toBeInTheDocument();
  });

  it('is in Burmese when Burmese is chosen', async () => {
    await renderRoute(<LoginForm />, { path: '/login', language: 'my' });
    expect(await screen.findByRole('heading', { level: 1, name: 'သင့်အကောင့်သို့ ဝင်ရောက်ပါ' })).toBeInTheDocument();
  });
});

describe('Register', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Full name'), 'Aung Aung');
    await user.type(screen.getByLabelText('Email address'), 'aung@b.test');
    await user.type(screen.getByLabelText(/^Password/), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-password');
  }

  it('keeps submit disabled until the terms are accepted', async () => {
    await renderRoute(<RegisterForm />, { path: '/register' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy'));
    expect(submit).toBeEnabled();
  });

  it('after a verification mail, says so and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'POST /api/user/register': {
        status: 201,
        body: { verification_sent: true, user: makeUser({ email_verified_at: null }), message: 'ok' },
      },
    });
    await renderRoute(<RegisterForm />, { path: '/register' });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await fill(user);
    await user.click(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/We have sent a verification link to aung@b.test/)).toBeInTheDocument();
    expect(screen.queryByText('/login page at /login')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
  });

  it('shows the first server message under each field, keeping what was typed', async () => {
    mockFetch({
      'POST /api/user/register': {
        status: 422,
        body: { message: 'x', errors: { email: ['The email has already been taken.'] } },
      },
    });
    await renderRoute(<RegisterForm />, { path: '/register' });
    const user = userEvent.setup({ delay: null });
    await fill(user);
    await user.click(screen.getByLabelText('I agree to the Terms of Service and Privacy Policy'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('The email has already been taken.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Full name')).toHaveValue('Aung Aung');
  });

  it('checks the fields with the shared schema before sending', async () => {
    const http = mockFetch({});
    await renderRoute(<RegisterForm />, { path: '/register' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText('I agree to the Terms of Service and Privacy Policy'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText('The name field is required.')).toBeInTheDocument();
    expect(http.fn).not.toHaveBeenCalled();
  });
});

describe('Forgot password', () => {
  it('sends the link and says so', async () => {
    mockFetch({ 'POST /api/user/forgot-password': { body: { message: 'x' } } });
    await renderRoute(<ForgotPasswordForm />, { path: '/forgot-password' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email address'), 'a@b.test');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
    expect(await screen.findByText('Password reset link has been sent to your email.')).toBeInTheDocument();
  });

  it('shows the e-mail message, or the unexpected-error text without an answer', async () => {
    mockFetch({
      'POST /api/user/forgot-password': { status: 422, body: { message: 'x', errors: { email: ['Bad email.'] } } },
    });
    const view = await renderRoute(<ForgotPasswordForm />, { path: '/forgot-password' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email address'), 'a@b.test');
    await user.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
    expect(await screen.findByText('Bad email.')).toBeInTheDocument();
    view.unmount();

    mockFetch({ 'POST /api/user/forgot-password': () => Promise.reject(new TypeError('offline')) });
    await renderRoute(<ForgotPasswordForm />, { path: '/forgot-password' });
    await user.type(await screen.findByLabelText('Email address'), 'a@b.test');
    await user.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });
});

describe('Reset password', () => {
  it('without a token says the link is invalid', async () => {
    await renderRoute(<ResetPasswordForm />, { path: '/reset-password' });
    expect(await screen.findByText('Invalid password reset link. Please request a new one.')).toBeInTheDocument();
  });

  it('reads the email from the query and checks that the passwords match', async () => {
    const http = mockFetch({});
    await renderRoute(<ResetPasswordForm />, { path: '/reset-password?token=tk&email=a%40b.test' });
    expect(await screen.findByLabelText('Email address')).toHaveValue('a@b.test');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'first-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'other-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findAllByText('Passwords do not match.')).not.toHaveLength(0);
    expect(http.fn).not.toHaveBeenCalled();
  });

  it('names a token error', async () => {
    mockFetch({
      'POST /api/user/reset-password': { status: 422, body: { message: 'x', errors: { token: ['invalid'] } } },
    });
    await renderRoute(<ResetPasswordForm />, { path: '/reset-password?token=tk&email=a%40b.test' });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'first-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'first-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Invalid or expired token. Please request a new password reset link.'),
    ).toBeInTheDocument();
  });

  it('after success says so and goes to /login after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const http = mockFetch({ 'POST /api/user/reset-password': { body: { message: 'ok' } } });
    await renderRoute(<ResetPasswordForm />, { path: '/reset-password?token=tk&email=a%40b.test' });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText(/^New password/), 'first-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'first-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset successfully.')).toBeInTheDocument();
    expect(http.calls[0]!.body).toEqual({
      token: 'tk',
      email: 'a@b.test',
      password: 'first-password',
      password_confirmation: 'first-password',
    });
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(await screen.findByText('/login page at /login')).toBeInTheDocument();
  });
});

describe('Email verification screen', () => {
  const pattern = '/email/verify/:id/:hash';

  it('checks the link and offers Go to Login on success', async () => {
    const http = mockFetch({ 'GET /api/user/email/verify/7/abc': { body: { verified: true, message: 'ok' } } });
    await renderRoute(<VerifyEmailPanel />, { path: '/email/verify/7/abc?expires=99&signature=sig', pattern });
    expect(
      await screen.findByText('Your email has been verified successfully! You can now log in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login?verified=success');
    expect(http.fn.mock.calls[0]![0]).toBe('/api/user/email/verify/7/abc?expires=99&signature=sig');
  });

  it('on failure shows the resend form; after a resend the form gives way to the sent notice', async () => {
    mockFetch({
      'GET /api/user/email/verify/7/abc': { status: 403, body: { verified: false, message: 'Invalid' } },
      'POST /api/user/email/verification/resend': { body: { verification_sent: true } },
    });
    await renderRoute(<VerifyEmailPanel />, { path: '/email/verify/7/abc?expires=1&signature=bad', pattern });
    expect(
      await screen.findByText('Email verification failed. The link may be invalid or expired.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Email address'), 'a@b.test');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
  });

  it('without link parameters shows only the resend form', async () => {
    const http = mockFetch({});
    await renderRoute(<VerifyEmailPanel />, { path: '/verify-email' });
    expect(await screen.findByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    expect(screen.queryByText(/Email verification failed/)).not.toBeInTheDocument();
    expect(http.fn).not.toHaveBeenCalled();
  });

  it('tells a signed-in user whose address is already verified so, and leads to the dashboard', async () => {
    mockFetch({
      'GET /api/user/profile': { body: { user: makeUser({ email: 'done@b.test' }), roles: [] } },
    });
    localStorage.setItem('token', 'tok');
    authStore.restore();
    await authStore.fetchUser();
    await renderRoute(<VerifyEmailPanel />, { path: '/verify-email' });
    expect(await screen.findByText('Your email address is verified')).toBeInTheDocument();
    expect(screen.getByText(/done@b\.test is already verified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
  });
});
