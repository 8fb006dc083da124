import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Waits until the page's script has hydrated it: the layout marks `<html data-ready>` once the
 * root has hydrated (src/app/providers.tsx). Exported pages start their script after the first
 * paint (scripts/paint-first.mjs), so the load event can come before React is listening, and a
 * click that early would be lost. Pages not built by Next (the PayFast simulator's) have no
 * loader and are not waited for.
 */
export async function waitUntilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('script[data-paint-first]') || document.documentElement.hasAttribute('data-ready'),
  );
}

/**
 * Makes the page's `goto` and `reload` wait for hydration, as the `page` fixture's do: for pages of
 * browser contexts a test opens itself (one per person in a journey with several).
 */
export function waitForHydrationOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitUntilHydrated(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitUntilHydrated(page);
    return response;
  };
  return page;
}

/**
 * `E2E_CPU_SLOWDOWN=4` runs every page's CPU that many times slower (Chromium's DevTools
 * throttling, as Lighthouse's mobile runs do), to play the journeys on a slow phone.
 */
const CPU_SLOWDOWN = Number(process.env.E2E_CPU_SLOWDOWN ?? '1');

/**
 * Playwright's `test` whose `page` waits for hydration after each `goto` and `reload`, with the
 * CPU slowed down when `E2E_CPU_SLOWDOWN` asks for it.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    if (CPU_SLOWDOWN > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await use(waitForHydrationOnNavigation(page));
  },
});
