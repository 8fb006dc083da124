import { expect, test, type APIRequestContext, type Locator, type Page } from './helpers/test';
import { GUEST_CART_KEY } from '../src/features/cart/lib/guest-cart';
import { DEFAULT_CURRENCY, formatMoney, type CurrencyFormat } from '../src/lib/money';

// Product cards (quick view, hover video) and the product page's gallery, against a live server
// on seeded data. Products are read from the API, so the journeys hold for any seeded shop that
// has a simple product in stock on /products/ and a product with a video.

interface ListedProduct {
  id: string;
  slug: string;
  name: string;
  brand: string | null;
  effective_price_cents: number;
  has_variations: boolean;
  in_stock: boolean;
  stock_quantity: number;
  product_type: string;
  max_owned_per_user: number | null;
  videos: string[];
}

interface ProductDetail extends ListedProduct {
  vendor: { store_name: string } | null;
}

async function listProducts(request: APIRequestContext, query: string): Promise<ListedProduct[]> {
  const response = await request.get(`/api/v1/products?${query}`);
  expect(response.ok(), `GET /api/v1/products?${query}`).toBe(true);
  return ((await response.json()) as { products: ListedProduct[] }).products;
}

async function productDetail(request: APIRequestContext, slug: string): Promise<ProductDetail> {
  const response = await request.get(`/api/v1/products/${encodeURIComponent(slug)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { product: ProductDetail }).product;
}

async function storeCurrency(request: APIRequestContext): Promise<CurrencyFormat> {
  const response = await request.get('/api/v1/settings/public');
  if (!response.ok()) return DEFAULT_CURRENCY;
  const body = (await response.json()) as { settings?: { currency?: CurrencyFormat | null } };
  return body.settings?.currency ?? DEFAULT_CURRENCY;
}

/** A product with a video, and a product list (query) whose first page shows it. */
async function videoProduct(request: APIRequestContext): Promise<{ product: ListedProduct; listPath: string }> {
  const all = await listProducts(request, 'per_page=100');
  const withVideo = all.filter((p) => p.videos.length > 0);
  expect(withVideo.length, 'a seeded product with a video').toBeGreaterThan(0);
  for (const product of withVideo) {
    if (!product.brand) continue;
    const brandPage = await listProducts(request, `brand=${encodeURIComponent(product.brand)}&page=1&per_page=20`);
    if (brandPage.some((p) => p.id === product.id)) {
      return { product, listPath: `/products/?brand=${encodeURIComponent(product.brand)}` };
    }
  }
  throw new Error('no product with a video on the first page of its brand');
}

function card(page: Page, name: string): Locator {
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test('a guest opens quick view from /products/ and adds the product to the cart', async ({ page, request }) => {
  // The first page of /products/ (default order), as the page asks for it.
  const listed = await listProducts(request, 'page=1&per_page=20');
  const product = listed.find(
    (p) => !p.has_variations && p.in_stock && p.stock_quantity > 0 && p.product_type === 'physical' && p.max_owned_per_user === null,
  );
  expect(product, 'a simple physical product in stock on the first page').toBeDefined();
  const detail = await productDetail(request, product!.slug);
  const currency = await storeCurrency(request);

  await page.goto('/products/');
  const productCard = card(page, product!.name);
  await expect(productCard).toBeVisible();
  // Buttons sit beside the card's link, never inside it (axe: nested-interactive).
  await expect(page.getByTestId('product-card').locator('a button, a a')).toHaveCount(0);
  await expect(page.getByTestId('cart-link')).toHaveAccessibleName('Cart');

  await productCard.getByRole('button', { name: `Quick view ${product!.name}` }).click();
  const dialog = page.getByRole('dialog', { name: product!.name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('quick-view-price')).toContainText(formatMoney(product!.effective_price_cents, currency));
  await expect(dialog.getByTestId('quick-view-stock')).toHaveText('In stock');
  await expect(dialog.getByTestId('quick-view-vendor')).toHaveText(
    detail.vendor ? `Sold by ${detail.vendor.store_name}` : /^Sold by /,
  );
  // Still on the list: quick view is not a navigation.
  await expect(page).toHaveURL(/\/products\/$/);

  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-link')).toHaveAccessibleName('Cart, 1 item');
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), GUEST_CART_KEY);
  expect(JSON.parse(stored ?? '[]')).toEqual([expect.objectContaining({ product_id: product!.id, quantity: 1 })]);
});

test('the product page shows the product video in its gallery', async ({ page, request }) => {
  const { product } = await videoProduct(request);
  const media = await request.get(product.videos[0]!);
  expect(media.status()).toBe(200);
  expect(media.headers()['content-type']).toMatch(/^video\//);

  await page.goto(`/products/${encodeURIComponent(product.slug)}/`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await page.getByRole('button', { name: 'Show video 1' }).click();
  const video = page.getByTestId('product-video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('src', product.videos[0]!);
  // The browser fetched and understood it: metadata (size, duration) is known and nothing failed.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => ({ ready: v.readyState >= 1, error: v.error?.code ?? null })))
    .toEqual({ ready: true, error: null });
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.controls)).toBe(true);

  await page.getByRole('button', { name: 'Show the picture' }).click();
  await expect(page.getByTestId('product-video')).toHaveCount(0);
  await expect(page.getByRole('img', { name: product.name }).first()).toBeVisible();
});

test('a product card plays its video after resting the mouse on it, and stops on leaving', async ({ page, request }) => {
  const { product, listPath } = await videoProduct(request);
  await page.goto(listPath);
  const productCard = card(page, product.name);
  await expect(productCard).toBeVisible();
  await expect(productCard.locator('video')).toHaveCount(0);

  await productCard.getByRole('heading').hover();
  const video = productCard.getByTestId('product-card-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => ({ playing: !v.paused, muted: v.muted, loop: v.loop })))
    .toEqual({ playing: true, muted: true, loop: true });

  // Away from every card: the video goes and the picture is back.
  await page.mouse.move(1, 1);
  await expect(productCard.locator('video')).toHaveCount(0);
  await expect(productCard.getByRole('img', { name: product.name })).toBeVisible();
});
