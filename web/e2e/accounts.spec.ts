import { expect, test } from './helpers/test';
import {
  accountMenuTrigger,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DEMO_VENDOR,
  expectFreshDocument,
  expectSignedInAtRoot,
  SESSION_KEY,
  signOut,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './helpers/accounts';

// Account journeys against a live server (BASE_URL) started with --auth-autoconfirm and seeded
// demo users (seeds/users.json).

test('sign up signs the new user in, the header shows the avatar menu, and sign-out ends it', async ({
  page,
}, testInfo) => {
  const user = { name: 'Thandi Mokoena', email: uniqueEmail('signup', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, user);

  await expectSignedInAtRoot(page, user.name);
  await expect(page.getByText('Signed in successfully!')).toBeVisible();

  await accountMenuTrigger(page, user.name).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(user.name, { exact: true })).toBeVisible();
  await expect(menu.getByText(user.email)).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile & Settings', 'Wishlist', 'Sign Out']);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await signOut(page, user.name);
  // The ended session cannot be used again: /profile/ now asks to sign in.
  await page.goto('/profile/');
  await expect(page).toHaveURL(/\/login\/$/);
});

test('sign-up shows the validation messages before sending anything', async ({ page }) => {
  await page.goto('/auth/?mode=signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Full name').fill('   ');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/\?mode=signup$/);
});

test('a seeded customer signs in with a full reload to /', async ({ page }) => {
  await submitSignIn(page, DEMO_CUSTOMER);
  await expectSignedInAtRoot(page, DEMO_CUSTOMER.name);
  await expectFreshDocument(page);
  await expect(page.getByText('Signed in successfully!')).toBeVisible();
  const stored = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'), SESSION_KEY);
  expect(stored).toMatchObject({ user: { email: DEMO_CUSTOMER.email } });
  expect(typeof stored.access_token).toBe('string');
  expect(typeof stored.refresh_token).toBe('string');

  // Signed in, the sign-in pages send the visitor home.
  await page.goto('/login/');
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
});

test('a wrong password shows the server message and stays on the page', async ({ page }) => {
  await submitSignIn(page, { email: DEMO_CUSTOMER.email, password: 'not-the-password' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(page).toHaveURL(/\/login\/$/);
});

test('/profile/ sends a signed-out visitor to /login/', async ({ page }) => {
  await page.goto('/profile/');
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
});

test('the profile page opens from the avatar menu and saves the name', async ({ page }, testInfo) => {
  // A seeded user (sign-ups are rate limited per address); its name is put back at the end.
  await submitSignIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await page.getByTestId('account-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Profile & Settings' }).click();
  await expect(page).toHaveURL(/\/profile\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile & Settings' })).toBeVisible();

  const name = page.getByLabel('Full name');
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();
  const renamed = `Amahle ${testInfo.project.name} ${Date.now()}`;
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(accountMenuTrigger(page, renamed)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue(renamed);
  await page.getByLabel('Full name').fill(original);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(accountMenuTrigger(page, original)).toBeVisible();
});

test.describe('theme', () => {
  test('defaults to the system scheme, and a choice survives reloads without a flash', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();

    await page.getByTestId('theme-menu-trigger').click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

    // The class is right as soon as the HTML is parsed, before the page's scripts have run.
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Theme: Light' })).toBeVisible();

    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('theme-menu-trigger').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.goto('/products/', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.className)).toMatch(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  });

  test('a signed-in choice is saved to the profile and follows the user to another browser', async ({
    page,
    browser,
  }) => {
    await submitSignIn(page, DEMO_VENDOR);
    await expectSignedInAtRoot(page, DEMO_VENDOR.name);
    // Start from light, whatever an earlier run left.
    for (const choice of ['Light', 'Dark'] as const) {
      await page.getByTestId('theme-menu-trigger').click();
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/profile') && response.request().method() === 'PATCH',
      );
      await page.getByRole('menuitemradio', { name: choice }).click();
      expect((await saved).status()).toBe(200);
    }

    const other = await browser.newContext({ colorScheme: 'light' });
    try {
      const otherPage = await other.newPage();
      await submitSignIn(otherPage, DEMO_VENDOR);
      await expectSignedInAtRoot(otherPage, DEMO_VENDOR.name);
      await expect(otherPage.locator('html')).toHaveClass(/\bdark\b/);
      await expect(otherPage.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

test('Continue with Google starts the server’s flow or says it failed, never leaving a dead end', async ({
  page,
}) => {
  await page.goto('/login/');
  const authorize = page.waitForResponse((response) => response.url().includes('/auth/v1/authorize?'));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const response = await authorize;
  if (response.status() >= 300 && response.status() < 400) {
    // Google sign-in is configured on this server: the browser is on its way there.
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  } else {
    await expect(page.getByText('Failed to sign in with Google')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/$/);
  }
});

test('the scroll-to-top button appears after scrolling and returns to the top', async ({ page }) => {
  await page.goto('/products/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.getByRole('button', { name: 'Scroll to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
});
