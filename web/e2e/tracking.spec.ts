import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForHydrationOnNavigation, waitUntilHydrated } from './helpers/test';
import {
  DEMO_ADMIN,
  expectFreshDocument,
  expectSignedInAtRoot,
  markDocument,
  submitSignIn,
  waitForFreshDocument,
} from './helpers/accounts';

// Tracking with consent, against a live server on the seeded demo (every tool off): the admin
// turns GA4 on from /admin/tracking-settings; a visitor's browser asks nothing of Google until
// they accept analytics in the banner, loads the tag then and on every later page, and stops when
// they withdraw from "Cookie settings" in the footer. The machine has no internet: every request
// to the tools' hosts is answered here with an empty script, and recorded.

const CONSENT_KEY = 'bazaar.consent.v1';
const TRACKER_HOSTS = /(^|\.)(googletagmanager\.com|google-analytics\.com|hotjar\.(com|io)|facebook\.(com|net))$/;

type TrackingBody = { ga4: { enabled: boolean; measurement_id: string } } & Record<string, unknown>;

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function trackingSettings(request: APIRequestContext, token: string): Promise<TrackingBody> {
  const response = await request.get('/api/v1/admin/settings/tracking', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as TrackingBody;
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Cookies and your privacy' });
}

/** axe-core finds nothing serious or critical in `selector` (the rules of a11y.spec.ts). */
async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Lets a page settle (settings read, lazy code loaded) so that a request that would come, has. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
}

test('a visitor’s browser loads GA4 only after accepting analytics, and stops when they withdraw', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const before = await trackingSettings(request, token);
  expect(before.ga4.enabled, 'the seeded demo has GA4 off').toBe(false);
  const measurementId = `G-E2E${Date.now().toString(36).toUpperCase()}`;
  const tagUrl = `https://www.googletagmanager.com/gtag/js?id=${measurementId}`;

  try {
    // The admin turns GA4 on from the settings page.
    const adminContext = await browser.newContext();
    const admin = waitForHydrationOnNavigation(await adminContext.newPage());
    await submitSignIn(admin, DEMO_ADMIN);
    await expectSignedInAtRoot(admin, DEMO_ADMIN.name);
    await admin.goto('/admin/tracking-settings/');
    await expect(admin.getByRole('heading', { level: 1, name: 'Tracking settings' })).toBeVisible();
    await expect(admin.getByTestId('consent-note')).toContainText('only after they accept its cookie category');
    await admin.getByRole('switch', { name: 'Use Google Analytics 4' }).check();
    await admin.getByLabel('Measurement ID').fill(measurementId.toLowerCase());
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(admin.getByRole('status')).toHaveText('Settings saved');
    // Kept as the server tidied it.
    await expect(admin.getByLabel('Measurement ID')).toHaveValue(measurementId);
    await adminContext.close();

    const publicSettings = await request.get('/api/v1/settings/public');
    const { settings } = (await publicSettings.json()) as { settings: { tracking: { ga4: { measurement_id: string } | null } } };
    expect(settings.tracking.ga4?.measurement_id).toBe(measurementId);

    // A visitor, in a browser of their own; every request to a tool's host is recorded.
    const context = await browser.newContext();
    const trackerRequests: string[] = [];
    await context.route(
      (url) => TRACKER_HOSTS.test(url.hostname),
      (route) => {
        trackerRequests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      },
    );
    const page = waitForHydrationOnNavigation(await context.newPage());
    // A tag the site's Content-Security-Policy refuses never reaches the network: say so plainly.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });

    // Browsing before choosing: the banner asks, and nothing goes to Google.
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('Analytics (Google Analytics):');
    await expect(banner(page).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy/');
    await expectAccessible(page, '[data-testid="consent-banner"]');
    // The rest in the dark theme (the site follows the system's).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/products/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(banner(page)).toBeVisible();
    await expectAccessible(page, '[data-testid="consent-banner"]');
    await settle(page);
    expect(trackerRequests, 'no request to a tracking host before consent').toEqual([]);

    // The visitor chooses analytics in the banner's dialog.
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
    await expectAccessible(page, '[data-testid="consent-dialog"]');
    await dialog.getByRole('switch', { name: 'Analytics' }).check();
    await expect(dialog.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => trackerRequests.length + refused.length).toBeGreaterThan(0);
    expect(refused, 'the Content-Security-Policy lets the tag load').toEqual([]);
    await expect.poll(() => trackerRequests).toContain(tagUrl);
    expect(trackerRequests.every((url) => url.startsWith('https://www.googletagmanager.com/')), trackerRequests.join()).toBe(
      true,
    );
    const choice = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'), CONSENT_KEY);
    expect(choice).toMatchObject({ analytics: true, marketing: false });
    expect(typeof choice.decided_at).toBe('string');

    // A later visit: no banner, the tag loads again.
    const loadedBefore = trackerRequests.filter((url) => url === tagUrl).length;
    await page.reload();
    await expect.poll(() => trackerRequests.filter((url) => url === tagUrl).length).toBeGreaterThan(loadedBefore);
    await settle(page);
    await expect(banner(page)).toHaveCount(0);

    // Withdrawing from the footer: the page loads afresh without the tag, and GA's cookie is gone.
    // As GA sets it: for the whole site (path /).
    await context.addCookies([{ name: '_ga', value: 'GA1.1.123.456', url: new URL('/', page.url()).href }]);
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('_ga');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    const settingsDialog = page.getByRole('dialog', { name: 'Cookie settings' });
    const analytics = settingsDialog.getByRole('switch', { name: 'Analytics' });
    await expect(analytics).toBeChecked();
    await analytics.uncheck();
    await markDocument(page);
    const requestsBeforeWithdrawal = trackerRequests.length;
    await settingsDialog.getByRole('button', { name: 'Save choices' }).click();
    await waitForFreshDocument(page);
    await waitUntilHydrated(page);
    await expectFreshDocument(page);
    await settle(page);
    expect(trackerRequests.slice(requestsBeforeWithdrawal), 'nothing loaded after withdrawal').toEqual([]);
    await expect(banner(page)).toHaveCount(0);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ga');
    expect(await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'), CONSENT_KEY)).toMatchObject({
      analytics: false,
      marketing: false,
    });

    // And on the next page too.
    await page.goto('/products/');
    await settle(page);
    expect(trackerRequests.slice(requestsBeforeWithdrawal)).toEqual([]);
    await context.close();
  } finally {
    // Back to the seeded state (every tool off), so no other journey meets a banner.
    const restored = await request.put('/api/v1/admin/settings/tracking', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...before, ga4: { ...before.ga4, enabled: false } },
    });
    expect(restored.ok()).toBe(true);
  }
});
