import type { Page } from '@playwright/test';
import {
  createVerifiedUser,
  expect,
  expectNoA11yViolations,
  signInAs,
  test,
  uniqueEmail,
  useBurmese,
  verificationLink,
} from './fixtures';
import { BASE_URL } from './support/ports';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function loginThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('accounts', () => {
  test('register → verification mail → link → login → dashboard → profile edit → logout', async ({ page, mail }) => {
    const email = uniqueEmail('journey');
    const password = 'Kyaw-Zin-Tower-2026';
    const since = new Date(Date.now() - 1000);

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Full name').fill('Kyaw Zin Oo');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    const submit = page.getByRole('button', { name: 'Create account' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    await submit.click();
    await expect(page.getByText(`We have sent a verification link to ${email}`)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Before the link is opened, signing in asks for verification.
    await loginThroughForm(page, email, password);
    await expect(page.getByText('Email verification required')).toBeVisible();

    await page.goto(await verificationLink(mail, email, since));
    await expect(page.getByText('Your email has been verified successfully! You can now log in.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login\?verified=success$/);
    await expect(page.getByText('Your email has been verified successfully! You can now log in.')).toBeVisible();

    await loginThroughForm(page, email, password);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Kyaw Zin Oo' })).toBeVisible();
    await expect(page.getByRole('list', { name: /Your roles/ })).toHaveText('Basic');
    await expect(page.getByRole('list', { name: 'Account status' })).toContainText('Email verified');

    await page.getByRole('button', { name: 'Kyaw Zin Oo account menu' }).click();
    await page.getByRole('link', { name: 'Your Profile', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByLabel('Phone Number (optional)').fill('09 420 123 456');
    await page.getByLabel('Address (optional)').fill('No. 12, Pyay Road, Kamayut, Yangon');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Success!' });
    await expect(dialog).toContainText('Your profile has been updated successfully.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByText('09 420 123 456')).toBeVisible();

    await page.getByRole('button', { name: 'Kyaw Zin Oo account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('forgot password → mail → reset → login with the new password', async ({ page, mail, request }) => {
    const email = await createVerifiedUser(request, mail, 'Hla Hla', 'First-Password-2026');
    const since = new Date(Date.now() - 1000);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login page has an "Email address" field too: fill only once the new page is there.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await expect(page.getByText('Password reset link has been sent to your email.')).toBeVisible();

    const message = await mail.waitFor({ to: email, subject: /Reset your password/, since });
    const link = message.links.find((l) => l.includes('/reset-password?'));
    expect(link, 'reset link in the mail').toBeTruthy();
    await page.goto(link!);
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByLabel('New password', { exact: true }).fill('Second-Password-2026');
    await page.getByLabel('Confirm new password').fill('Other-Password-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match.').first()).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Second-Password-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password has been reset successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await loginThroughForm(page, email, 'First-Password-2026');
    await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
    await loginThroughForm(page, email, 'Second-Password-2026');
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // The link was used once; it does not work again.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('Third-Password-2026');
    await page.getByLabel('Confirm new password').fill('Third-Password-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Invalid or expired token. Please request a new password reset link.')).toBeVisible();
  });

  test('role redirects and guest-only pages @phone', async ({ page }) => {
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login$/);

    await signInAs(page, 'basic@hpbc.test');
    await page.goto('/user/eiet/dashboard');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/user/national/dashboard');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    for (const path of ['/', '/login', '/register', '/forgot-password', '/reset-password?token=x']) {
      await page.goto(path);
      await expect(page, `${path} sends a signed-in user on`).toHaveURL(/\/user\/dashboard$/);
    }
    await expect(page.getByRole('list', { name: /Your roles/ })).toHaveText('Basic');
  });

  test('each role reaches its own dashboard', async ({ browser }) => {
    const cases = [
      {
        // Linked to a demo EIET company (issue 13): the card counts its upcoming inspections
        // and opens its inspections.
        email: 'eiet@hpbc.test',
        card: 'EIET Dashboard',
        text: /^\d+ scheduled inspections?$/,
        heading: 'Inspections',
        empty: 'Calendar feed',
      },
      {
        email: 'national@hpbc.test',
        card: 'National Counterpart Dashboard',
        // The review's real figures (issue 12) and its groups, with the demo's work in them.
        text: /\d+ pending · \d+ overdue/,
        empty: 'Changes requested — waiting for the submitter',
      },
    ];
    for (const c of cases) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInAs(page, c.email);
      await page.goto('/user/dashboard');
      await expect(page.getByText(c.text)).toBeVisible();
      await page.getByRole('link', { name: c.card }).click();
      await expect(page.getByRole('heading', { level: 1, name: c.heading ?? c.card })).toBeVisible();
      await expect(page.getByText(c.empty)).toBeVisible();
      await context.close();
    }
  });

  test('an admin deactivates an account: its session ends and its login shows Account Inactive', async ({
    page,
    mail,
    request,
  }) => {
    const email = await createVerifiedUser(request, mail, 'Than Than', 'Inactive-Soon-2026');
    const login = await request.post(`${BASE_URL}/api/user/login`, {
      headers: XHR,
      data: { email, password: 'Inactive-Soon-2026', remember: false, type: 'user' },
    });
    const userToken = ((await login.json()) as { token: string }).token;

    await signInAs(page, 'admin@hpbc.test');
    await page.goto('/project-list');
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.getByLabel('Search by name or email').fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Than Than' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit account' });
    await dialog.getByLabel('Inactive').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The account of Than Than has been updated.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Than Than/ })).toContainText('Inactive');

    const after = await request.get(`${BASE_URL}/api/user/profile`, {
      headers: { ...XHR, Authorization: `Bearer ${userToken}` },
    });
    expect(after.status()).toBe(401);

    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${BASE_URL}/login`);
    await loginThroughForm(visitor, email, 'Inactive-Soon-2026');
    await expect(visitor.getByText('Account Inactive')).toBeVisible();
    await expect(
      visitor.getByText('Your account is currently inactive. Please contact the administrator for assistance.'),
    ).toBeVisible();
    await visitor.close();
  });

  test('a wrong password shows the message under the email field, in Burmese too', async ({ page }) => {
    await useBurmese(page);
    await page.goto('/login');
    await page.getByLabel('အီးမေးလ်လိပ်စာ').fill('basic@hpbc.test');
    await page.getByLabel('စကားဝှက်', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'အကောင့်ဝင်ရန်' }).click();
    await expect(page.getByText('အီးမေးလ် သို့မဟုတ် စကားဝှက် မမှန်ကန်ပါ။').first()).toBeVisible();
  });
});

test.describe('accounts: accessibility', () => {
  const guestPages = [
    { path: '/login', heading: 'Sign in to your account' },
    { path: '/login?verified=success', heading: 'Sign in to your account' },
    { path: '/register', heading: 'Create your account' },
    { path: '/forgot-password', heading: 'Forgot your password?' },
    { path: '/reset-password?token=abc&email=a%40b.test', heading: 'Reset your password' },
    { path: '/reset-password', heading: 'Reset your password' },
    { path: '/email/verify/1/abc?expires=1&signature=bad', heading: 'Verification failed' },
  ];
  for (const p of guestPages) {
    test(`${p.path} has no axe violations @phone`, async ({ page }) => {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }

  const userPages = [
    { as: 'project@hpbc.test', path: '/user/dashboard', heading: /Welcome/ },
    // An EIET account of a company is led to its company's inspections (issue 28, item 8).
    { as: 'eiet@hpbc.test', path: '/user/eiet/dashboard', heading: 'Inspections' },
    { as: 'national@hpbc.test', path: '/user/national/dashboard', heading: 'National Counterpart Dashboard' },
    { as: 'basic@hpbc.test', path: '/user/profile', heading: 'Your Profile' },
    { as: 'basic@hpbc.test', path: '/user/profile/edit', heading: 'Edit Profile' },
    { as: 'admin@hpbc.test', path: '/admin', heading: 'Admin Dashboard' },
  ];
  for (const p of userPages) {
    test(`${p.path} has no axe violations @phone`, async ({ page }) => {
      await signInAs(page, p.as);
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }

  test('the open user menu, the open password form and the Burmese dashboard have no axe violations', async ({
    page,
  }) => {
    await useBurmese(page);
    await signInAs(page, 'eiet@hpbc.test');
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'စကားဝှက် ပြောင်းရန်' }).click();
    await page.getByRole('button', { name: /အကောင့် မီနူး/ }).click();
    await expectNoA11yViolations(page);
    await page.goto('/user/dashboard');
    // The demo EIET company's real count, in Myanmar digits.
    await expect(page.getByText(/^စီစဉ်ထားသော စစ်ဆေးခြင်း [၀-၉]+ ခု$/)).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
