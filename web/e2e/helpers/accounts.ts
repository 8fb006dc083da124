import { expect, type Page } from '@playwright/test';

/** Steps of the account journeys, shared by the specs that need a signed-in user. */

export const SESSION_KEY = 'bazaar.auth.session';

/** The seeded demo users (seeds/users.json). */
export const DEMO_ADMIN = { email: 'admin@bazaar.test', password: 'bazaar-admin', name: 'Amahle Admin' };
export const DEMO_CUSTOMER = { email: 'customer@bazaar.test', password: 'bazaar-customer', name: 'Chloe Customer' };
export const DEMO_VENDOR = { email: 'vendor@bazaar.test', password: 'bazaar-vendor', name: 'Vusi Vendor' };
/** Runs PWR Athletics, the demo's second store (the demo vendor runs OVR Official). */
export const DEMO_PWR_VENDOR = { email: 'pwr@bazaar.test', password: 'bazaar-vendor', name: 'Palesa Pwr' };

/** An address no earlier run has used, per project, so desktop and mobile never collide. */
export function uniqueEmail(prefix: string, projectName: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${projectName}-${Date.now()}-${random}@example.com`;
}

/** Marks the current document; a full page load drops the mark, a client-side navigation keeps it. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __bazaarMark?: boolean }).__bazaarMark = true;
  });
}

/** The document marked by markDocument is still the one shown: nothing reloaded the page. */
export async function expectSameDocument(page: Page) {
  const marked = await page.evaluate(() => (window as unknown as { __bazaarMark?: boolean }).__bazaarMark === true);
  expect(marked, 'the marked document is still shown (no full page load)').toBe(true);
}

export async function expectFreshDocument(page: Page) {
  const marked = await page.evaluate(() => (window as unknown as { __bazaarMark?: boolean }).__bazaarMark === true);
  expect(marked, 'a full page load replaced the document').toBe(false);
}

export async function signUp(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/signup/');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills and submits the sign-in form on /login/. */
export async function submitSignIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await markDocument(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export function accountMenuTrigger(page: Page, name: string) {
  return page.getByRole('button', { name: `Account menu for ${name}` });
}

/** Signed in as `name`: the header shows the avatar menu, the site root is open. */
export async function expectSignedInAtRoot(page: Page, name: string) {
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(accountMenuTrigger(page, name)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
}

/** Waits until a full page load has replaced the document marked by markDocument. */
export async function waitForFreshDocument(page: Page) {
  await expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { __bazaarMark?: boolean }).__bazaarMark === true)
        .catch(() => true),
    )
    .toBe(false);
  await page.waitForLoadState('load');
}

export async function signOut(page: Page, name: string) {
  await markDocument(page);
  await accountMenuTrigger(page, name).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // Sign-out ends with a full load of / (SPEC §2).
  await waitForFreshDocument(page);
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY)).toBeNull();
}
