import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from './helpers/test';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DEMO_VENDOR,
  SESSION_KEY,
  expectSignedInAtRoot,
  signOut,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './helpers/accounts';

// axe-core on the storefront's pages, in the light and the dark theme, on the desktop and the
// mobile project: no violation of impact serious or critical (WCAG 2.0/2.1 A and AA, and axe's
// best practices). Each page is analysed once its content has loaded, not its skeletons.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface ListedProduct {
  slug: string;
  name: string;
  has_variations: boolean;
  product_type: string;
  stock_quantity: number;
  max_owned_per_user: number | null;
}

/** A physical product without options, with stock, and one with options. */
async function sampleProducts(request: APIRequestContext) {
  const response = await request.get('/api/v1/products?per_page=100');
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: ListedProduct[] };
  const simple = products
    .filter((p) => !p.has_variations && p.product_type === 'physical' && p.max_owned_per_user === null)
    .sort((a, b) => b.stock_quantity - a.stock_quantity)[0];
  const withOptions = products.find((p) => p.has_variations);
  expect(simple, 'a physical product without options').toBeDefined();
  expect(withOptions, 'a product with options').toBeDefined();
  return { simple: simple!, withOptions: withOptions! };
}

/**
 * The theme follows the system's scheme (the stored choice is reset to System on every load, so
 * a signed-in account's saved theme does not get in the way).
 */
async function followSystemTheme(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('bazaar-ui-theme', 'system'));
}

/**
 * Scrolls through the page so sections that load near the viewport do, then waits until no
 * skeleton is left and `ready` shows, and goes back to the top.
 */
async function settle(page: Page, ready: Locator) {
  await expect(ready).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** One line per failing node: what axe says and where (its selector). */
function describeViolations(where: string, violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  const lines = [`${violations.length} serious or critical axe violation(s) on ${where}:`];
  for (const v of violations) {
    lines.push(`- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const node of v.nodes) {
      const summary = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
      lines.push(`    ${node.target.join(' > ')}${summary ? ` — ${summary}` : ''}`);
    }
  }
  return lines.join('\n');
}

async function expectNoSeriousViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const blocking = violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  // Soft, so one run reports every page's violations.
  expect.soft(blocking, describeViolations(where, blocking)).toEqual([]);
}

/** Opens `path` in `theme`, waits for `ready` (from the page), and runs axe. */
async function checkPage(page: Page, path: string, theme: Theme, ready: (page: Page) => Locator) {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(path);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await settle(page, ready(page));
  await expectNoSeriousViolations(page, `${path} (${theme} theme)`);
}

const productName = (page: Page) => page.getByTestId('product-name');
const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

test.beforeEach(async ({ page }) => {
  await followSystemTheme(page);
});

for (const theme of THEMES) {
  test(`home, product list and sign-in page in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await checkPage(page, '/', theme, (p) => p.getByRole('region', { name: 'Featured products' }).getByTestId('product-card').first());
    await checkPage(page, '/products/', theme, (p) => p.getByTestId('product-card').first());
    await checkPage(page, '/auth/', theme, h1('Welcome back'));
    await checkPage(page, '/contact/', theme, (p) => p.getByRole('form', { name: 'Contact form' }));
  });

  test(`the help centre and a help article in the ${theme} theme`, async ({ page }) => {
    await checkPage(page, '/help/', theme, (p) => p.getByTestId('help-category').first());
    await checkPage(page, '/help/?q=order', theme, (p) => p.getByTestId('help-result').first());
    await checkPage(page, '/help/article/tracking-your-order/', theme, h1('Tracking your order'));
  });

  test(`product pages, with and without options, and a store page, in the ${theme} theme`, async ({ page, request }) => {
    const { simple, withOptions } = await sampleProducts(request);
    await checkPage(page, `/products/${simple.slug}/`, theme, productName);
    await checkPage(page, `/products/${withOptions.slug}/`, theme, productName);
    await checkPage(page, '/store/ovr-official/', theme, (p) => p.getByTestId('product-card').first());
  });
}

test('a guest’s cart with an item, in both themes', async ({ page, request }) => {
  const { simple } = await sampleProducts(request);
  await page.goto(`/products/${simple.slug}/`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  for (const theme of THEMES) {
    await checkPage(page, '/cart/', theme, (p) => p.getByTestId('cart-line'));
  }
});

// One sign-in per project: sign-ins are rate limited per address, and other specs sign in too.
test('the signed-in customer’s cart, checkout and profile, in both themes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { simple } = await sampleProducts(request);
  await submitSignIn(page, DEMO_CUSTOMER);
  await expectSignedInAtRoot(page, DEMO_CUSTOMER.name);
  await page.goto(`/products/${simple.slug}/`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  for (const theme of THEMES) {
    await checkPage(page, '/cart/', theme, (p) => p.getByTestId('cart-line').first());
    await checkPage(page, '/checkout/', theme, (p) => p.getByTestId('quote-total'));
    // The address form with its error messages showing.
    await page.getByRole('button', { name: 'Pay with PayFast' }).click();
    await expect(page.getByText('Enter a 4-digit South African postal code')).toBeVisible();
    await expectNoSeriousViolations(page, `/checkout/ with errors (${theme} theme)`);
    await checkPage(page, '/profile/', theme, h1(/./));
    await checkPage(page, '/profile/?tab=orders', theme, (p) => p.getByRole('tabpanel'));
    await checkPage(page, '/profile/?tab=tickets', theme, (p) => p.getByRole('tabpanel'));
    // The messages panel: its list (or empty state), then a conversation with support not yet started.
    await page.getByTestId('chat-button').or(page.getByTestId('bottom-bar-messages')).filter({ visible: true }).click();
    const panel = page.getByTestId('chat-panel');
    await expect(panel.getByTestId('conversation-row').or(panel.getByTestId('chat-empty')).first()).toBeVisible();
    await expectNoSeriousViolations(page, `the messages panel (${theme} theme)`);
    await panel.getByRole('button', { name: 'Chat with support' }).click();
    await expect(panel.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await expectNoSeriousViolations(page, `a support conversation in the messages panel (${theme} theme)`);
    await panel.getByRole('button', { name: 'Close messages' }).click();
  }

  // Leave the seeded customer's cart empty for the other journeys.
  const token = await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { access_token: string }).access_token : null;
  }, SESSION_KEY);
  expect(token).not.toBeNull();
  const cleared = await page.request.delete('/api/v1/cart', { headers: { Authorization: `Bearer ${token}` } });
  expect(cleared.ok()).toBe(true);
});

test('selling: /seller-signup/, the application form, the vendor’s store pages and the admin area, in both themes', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const applicant = { name: 'Ayanda Applicant', email: uniqueEmail('a11y-seller', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, applicant);
  await expectSignedInAtRoot(page, applicant.name);
  for (const theme of THEMES) {
    await checkPage(page, '/seller-signup/', theme, (p) => p.getByTestId('seller-terms').getByText(/% of each sale/));
    await checkPage(page, '/vendor/apply/', theme, (p) => p.getByRole('form', { name: 'Vendor application' }));
    // The form with its error messages showing.
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Accept the vendor agreement to apply')).toBeVisible();
    await expectNoSeriousViolations(page, `/vendor/apply/ with errors (${theme} theme)`);
    await checkPage(page, '/vendor/applications/', theme, h1('Your applications'));
  }
  await signOut(page, applicant.name);

  // The seeded vendor's store pages (looked at, not changed).
  await submitSignIn(page, DEMO_VENDOR);
  await expectSignedInAtRoot(page, DEMO_VENDOR.name);
  for (const theme of THEMES) {
    await checkPage(page, '/vendor/store/', theme, (p) => p.getByRole('form', { name: 'Store profile' }));
    await checkPage(page, '/vendor/store/customize/', theme, (p) => p.getByTestId('store-preview'));
    await checkPage(page, '/vendor/media/', theme, (p) => p.getByTestId('media-card').or(p.getByTestId('empty-state')).first());
    await checkPage(page, '/vendor/products/', theme, (p) => p.getByTestId('product-row').first());
    // The editor, on a product with variations.
    const editHref = await page
      .getByTestId('product-row')
      .filter({ hasText: 'variations' })
      .first()
      .getByRole('link')
      .first()
      .getAttribute('href');
    expect(editHref).toMatch(/^\/vendor\/products\/[0-9a-f-]+\/edit\/$/);
    await checkPage(page, editHref!, theme, (p) => p.getByTestId('variation-row').first());
    await checkPage(page, '/vendor/inventory/', theme, (p) => p.getByTestId('stock-row').first());
    // An import's report with a rejected row (a dry run: nothing changes).
    await page.getByTestId('stock-file-input').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('sku,quantity\nNO-SUCH-SKU,1\n'),
    });
    await expect(page.getByTestId('stock-import')).toHaveAttribute('data-stage', 'checked');
    await expectNoSeriousViolations(page, `/vendor/inventory/ with an import report (${theme} theme)`);
    await checkPage(page, '/vendor/shipping/', theme, (p) => p.getByRole('form', { name: 'Shipping' }));
    await checkPage(page, '/vendor/coupons/', theme, (p) =>
      p.getByTestId('coupon-row').or(p.getByTestId('empty-state')).first(),
    );
    await checkPage(page, '/vendor/daily-deals/', theme, (p) =>
      p.getByTestId('deal-row').or(p.getByTestId('empty-state')).first(),
    );
    await checkPage(page, '/vendor/messages/', theme, (p) =>
      p.getByTestId('conversation-row').or(p.getByTestId('empty-state')).first(),
    );
  }
  await signOut(page, DEMO_VENDOR.name);

  await submitSignIn(page, DEMO_ADMIN);
  await expectSignedInAtRoot(page, DEMO_ADMIN.name);
  for (const theme of THEMES) {
    await checkPage(page, '/admin/', theme, (p) => p.getByTestId('count-card').first());
    await checkPage(page, '/admin/applications/?status=all', theme, (p) =>
      p.getByTestId('application-row').or(p.getByTestId('empty-state')).first(),
    );
    await checkPage(page, '/admin/vendors/', theme, (p) => p.getByTestId('vendor-card').first());
    await checkPage(page, '/admin/agreements/', theme, (p) => p.getByTestId('agreement-version').first());
    await checkPage(page, '/admin/support/', theme, (p) =>
      p.getByTestId('conversation-row').or(p.getByTestId('empty-state')).first(),
    );
    await checkPage(page, '/admin/tickets/', theme, (p) =>
      p.getByTestId('ticket-row').or(p.getByTestId('empty-state')).first(),
    );
    await checkPage(page, '/admin/help/', theme, (p) => p.getByTestId('help-article-row').first());
    await checkPage(page, '/admin/help/?article=new', theme, (p) => p.getByRole('form', { name: 'New article' }));
  }
});
