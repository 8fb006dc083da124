import { expect, test } from './helpers/test';
import { expectSignedInAtRoot, signUp, uniqueEmail } from './helpers/accounts';

// The phone bottom bar, the notifications bell and page views, against a live server (BASE_URL)
// started with --auth-autoconfirm.

test('the bottom bar is on phones only, and not on the sign-in pages', async ({ page, isMobile }) => {
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  if (isMobile) {
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/');
    // The end of the page is not hidden behind it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const barBox = await bar.boundingBox();
    const footerBox = await page.locator('footer').boundingBox();
    expect(footerBox!.y + footerBox!.height).toBeLessThanOrEqual(barBox!.y + 1);

    await bar.getByRole('link', { name: 'Deals' }).click();
    await expect(page).toHaveURL(/\/daily-deals\/$/);
    await expect(bar.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page');
  } else {
    await expect(bar).toBeHidden();
  }

  for (const path of ['/auth/', '/login/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('mobile-bottom-bar')).toHaveCount(0);
  }
});

test('a signed-in user has a bell with "No notifications yet", fed by a live stream', async ({ page, isMobile }, testInfo) => {
  const user = { name: 'Lindiwe Dube', email: uniqueEmail('bell', testInfo.project.name), password: 'e2e-pass-123' };
  const stream = page.waitForResponse((response) => response.url().includes('/api/v1/events?'));
  await signUp(page, user);
  await expectSignedInAtRoot(page, user.name);
  expect((await stream).status()).toBe(200);

  const bell = isMobile
    ? page.getByTestId('bottom-bar-notifications')
    : page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'View All Orders' })).toHaveAttribute('href', '/profile/?tab=orders');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('a guest has no bell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
});

test('each route change records a page view with the previous page as referrer', async ({ page }) => {
  const views: { page_url: string; referrer?: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/analytics/events') && request.method() === 'POST') {
      const body = request.postDataJSON() as { event_type: string; page_url: string; referrer?: string };
      if (body.event_type === 'page_view') views.push(body);
    }
  });
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/v1/analytics/events'));
  await page.goto('/about/');
  expect((await accepted).status()).toBe(202);

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact\/$/);
  await expect.poll(() => views.map((v) => new URL(v.page_url).pathname)).toEqual(['/about/', '/', '/contact/']);
  expect(new URL(views[2]!.referrer!).pathname).toBe('/');
  const ids = await page.evaluate(() => window.sessionStorage.getItem('bazaar.analytics.session'));
  expect(ids).toBeTruthy();
});
