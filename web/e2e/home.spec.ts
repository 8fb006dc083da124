import { expect, test, type APIRequestContext, type Page } from './helpers/test';

// The home page against a live server (BASE_URL). What it should list is read from the API
// itself, so the journeys hold for whatever catalogue is seeded.

interface ListedProduct {
  id: string;
  slug: string;
  name: string;
}

async function products(request: APIRequestContext, query: string): Promise<ListedProduct[]> {
  const response = await request.get(`/api/v1/products?${query}`);
  expect(response.ok(), `GET /api/v1/products?${query}`).toBe(true);
  return ((await response.json()) as { products: ListedProduct[] }).products;
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

function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

async function cardNames(page: Page, region: string): Promise<string[]> {
  const cards = section(page, region).getByTestId('product-card');
  return cards.locator('h3').allInnerTexts();
}

test('home shows the hero, featured products, daily deals and special offers', async ({ page, request }) => {
  const featured = await products(request, 'featured=true&per_page=4');
  const deals = await products(request, 'daily_deal=true&per_page=4');
  const offers = await products(request, 'sortBy=price-desc&per_page=8');
  expect(featured).toHaveLength(4);
  const errors = watchForErrors(page);

  await page.goto('/');

  const hero = page.getByRole('region', { name: 'Highlights' });
  await expect(hero.getByTestId('hero-slide')).toHaveCount(2);
  const firstSlide = hero.getByTestId('hero-slide').first();
  await expect(firstSlide.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(firstSlide.getByRole('link')).toHaveAttribute('href', '/products/');
  await expect(hero.getByRole('button', { name: 'Next slide' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Promotions' }).getByText('10% off your first order').first()).toBeVisible();

  await expect(section(page, 'Featured products').getByTestId('product-card')).toHaveCount(4);
  expect(await cardNames(page, 'Featured products')).toEqual(featured.map((product) => product.name));

  await section(page, 'Daily deals').scrollIntoViewIfNeeded();
  await expect(section(page, 'Daily deals').getByTestId('product-card')).toHaveCount(deals.length);
  expect(await cardNames(page, 'Daily deals')).toEqual(deals.map((product) => product.name));

  const specialOffers = section(page, 'Special offers');
  await specialOffers.scrollIntoViewIfNeeded();
  await expect(specialOffers.getByTestId('product-card')).toHaveCount(offers.length);
  expect(await cardNames(page, 'Special offers')).toEqual(offers.map((product) => product.name));
  const viewAll = specialOffers.getByRole('link', { name: 'View all special offers' });
  await expect(viewAll).toHaveAttribute('href', '/products/?sortBy=price-desc');

  await viewAll.click();
  await expect(page).toHaveURL(/\/products\/\?sortBy=price-desc$/);
  await expect(page.getByTestId('product-card').first()).toContainText(offers[0]!.name);
  expect(errors).toEqual([]);
});

test('the hero moves on every 6 seconds and can be driven by hand', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Highlights' });
  const slides = hero.getByTestId('hero-slide');
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
  await expect(hero.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  // Let Embla arrive, then move the mouse away so hovering does not pause the slides.
  await page.clock.runFor(500);
  await page.mouse.move(0, 0);

  await page.clock.runFor(6000);
  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
  await page.clock.runFor(6000);
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');

  await hero.getByRole('button', { name: 'Go to slide 2' }).click();
  await page.clock.runFor(1000);
  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
  await expect(slides.nth(1).getByRole('link')).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
});

test('subscribing to the newsletter shows the success message', async ({ page }) => {
  await page.goto('/');
  const box = page.getByTestId('home-newsletter');
  await box.scrollIntoViewIfNeeded();

  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('alert')).toHaveText('Please enter your email address');

  const email = `news-${Date.now()}-${test.info().project.name}@example.com`;
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toHaveText("Success! You've been subscribed to our newsletter.");
});

test('a product viewed shows under "Recently viewed" back on the home page', async ({ page, request }) => {
  const [viewedFirst, viewedLast] = await products(request, 'sort=newest&per_page=2');
  expect(viewedLast).toBeDefined();
  const errors = watchForErrors(page);

  await page.goto('/');
  await expect(page.getByTestId('home-featured').getByTestId('product-card').first()).toBeVisible();
  await expect(section(page, 'Recently viewed')).toHaveCount(0);

  for (const product of [viewedFirst!, viewedLast!]) {
    await page.goto(`/products/${encodeURIComponent(product.slug)}/`);
    await expect(page.getByTestId('product-name')).toHaveText(product.name);
  }

  await page.goto('/');
  const recent = section(page, 'Recently viewed');
  await expect(recent.getByTestId('product-card')).toHaveCount(2);
  // Most recent first.
  expect(await cardNames(page, 'Recently viewed')).toEqual([viewedLast!.name, viewedFirst!.name]);
  await expect(recent.getByTestId('product-card').first().getByRole('link', { name: viewedLast!.name })).toHaveAttribute(
    'href',
    `/products/${encodeURIComponent(viewedLast!.slug)}/`,
  );
  expect(errors).toEqual([]);
});
