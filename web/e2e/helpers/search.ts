import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The header search, shared by the search journeys and the buying journey that starts with it. */

export const GLOVES = 'PWR Grip Training Gloves';

/** The index is built by a background job after the server starts: wait until it answers. */
export async function waitForIndex(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/v1/search?q=glovse');
        if (!response.ok()) return [];
        return ((await response.json()) as { products: { name: string }[] }).products.map((p) => p.name);
      },
      { timeout: 20_000 },
    )
    .toContain(GLOVES);
}

/** The header's search box: on small screens behind the search icon. */
export async function headerSearchBox(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open search' });
  if (await toggle.isVisible()) await toggle.click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toBeVisible();
  return box;
}
