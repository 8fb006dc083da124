import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_CURRENCY, formatMoney, type CurrencyFormat } from '../src/lib/money';

// Runs against a live server (BASE_URL) and reads the products it expects from the API itself,
// so it holds for whatever catalogue is seeded.

interface FeaturedProduct {
  slug: string;
  name: string;
  effective_price_cents: number;
  price_range: { min_cents: number; max_cents: number } | null;
}

async function featuredProducts(request: APIRequestContext): Promise<FeaturedProduct[]> {
  const response = await request.get('/api/v1/products?featured=true&per_page=4');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { products: FeaturedProduct[] };
  expect(body.products.length).toBeGreaterThan(0);
  return body.products;
}

async function storeCurrency(request: APIRequestContext): Promise<CurrencyFormat> {
  const response = await request.get('/api/v1/settings/public');
  if (!response.ok()) return DEFAULT_CURRENCY;
  const body = (await response.json()) as { settings?: { currency?: CurrencyFormat | null } };
  return body.settings?.currency ?? DEFAULT_CURRENCY;
}

/** What the product page's main price starts with: the effective price, or the range's minimum. */
function expectedPrice(product: FeaturedProduct, currency: CurrencyFormat): string {
  return formatMoney(product.price_range?.min_cents ?? product.effective_price_cents, currency);
}

function productUrl(slug: string): RegExp {
  const escaped = encodeURIComponent(slug).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://[^/]+/products/${escaped}/$`);
}

/** Uncaught errors and console errors (hydration mismatches land here) fail the test. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return errors;
}

async function expectProductPage(page: Page, product: FeaturedProduct, currency: CurrencyFormat) {
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByTestId('product-price')).toContainText(expectedPrice(product, currency));
}

test('home shows the featured products', async ({ page, request }) => {
  const products = await featuredProducts(request);
  const errors = watchForErrors(page);

  await page.goto('/');

  for (const product of products) {
    await expect(
      page.getByTestId('product-card').getByText(product.name, { exact: true }),
    ).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a product card opens its product page', async ({ page, request }) => {
  const [first] = await featuredProducts(request);
  const currency = await storeCurrency(request);
  const errors = watchForErrors(page);

  await page.goto('/');
  // Marks this document: it survives only if the click is a client-side navigation, which needs
  // the server to answer the RSC files under /products/{slug}/ from /products/_/.
  await page.evaluate(() => {
    (window as unknown as { __bazaarDocument?: string }).__bazaarDocument = 'home';
  });
  await page
    .getByTestId('product-card')
    .filter({ has: page.getByText(first!.name, { exact: true }) })
    .first()
    .click();

  await expect(page).toHaveURL(productUrl(first!.slug));
  await expectProductPage(page, first!, currency);
  const documentMark = await page.evaluate(
    () => (window as unknown as { __bazaarDocument?: string }).__bazaarDocument,
  );
  expect(documentMark, 'the card should navigate client-side, without a full page load').toBe('home');
  expect(errors).toEqual([]);
});

test('a product page loads directly from its URL', async ({ page, request }) => {
  const [first] = await featuredProducts(request);
  const currency = await storeCurrency(request);
  const errors = watchForErrors(page);

  const response = await page.goto(`/products/${encodeURIComponent(first!.slug)}/`);
  expect(response?.status()).toBe(200);

  await expect(page).toHaveURL(productUrl(first!.slug));
  await expectProductPage(page, first!, currency);
  expect(errors).toEqual([]);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page-xyz/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
});
