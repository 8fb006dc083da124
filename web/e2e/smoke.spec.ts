import { expect, test, type APIRequestContext, type Page } from './helpers/test';
import { DEFAULT_CURRENCY, formatMoney, type CurrencyFormat } from '../src/lib/money';

// Runs against a live server (BASE_URL) and reads the products it expects from the API itself,
// so it holds for whatever catalogue is seeded.

interface FeaturedProduct {
  slug: string;
  name: string;
  effective_price_cents: number;
  price_range: { min_cents: number; max_cents: number } | null;
  vendor_id: string | null;
  image_url: string | null;
}

interface Vendor {
  store_slug: string;
  store_name: string;
}

interface StorePage {
  store: Vendor;
  products: { slug: string; name: string }[];
  meta: { total: number; page: number; per_page: number };
}

async function featuredProducts(request: APIRequestContext): Promise<FeaturedProduct[]> {
  const response = await request.get('/api/v1/products?featured=true&per_page=4');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { products: FeaturedProduct[] };
  expect(body.products.length).toBeGreaterThan(0);
  return body.products;
}

/** A product sold by a vendor (not the house), with that vendor, as the API describes them. */
async function vendorProduct(
  request: APIRequestContext,
): Promise<{ product: FeaturedProduct; vendor: Vendor }> {
  const featured = await featuredProducts(request);
  const response = await request.get('/api/v1/products?per_page=100');
  expect(response.ok()).toBe(true);
  const listed = ((await response.json()) as { products: FeaturedProduct[] }).products;
  for (const candidate of [...featured, ...listed].filter((product) => product.vendor_id !== null)) {
    const detail = await request.get(`/api/v1/products/${encodeURIComponent(candidate.slug)}`);
    expect(detail.ok()).toBe(true);
    const { product } = (await detail.json()) as { product: { vendor: Vendor | null } };
    if (product.vendor) return { product: candidate, vendor: product.vendor };
  }
  throw new Error('The catalogue has no product sold by a vendor');
}

async function storePage(request: APIRequestContext, storeSlug: string): Promise<StorePage> {
  const response = await request.get(`/api/v1/stores/${encodeURIComponent(storeSlug)}?page=1&per_page=20`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as StorePage;
  expect(body.products.length, 'the store should list at least one product').toBeGreaterThan(0);
  return body;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower]!;
  });
}

/** The <title> and JSON-LD of the HTML the server answers for a page (what crawlers see). */
async function servedHead(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  const html = await response.text();
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decodeEntities(match[1]!));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as { name?: unknown },
  );
  return { titles, jsonLd };
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function productUrl(slug: string): RegExp {
  return new RegExp(`^https?://[^/]+/products/${escapeRegExp(encodeURIComponent(slug))}/$`);
}

function storeUrl(storeSlug: string): RegExp {
  return new RegExp(`^https?://[^/]+/store/${escapeRegExp(encodeURIComponent(storeSlug))}/$`);
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

async function expectStorePage(page: Page, store: StorePage) {
  await expect(page.getByTestId('store-name')).toHaveText(store.store.store_name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.store.store_name);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(
    page.getByTestId('product-card').getByText(store.products[0]!.name, { exact: true }),
  ).toBeVisible();
}

/** Marks the current document; the mark survives only client-side navigations. */
async function markDocument(page: Page, mark: string) {
  await page.evaluate((value) => {
    (window as unknown as { __bazaarDocument?: string }).__bazaarDocument = value;
  }, mark);
}

async function documentMark(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { __bazaarDocument?: string }).__bazaarDocument);
}

test('home shows the featured products', async ({ page, request }) => {
  const products = await featuredProducts(request);
  const errors = watchForErrors(page);

  await page.goto('/');

  // The same product can also appear in other home sections (special offers, recommendations).
  const featured = page.getByRole('region', { name: 'Featured products', exact: true });
  for (const product of products) {
    await expect(featured.getByTestId('product-card').getByText(product.name, { exact: true })).toBeVisible();
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
  await markDocument(page, 'home');
  await page
    .getByTestId('product-card')
    .filter({ has: page.getByText(first!.name, { exact: true }) })
    .first()
    .click();

  await expect(page).toHaveURL(productUrl(first!.slug));
  await expectProductPage(page, first!, currency);
  expect(await documentMark(page), 'the card should navigate client-side, without a full page load').toBe(
    'home',
  );
  expect(errors).toEqual([]);
});

test('a product page loads directly from its URL', async ({ page, request }) => {
  const [first] = await featuredProducts(request);
  const currency = await storeCurrency(request);
  const errors = watchForErrors(page);
  const productRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/products/')) productRequests.push(request.url());
  });

  const response = await page.goto(`/products/${encodeURIComponent(first!.slug)}/`);
  expect(response?.status()).toBe(200);

  await expect(page).toHaveURL(productUrl(first!.slug));
  await expectProductPage(page, first!, currency);
  // The page started from the product the server wrote into it: no fetch of it.
  expect(productRequests).toEqual([]);
  // The server writes the product into the shell it serves, before any script runs.
  const head = await servedHead(request, `/products/${encodeURIComponent(first!.slug)}/`);
  expect(head.titles).toHaveLength(1);
  expect(head.titles[0]).toContain(first!.name);
  expect(head.jsonLd.map((data) => data.name)).toContain(first!.name);
  expect(errors).toEqual([]);
});

test('a product page shows its picture before any script runs', async ({ browser, request }) => {
  const [first] = await featuredProducts(request);
  expect(first!.image_url, 'a featured product with a picture').not.toBeNull();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto(`/products/${encodeURIComponent(first!.slug)}/`);

  const picture = page.locator('[data-page-preview="image"] img');
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', first!.image_url!);
  await expect(picture).toHaveAttribute('alt', first!.name);
  // Loaded and laid out in the square frame the gallery uses.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await picture.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
  expect(Math.abs(box!.width - box!.height)).toBeLessThan(2);
  await context.close();
});

test('the test-payments notice is part of the served page (the journeys run against the simulator)', async ({ browser, request }) => {
  const config = await request.get('/api/v1/payments/config');
  expect(((await config.json()) as { mode: string }).mode).toBe('simulator');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/');

  const notice = page.getByRole('complementary', { name: 'Test payments' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Test payments: no real money is charged.');
  await expect(notice.getByText('Payments go to the PayFast simulator.')).toBeVisible();
  await context.close();
});

test("a product's vendor links to its store page", async ({ page, request }) => {
  const { product, vendor } = await vendorProduct(request);
  const store = await storePage(request, vendor.store_slug);
  expect(store.store.store_name).toBe(vendor.store_name);
  const errors = watchForErrors(page);

  await page.goto(`/products/${encodeURIComponent(product.slug)}/`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await markDocument(page, 'product');
  await page.getByTestId('product-vendor').getByRole('link', { name: vendor.store_name }).click();

  await expect(page).toHaveURL(storeUrl(vendor.store_slug));
  await expectStorePage(page, store);
  expect(await documentMark(page), 'the store link should navigate client-side').toBe('product');
  expect(errors).toEqual([]);
});

test('a store page loads directly from its URL', async ({ page, request }) => {
  const { vendor } = await vendorProduct(request);
  const store = await storePage(request, vendor.store_slug);
  const errors = watchForErrors(page);

  const response = await page.goto(`/store/${encodeURIComponent(vendor.store_slug)}/`);
  expect(response?.status()).toBe(200);

  await expect(page).toHaveURL(storeUrl(vendor.store_slug));
  await expectStorePage(page, store);
  expect(await page.title()).toContain(store.store.store_name);
  // The server writes the store into the shell it serves, before any script runs.
  const head = await servedHead(request, `/store/${encodeURIComponent(vendor.store_slug)}/`);
  expect(head.titles).toHaveLength(1);
  expect(head.titles[0]).toContain(store.store.store_name);
  expect(head.jsonLd.map((data) => data.name)).toContain(store.store.store_name);
  expect(errors).toEqual([]);
});

test('an unknown store shows "Store not found"', async ({ page }) => {
  const response = await page.goto('/store/no-such-store-xyz/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Store not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page-xyz/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
});
