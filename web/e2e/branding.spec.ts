import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForHydrationOnNavigation } from './helpers/test';
import { DEMO_ADMIN, expectSignedInAtRoot, submitSignIn } from './helpers/accounts';

// An admin brands the site against a live server on the seeded demo: a colour that text could
// not be read in is refused, a readable one is saved, and a visitor in a browser of their own
// sees the new brand colour and heading font. The built-in look is put back afterwards, so the
// specs after this one (the accessibility checks among them) see the seeded site.

/** The built-in colours and fonts (globals.css), as the branding page sends them. */
const BUILT_IN = {
  light_brand: '#047857',
  light_sale: '#b91c1c',
  dark_brand: '#34d399',
  dark_sale: '#f87171',
  body_font: 'system',
  heading_font: 'system',
};

const UNREADABLE = 'Text in this colour is hard to read on the light theme (contrast 1.3:1, at least 4.5:1 needed)';

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** PUTs the branding as it is now with `change` applied; answers the response. */
async function putBranding(request: APIRequestContext, token: string, change: Record<string, string>) {
  const headers = { Authorization: `Bearer ${token}` };
  const current = await request.get('/api/v1/admin/settings/branding', { headers });
  expect(current.ok()).toBe(true);
  return request.put('/api/v1/admin/settings/branding', { headers, data: { ...(await current.json()), ...change } });
}

/** A custom property of <html> as the page computes it. */
function rootVariable(page: Page, name: string) {
  return page.evaluate((property) => getComputedStyle(document.documentElement).getPropertyValue(property).trim(), name);
}

test.afterAll(async ({ request }) => {
  const restored = await putBranding(request, await adminToken(request), BUILT_IN);
  expect(restored.ok()).toBe(true);
});

test('an admin sets the brand colour and heading font, and visitors see them', async ({ page, browser, request }) => {
  test.setTimeout(60_000);

  // The server refuses an unreadable colour even when the page's own check is bypassed.
  const refused = await putBranding(request, await adminToken(request), { light_brand: '#fde047' });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.light_brand).toBe(
    UNREADABLE,
  );

  await submitSignIn(page, DEMO_ADMIN);
  await expectSignedInAtRoot(page, DEMO_ADMIN.name);
  await page.goto('/admin/branding-settings/');
  const form = page.getByRole('form', { name: 'Branding settings' });
  const lightBrand = form.getByRole('group', { name: 'Light theme' }).getByLabel('Brand colour', { exact: true });
  await expect(lightBrand).toHaveValue(BUILT_IN.light_brand);

  // Yellow on white is refused, under the field, and nothing is saved.
  await lightBrand.fill('#fde047');
  await expect(page.getByTestId('light-brand-contrast')).toContainText('too low to read');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText(UNREADABLE)).toBeVisible();
  await expect(lightBrand).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Settings saved')).toHaveCount(0);

  // A readable blue and a serif for headings are saved; the admin's own page takes them at once.
  await lightBrand.fill('#1d4ed8');
  await form.getByRole('combobox', { name: 'Heading font' }).selectOption('serif');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect.poll(() => rootVariable(page, '--color-brand-600')).toBe('#1d4ed8');

  // A visitor, in a browser of their own.
  const context = await browser.newContext();
  try {
    const visitor = waitForHydrationOnNavigation(await context.newPage());
    await visitor.goto('/');
    await expect.poll(() => rootVariable(visitor, '--color-brand-600')).toBe('#1d4ed8');
    // The logo is in brand-700, the saved blue with a fifth of black (the server's scale).
    await expect(visitor.getByTestId('site-logo')).toHaveCSS('color', 'rgb(23, 62, 173)');
    // A focused field is edged in brand-600.
    const search = visitor.getByRole('combobox', { name: 'Search products' });
    await search.focus();
    await expect(search).toHaveCSS('border-top-color', 'rgb(29, 78, 216)');
    // Headings are in the serif, text stays in the system font.
    await expect(visitor.locator('h2').first()).toHaveCSS('font-family', /^Charter, /);
    await expect(visitor.locator('body')).toHaveCSS('font-family', /^ui-sans-serif, /);
  } finally {
    await context.close();
  }
});
