import { expect, test, type Page } from './helpers/test';

// The static information pages: each loads on its own, has its heading and title, and the footer
// reaches them. Runs against a live server (BASE_URL).

const PAGES: { path: string; heading: string; title: string }[] = [
  { path: '/welcome/', heading: 'Welcome to bazaar', title: 'Welcome' },
  { path: '/about/', heading: 'About bazaar', title: 'About Us' },
  { path: '/contact/', heading: 'Contact us', title: 'Contact Us' },
  { path: '/faq/', heading: 'Frequently asked questions', title: 'Frequently Asked Questions' },
  { path: '/help/', heading: 'Help centre', title: 'Help Centre' },
  { path: '/terms/', heading: 'Terms of service', title: 'Terms of Service' },
  { path: '/privacy/', heading: 'Privacy policy', title: 'Privacy Policy' },
  { path: '/returns/', heading: 'Returns policy', title: 'Returns Policy' },
  { path: '/delivery-policy/', heading: 'Delivery policy', title: 'Delivery Policy' },
  { path: '/seller-signup/', heading: 'Sell on bazaar', title: 'Register as Vendor' },
];

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

for (const { path, heading, title } of PAGES) {
  test(`${path} loads with its heading and title`, async ({ page }) => {
    const errors = watchForErrors(page);

    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${title} | bazaar`);
    expect(await page.title()).not.toBe('bazaar');
    await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('/returns/ states the 7-day window', async ({ page }) => {
  await page.goto('/returns/');
  await expect(page.getByRole('main')).toContainText('7 days');
  await expect(page.getByRole('main')).toContainText('wrong or damaged items');
});

test('/delivery-policy/ states the shipping rate and free-shipping threshold', async ({ page }) => {
  await page.goto('/delivery-policy/');
  const main = page.getByRole('main');
  await expect(main).toContainText('R65');
  await expect(main).toContainText('R450');
  await expect(main).toContainText('3–7 business days');
});

test('/faq/ answers open and close', async ({ page }) => {
  await page.goto('/faq/');
  const question = page.locator('details').filter({ hasText: 'Do your prices include VAT?' });
  const answer = question.getByText('All prices are in South African rand');
  await expect(answer).toBeHidden();
  await question.getByText('Do your prices include VAT?').click();
  await expect(question).toHaveAttribute('open', '');
  await expect(answer).toBeVisible();
  await question.getByText('Do your prices include VAT?').click();
  await expect(answer).toBeHidden();
});

test('the footer link "Register as Vendor" opens /seller-signup/', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Register as Vendor' })
    .click();

  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/seller-signup\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell on bazaar');
  await expect(page).toHaveTitle('Register as Vendor | bazaar');
  expect(errors).toEqual([]);
});
