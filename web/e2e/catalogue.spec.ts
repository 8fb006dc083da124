import { expect, test, type APIRequestContext, type Page } from './helpers/test';

// Runs against a live server (BASE_URL); every expectation is read from the API itself, so it
// holds for whatever catalogue is seeded.

const PER_PAGE = 20;

interface ListedProduct {
  slug: string;
  name: string;
  brand: string | null;
  category: string | null;
  effective_price_cents: number;
  daily_deal: boolean;
}

interface ProductList {
  products: ListedProduct[];
  meta: { total: number; page: number; per_page: number };
}

interface Category {
  slug: string;
  name: string;
  product_count: number;
}

async function productList(request: APIRequestContext, query: Record<string, string>): Promise<ProductList> {
  const search = new URLSearchParams({ ...query, per_page: String(PER_PAGE) });
  const response = await request.get(`/api/v1/products?${search.toString()}`);
  expect(response.ok(), `GET /api/v1/products?${search.toString()}`).toBe(true);
  return (await response.json()) as ProductList;
}

async function categories(request: APIRequestContext): Promise<Category[]> {
  const response = await request.get('/api/v1/categories');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { categories: Category[] }).categories;
}

function countText(list: ProductList): RegExp {
  const total = `${list.meta.total.toLocaleString('en-ZA')} ${list.meta.total === 1 ? 'product' : 'products'}`;
  return new RegExp(`${total.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** The names on the product cards, in order, once the expected number of cards is shown. */
async function cardNames(page: Page, count: number): Promise<string[]> {
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(count);
  return cards.locator('h3').allTextContents();
}

async function expectCards(page: Page, list: ProductList) {
  await expect
    .poll(async () => page.getByTestId('product-card').locator('h3').allTextContents())
    .toEqual(list.products.map((product) => product.name));
}

test('/products/ shows the first page of products and the total', async ({ page, request }) => {
  const list = await productList(request, { page: '1' });
  expect(list.products.length).toBeGreaterThan(0);

  await page.goto('/products/');
  await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
  await expectCards(page, list);
  await expect(page.getByTestId('product-count')).toHaveText(countText(list));
});

test('/products/?sort=price-asc lists products by ascending price, as the API does', async ({ page, request }) => {
  const list = await productList(request, { sort: 'price-asc', page: '1' });
  const prices = list.products.map((product) => product.effective_price_cents);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.goto('/products/?sort=price-asc');
  await expectCards(page, list);
  await expect(page.getByTestId('sort-select')).toHaveValue('price-asc');
});

test('/products/?sortBy=price-desc is the same as sort=price-desc', async ({ page, request }) => {
  const list = await productList(request, { sort: 'price-desc', page: '1' });
  await page.goto('/products/?sortBy=price-desc');
  await expectCards(page, list);
  await expect(page.getByTestId('sort-select')).toHaveValue('price-desc');
});

test('/products/?brand=OVR shows only OVR products', async ({ page, request }) => {
  const list = await productList(request, { brand: 'OVR', page: '1' });
  expect(list.products.length).toBeGreaterThan(0);
  expect(list.products.every((product) => product.brand === 'OVR')).toBe(true);

  await page.goto('/products/?brand=OVR');
  await expect(page.getByRole('heading', { level: 1, name: 'OVR' })).toBeVisible();
  await expectCards(page, list);
  await expect(page.getByTestId('product-count')).toHaveText(countText(list));
});

test('choosing a sort updates the URL and the list', async ({ page, request }) => {
  const list = await productList(request, { sort: 'price-desc', page: '1' });
  await page.goto('/products/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.getByTestId('sort-select').selectOption('price-desc');
  await expect(page).toHaveURL(/\/products\/\?sort=price-desc$/);
  await expectCards(page, list);
});

test('a category tile on /categories/ opens that category’s products', async ({ page, request }) => {
  const all = await categories(request);
  const category = all.find((candidate) => candidate.product_count > 0);
  expect(category, 'a category with products').toBeDefined();
  const list = await productList(request, { category: category!.slug, page: '1' });
  expect(list.meta.total).toBe(category!.product_count);

  await page.goto('/categories/');
  await expect(page.getByTestId('category-tile')).toHaveCount(all.length);
  const tile = page.getByTestId('category-tile').filter({ hasText: category!.name });
  await expect(tile).toContainText(countText(list));
  await tile.click();

  await expect(page).toHaveURL(new RegExp(`/products/\\?category=${encodeURIComponent(category!.slug)}$`));
  await expect(page.getByRole('heading', { level: 1, name: category!.name })).toBeVisible();
  await expectCards(page, list);
});

test('/daily-deals/ shows the daily deals', async ({ page, request }) => {
  const list = await productList(request, { daily_deal: 'true', page: '1' });
  expect(list.products.length).toBeGreaterThan(0);
  expect(list.products.every((product) => product.daily_deal)).toBe(true);

  await page.goto('/daily-deals/');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Deals' })).toBeVisible();
  await expectCards(page, list);
});

test('Next goes to the second page of products', async ({ page, request }) => {
  const first = await productList(request, { page: '1' });
  // The seeded catalogue spans several pages; if it ever fits on one, this must fail, not pass vacuously.
  expect(first.meta.total, 'the seeded catalogue needs more than one page').toBeGreaterThan(PER_PAGE);
  const second = await productList(request, { page: '2' });

  await page.goto('/products/');
  const firstNames = await cardNames(page, first.products.length);
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/products\/\?page=2$/);
  await expectCards(page, second);
  const secondNames = second.products.map((product) => product.name);
  expect(secondNames.some((name) => firstNames.includes(name))).toBe(false);
  await expect(page.getByText('Page 2 of')).toBeVisible();
});

test('the header links open the new arrivals and the categories', async ({ page, request }) => {
  const newest = await productList(request, { sort: 'newest', page: '1' });
  await page.goto('/');
  const shop = page.getByRole('navigation', { name: 'Shop' });
  await shop.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/\?sort=newest$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New arrivals' })).toBeVisible();
  await expectCards(page, newest);

  await shop.getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/categories\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
});
