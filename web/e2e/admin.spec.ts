import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './helpers/test';
import { test, type Person } from './helpers/people';
import {
  DEMO_ADMIN,
  DEMO_PWR_VENDOR,
  expectSignedInAtRoot,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './helpers/accounts';
import { accessToken, goToCheckout, payWithPayFast } from './helpers/checkout';

// The admin runs the platform from the web, against a live server started with
// --payfast-mode simulator and the seeded demo (seeds/): a new store's (PWR Athletics') product waits for review
// and the admin approves it; a customer buys two of it and the admin refunds one (PayFast, here
// the simulator, pays it back; the customer's points and the vendor's statement follow); the
// admin sets the product's stock by hand after counting the shelf; the admin suspends the
// customer, who is signed out and refused at sign-in; and each action is in the audit log.
// The customer is the test's page; the admin and the vendor work in browser contexts of their
// own.


async function apiToken(request: APIRequestContext, person: Person): Promise<string> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: person.email, password: person.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function setProductReview(request: APIRequestContext, token: string, newVendors: boolean) {
  const response = await request.put('/api/v1/admin/settings/product-review', {
    headers: { Authorization: `Bearer ${token}` },
    data: { new_vendors: newVendors, days: 3650 },
  });
  expect(response.ok()).toBe(true);
}

/** The admin's audit log filtered by one action shows an entry (about `text`), by the demo admin. */
async function expectAudited(admin: Page, action: string, text?: string) {
  await admin.goto(`/admin/audit-log/?action=${action}`);
  const entries = admin.getByTestId('audit-entry');
  const entry = (text ? entries.filter({ hasText: text }) : entries).first();
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('data-action', action);
  await expect(entry.getByTestId('audit-actor')).toContainText(DEMO_ADMIN.email);
}

test('an admin approves a product, refunds part of an order, suspends a customer and finds it all in the log', async ({
  page,
  request,
  signedIn,
}, testInfo) => {
  test.setTimeout(150_000);
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const productName = `Review Tee ${runId}`;

  // A new store's products wait for review (the demo stores opened when the demo was seeded).
  const adminToken = await apiToken(request, DEMO_ADMIN);
  await setProductReview(request, adminToken, true);
  let productSlug: string;
  try {
    // PWR Athletics (the second demo store) accepts the current agreement to publish.
    const vendorToken = await apiToken(request, DEMO_PWR_VENDOR);
    const current = await request.get('/api/v1/vendor-agreements/current');
    expect(current.ok()).toBe(true);
    const { version } = (await current.json()) as { version: number };
    const accepted = await request.post(`/api/v1/vendor/agreements/${version}/accept`, {
      headers: { Authorization: `Bearer ${vendorToken}` },
    });
    expect(accepted.ok()).toBe(true);
    const created = await request.post('/api/v1/vendor/products', {
      headers: { Authorization: `Bearer ${vendorToken}` },
      data: { name: productName, price: '250.00', stock_quantity: 30, status: 'active' },
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { slug: string; status: string };
    expect(product.status).toBe('pending_review');
    productSlug = product.slug;
  } finally {
    await setProductReview(request, adminToken, false);
  }

  // The admin approves it from the review queue.
  const admin = await signedIn(DEMO_ADMIN);
  await admin.goto('/admin/products/?status=pending_review');
  const row = admin.getByTestId('admin-product').filter({ hasText: productName });
  await expect(row).toHaveAttribute('data-status', 'pending_review');
  await row.getByRole('button', { name: `Approve ${productName}` }).click();
  await expect(admin.getByText(`${productName} approved`)).toBeVisible();

  // A new customer buys two of it through PayFast (the simulator).
  const customer = { name: 'Lerato Buyer', email: uniqueEmail('admin-ops', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, customer);
  await expectSignedInAtRoot(page, customer.name);
  await page.goto(`/products/${productSlug}/`);
  await expect(page.getByTestId('product-name')).toHaveText(productName);
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
  }
  await goToCheckout(page);
  await payWithPayFast(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\/\?order=/);
  const paid = page.getByTestId('paid-order');
  await expect(paid).toContainText(/Order BZ-\d{10} is paid\./);
  const orderNumber = /BZ-\d{10}/.exec((await paid.textContent()) ?? '')![0];
  const customerHeaders = { Authorization: `Bearer ${await accessToken(page)}` };
  const pointsBefore = await page.request.get('/api/v1/points', { headers: customerHeaders });
  const earned = ((await pointsBefore.json()) as { points: { current_balance: number } }).points.current_balance;
  expect(earned).toBeGreaterThan(0);

  // The admin finds the order and refunds one of the two, back on the shelf.
  await admin.goto('/admin/orders/');
  await admin.getByLabel('Search orders').fill(orderNumber);
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await admin.getByTestId('order-row').filter({ hasText: orderNumber }).getByTestId('order-link').click();
  await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await admin.getByTestId('refund-button').click();
  const dialog = admin.getByTestId('refund-dialog');
  await dialog.getByRole('checkbox', { name: new RegExp(`^Refund ${productName}`) }).check();
  await dialog.getByRole('spinbutton', { name: new RegExp(`^Quantity of ${productName}`) }).fill('1');
  await dialog.getByRole('checkbox', { name: 'Put back in stock' }).check();
  await dialog.getByLabel('Reason').fill('One shirt returned unworn');
  await dialog.getByRole('button', { name: 'Issue refund' }).click();
  await expect(dialog.getByTestId('refund-status')).toHaveAttribute('data-status', 'paid');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(admin.getByTestId('line-refunded').first()).toContainText('1');

  // The customer's points follow: a share of what the order earned is taken back.
  await page.goto('/');
  await page.getByTestId('points-button').first().click();
  const points = page.getByTestId('points-dialog');
  await expect(points.getByTestId('points-balance')).toHaveText(/\d/);
  const balance = Number((await points.getByTestId('points-balance').textContent())?.replace(/\D/g, ''));
  expect(balance).toBeLessThan(earned);
  await points.getByRole('tab', { name: 'History' }).click();
  await expect(points.getByTestId('points-history')).toContainText(`Reversed for refunded order ${orderNumber}`);
  await page.keyboard.press('Escape');

  // The vendor's statement shows the refund of the order.
  const vendor = await signedIn(DEMO_PWR_VENDOR);
  await vendor.goto('/vendor/money/');
  const refundEntry = vendor.locator('[data-testid="money-entry"][data-kind="return"]').filter({ hasText: orderNumber });
  await expect(refundEntry).toBeVisible();
  await expect(refundEntry.getByTestId('entry-kind')).toHaveText('Refund to the buyer');
  await expect(refundEntry.getByTestId('entry-amount')).toContainText('-R');

  // The admin counts the shelf and sets the product's stock by hand, with a reason.
  await admin.goto(`/admin/stock-management/?state=all&q=${encodeURIComponent(productName)}`);
  const level = admin.getByTestId('stock-level').filter({ hasText: productName });
  await level.getByRole('button', { name: `Adjust stock of ${productName}` }).click();
  const adjust = admin.getByTestId('stock-adjust-dialog');
  await adjust.getByLabel('New level').fill('25');
  await adjust.getByLabel('Reason').fill('Shelf count after the return');
  await adjust.getByRole('button', { name: 'Save level' }).click();
  await expect(admin.getByText(`Stock of ${productName} set to 25`)).toBeVisible();

  // The admin suspends the customer; the customer is signed out and cannot sign in again.
  await admin.goto('/admin/users/');
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
  await admin.getByRole('searchbox', { name: 'Search users' }).press('Enter');
  await admin.getByRole('link', { name: customer.email }).click();
  await expect(admin.getByTestId('user-detail')).toBeVisible();
  await admin.getByRole('button', { name: 'Suspend account' }).click();
  const suspend = admin.getByTestId('user-suspend-dialog');
  await suspend.getByLabel('Reason').fill('Card chargeback under investigation');
  await suspend.getByRole('button', { name: 'Suspend account' }).click();
  await expect(admin.getByTestId('user-suspension')).toContainText('Card chargeback under investigation');
  await expect(admin.getByTestId('activity-entry').first()).toHaveAttribute('data-action', 'user.suspend');

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' }).or(page.getByRole('button', { name: 'Sign In' })).first()).toBeVisible();
  await submitSignIn(page, customer);
  await expect(page.getByText('This account is suspended.').first()).toBeVisible();

  // Each action is in the audit log.
  await expectAudited(admin, 'product.approve');
  await expectAudited(admin, 'order.refund', 'One shirt returned unworn');
  await expectAudited(admin, 'stock.adjust', 'Shelf count after the return');
  await expectAudited(admin, 'user.suspend', 'Card chargeback under investigation');
});
