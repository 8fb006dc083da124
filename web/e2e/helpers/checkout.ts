import { expect, type Page } from '@playwright/test';
import { SESSION_KEY } from './accounts';

/** Steps of checking out, shared by the buying journeys and the seller's journey that ends in a sale. */

/** The signed-in user's access token, as the site keeps it. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { access_token: string }).access_token : null;
  }, SESSION_KEY);
  expect(token, 'a signed-in session').not.toBeNull();
  return token!;
}

/** Empties the signed-in user's cart through the API (what earlier runs left in it). */
export async function emptyCart(page: Page) {
  const response = await page.request.delete('/api/v1/cart', { headers: { Authorization: `Bearer ${await accessToken(page)}` } });
  expect(response.ok()).toBe(true);
}

export async function goToCheckout(page: Page) {
  await page.goto('/cart/');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('quote-total')).toBeVisible();
  await expect(page.getByTestId('quote-vat')).toContainText('VAT included');
  await expect(page.getByTestId('quote-delivery')).toBeVisible();
}

/** The address, then "Pay with PayFast", which ends on PayFast's (simulated) page. */
export async function payWithPayFast(page: Page) {
  // The address is checked before anything is sent.
  await page.getByRole('button', { name: 'Pay with PayFast' }).click();
  await expect(page.getByText('Enter a 4-digit South African postal code')).toBeVisible();

  await page.getByLabel('Recipient').fill('Sipho Buyer');
  await page.getByLabel('Phone').fill('082 123 4567');
  await page.getByLabel('Street address').fill('12 Long Street');
  await page.getByLabel('City or town').fill('Cape Town');
  await page.getByLabel('Province').selectOption('Western Cape');
  await page.getByLabel('Postal code').fill('8001');
  await page.getByRole('button', { name: 'Pay with PayFast' }).click();
  await expect(page.getByRole('heading', { name: 'PayFast simulator' })).toBeVisible();
}
