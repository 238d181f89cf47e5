import { expect, expectNoA11yViolations, signInAs, test, useBurmese } from './fixtures';

test.describe('API and server basics', () => {
  test('unknown API paths answer a JSON 404', async ({ request }) => {
    const res = await request.get('/api/no-such-thing');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });

  test('a page path serves the app with a strict CSP and a CSRF meta tag', async ({ request }) => {
    const res = await request.get('/eiet-list');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['x-powered-by']).toBeUndefined();
    expect(await res.text()).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{43}"/);
  });

  test('the page paints its app shell before any script, under the CSP, and the app replaces it', async ({
    page,
    request,
  }) => {
    // The shell's styles are inline, allowed by their hash alone; the stylesheet follows the shell.
    const res = await request.get('/project-list');
    const html = await res.text();
    const policy = res.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]{43}='/);
    expect(policy).not.toContain('unsafe-inline');
    expect(html.indexOf('class="app-shell-bar"')).toBeGreaterThan(-1);
    expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(html.indexOf('class="app-shell-bar"'));

    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    await page.goto('/project-list');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.app-shell-bar')).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('the demo project list has at least 300 projects, highest RN number first', async ({ request }) => {
    const { data } = (await (await request.get('/api/project-list')).json()) as { data: { rn_number: number }[] };
    expect(data.length).toBeGreaterThanOrEqual(300);
    const rns = data.map((p) => p.rn_number);
    expect(rns).toEqual([...rns].sort((a, b) => b - a));
  });
});

test.describe('home page', () => {
  test('shows the hero, figures, disciplines, guideline cards and the Digital Library button @phone', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const figure of ['200+', '20+', '100%', '24', '156']) {
      await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
    }
    for (const discipline of ['Geotechnical', 'Architectural', 'Structural', 'Electrical', 'ACMV']) {
      await expect(page.getByText(discipline, { exact: false }).first()).toBeVisible();
    }
    await expect(page.getByText('Pile Load Test', { exact: false }).first()).toBeVisible();
    const library = page.getByRole('link', { name: /Digital Library/ }).first();
    await expect(library).toHaveAttribute('target', '_blank');
    await expect(library).toHaveAttribute('href', '/library');
    const year = String(new Date().getFullYear());
    await expect(page.getByRole('contentinfo')).toContainText(year);
    await expect(page.getByRole('contentinfo')).toContainText('HPBC');
    await expectNoA11yViolations(page);
  });

  test('navigation highlights the current section', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'EIET List' }).click();
    await expect(page).toHaveURL(/\/eiet-list$/);
    await expect(nav.getByRole('link', { name: 'EIET List' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Project List' })).not.toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: /HPBC.*home page/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the language switch turns the page to Burmese and remembers it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'မြန်မာ' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(page.getByRole('navigation').first()).toContainText('EIET');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'English' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens, lists the sections without Project List, and closes on Escape @phone', async ({
    page,
  }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link', { name: 'Pile Company List' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Project List' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('not found page', () => {
  test('an unknown path shows the 404 page with its three buttons @phone', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: /404 Page Not Found/ })).toBeVisible();
    await expect(page.getByText(/moved or deleted, or the URL may be wrong/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'User Login' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('in the user area, /user opens the dashboard and an unknown page is the 404 page', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login$/);
    await signInAs(page, 'basic@hpbc.test');
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/user/no-such-page');
    await expect(page.getByRole('heading', { name: /404 Page Not Found/ })).toBeVisible();
  });

  test('Go Back returns to the previous page of the portal', async ({ page }) => {
    await page.goto('/eiet-list');
    // An in-app navigation, as a link would make: React Router keeps a key and index in history.state.
    await page.evaluate(() => {
      const state = { usr: null, key: 'e2e-missing', idx: 1 };
      history.pushState(state, '', '/missing-page');
      dispatchEvent(new PopStateEvent('popstate', { state }));
    });
    await expect(page.getByRole('heading', { name: /404 Page Not Found/ })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/eiet-list$/);
  });

  test('the 404 page is in Burmese when Burmese is chosen', async ({ page }) => {
    await useBurmese(page);
    await page.goto('/no/such/page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('၄၀၄');
    await expectNoA11yViolations(page);
  });
});
