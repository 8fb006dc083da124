import { expect, test, type APIRequestContext } from './helpers/test';
import { GLOVES, headerSearchBox, waitForIndex } from './helpers/search';

// Header search and the search page against a live server (BASE_URL) with the seeded catalogue.
// Expectations about results are read from the API itself.

interface SearchApiResponse {
  products: { id: string; slug: string; name: string; brand: string | null }[];
  meta: { total: number };
  facets: { brand: { value: string; label: string; count: number }[] };
}

async function apiSearch(request: APIRequestContext, query: string): Promise<SearchApiResponse> {
  const response = await request.get(`/api/v1/search?${query}&per_page=20`);
  expect(response.ok(), `GET /api/v1/search?${query}`).toBe(true);
  return (await response.json()) as SearchApiResponse;
}

function countText(total: number): RegExp {
  return new RegExp(`(^| of )${total} ${total === 1 ? 'product' : 'products'}$`);
}

test('a typo in the header search suggests the gloves; Enter lists them; a brand facet narrows results', async ({
  page,
  request,
}) => {
  await waitForIndex(request);
  await page.goto('/');

  const box = await headerSearchBox(page);
  await box.fill('glovse');
  const suggestions = page.getByRole('listbox', { name: 'Product suggestions' });
  await expect(suggestions.getByRole('option', { name: new RegExp(GLOVES) })).toBeVisible();
  await box.press('Enter');

  await expect(page).toHaveURL(/\/search\/\?q=glovse$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Showing results for "glovse"');
  await expect(page.getByTestId('product-card').filter({ hasText: GLOVES })).toBeVisible();

  // A broader search, with several brands to choose from.
  const all = await apiSearch(request, 'q=training');
  const brand = all.facets.brand.filter((b) => b.count > 0 && b.count < all.meta.total).at(-1);
  expect(brand, 'a search for "training" should span more than one brand').toBeDefined();
  const narrowed = await apiSearch(request, `q=training&brand=${encodeURIComponent(brand!.value)}`);

  const again = await headerSearchBox(page);
  await again.fill('training');
  await again.press('Enter');
  await expect(page).toHaveURL(/\/search\/\?q=training$/);
  await expect(page.getByTestId('search-count')).toHaveText(countText(all.meta.total));

  const filtersDrawer = page.getByRole('button', { name: /^Filters/ });
  if (await filtersDrawer.isVisible()) await filtersDrawer.click();
  await page.getByRole('link', { name: new RegExp(`^${brand!.label} \\(${brand!.count}\\)$`) }).click();

  await expect(page).toHaveURL(new RegExp(`/search/\\?q=training&brand=${encodeURIComponent(brand!.value)}$`));
  await expect(page.getByTestId('search-count')).toHaveText(countText(narrowed.meta.total));
  await expect
    .poll(() => page.getByTestId('product-card').locator('h3').allTextContents())
    .toEqual(narrowed.products.map((p) => p.name));
});

test('choosing a suggestion opens the product page', async ({ page, request }) => {
  await waitForIndex(request);
  const response = await request.get('/api/v1/search/suggestions?q=gloves');
  const { suggestions } = (await response.json()) as { suggestions: { id: string; name: string }[] };
  const gloves = suggestions.find((s) => s.name === GLOVES);
  expect(gloves).toBeDefined();

  await page.goto('/');
  const box = await headerSearchBox(page);
  await box.fill('gloves');
  await page.getByRole('option', { name: new RegExp(GLOVES) }).click();

  await expect(page).toHaveURL(new RegExp(`/products/${gloves!.id}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GLOVES);
});

test('suggestions wait for a second character, and say when nothing matches', async ({ page, request }) => {
  await waitForIndex(request);
  await page.goto('/');
  const box = await headerSearchBox(page);
  await box.fill('g');
  await page.waitForTimeout(500);
  await expect(page.getByTestId('search-suggestions')).toHaveCount(0);
  await box.fill('zqxv');
  await expect(page.getByTestId('search-suggestions')).toHaveText('No products found for "zqxv"');
});
