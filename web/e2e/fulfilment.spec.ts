import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './helpers/test';
import { test } from './helpers/people';
import {
  DEMO_ADMIN,
  DEMO_PWR_VENDOR,
  DEMO_VENDOR,
  expectSignedInAtRoot,
  signUp,
  uniqueEmail,
} from './helpers/accounts';
import { accessToken, goToCheckout, payWithPayFast } from './helpers/checkout';

// An order from two stores, from payment to payout, against a live server started with
// --payfast-mode simulator and the seeded demo (seeds/): each store's vendor ships their part
// with a courier and marks it delivered, the customer follows both parcels, the delivered sale
// becomes the vendor's available balance (the demo holds it 0 days) and the admin's payout run
// pays it, with a bank file. The customer is the test's page; each vendor and the admin work in
// a browser context of their own.


const OVR = { slug: 'ovr-official', name: 'OVR Official' };
const PWR = { slug: 'pwr-athletics', name: 'PWR Athletics' };
/** The demo's payout account of OVR Official (seeds/vendors.json). */
const OVR_BANK_ROW = 'OVR Apparel (Pty) Ltd,62000000001,250655,';

/** A store's parcel: the courier it goes with, its tracking page and a number no earlier run has used. */
interface Parcel {
  store: string;
  courier: string;
  /** The courier's own tracking page, where "Track parcel" leads when the vendor gives no link. */
  trackingPage: string;
  tracking: string;
}

function parcel(store: string, courier: string, trackingPage: string, prefix: string): Parcel {
  const tracking = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  return { store, courier, trackingPage, tracking };
}

interface StoreProduct {
  slug: string;
  name: string;
  product_type: string;
  has_variations: boolean;
  in_stock: boolean;
  stock_quantity: number;
  max_owned_per_user: number | null;
}

/** The store's physical product without options that has the most in stock. */
async function simpleProductOf(request: APIRequestContext, store: string): Promise<StoreProduct> {
  const response = await request.get(`/api/v1/stores/${store}?per_page=100`);
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: StoreProduct[] };
  const product = products
    .filter((p) => p.product_type === 'physical' && !p.has_variations && p.in_stock && p.max_owned_per_user === null)
    .sort((a, b) => b.stock_quantity - a.stock_quantity)[0];
  expect(product, `a physical product without options in ${store}`).toBeDefined();
  expect(product!.stock_quantity).toBeGreaterThan(5);
  return product!;
}

async function addToCart(page: Page, product: StoreProduct) {
  await page.goto(`/products/${product.slug}/`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
}

/** "R1,234.56" or "+R1,234.56" in cents. */
function cents(text: string | null): number {
  const match = /^[+-]?R([\d,]+)\.(\d{2})$/.exec((text ?? '').trim());
  expect(match, `an amount in rand: ${text}`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, '')) * 100 + Number(match![2]);
}

/** Cents as the bank file writes them: "1234.56". */
function bankAmount(amount: number): string {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** The status badge in the vendor's order header (the history lists a badge per move too). */
function partStatus(vendor: Page, orderNumber: string): Locator {
  return vendor
    .locator('header')
    .filter({ has: vendor.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }) })
    .getByTestId('order-status');
}

/** The vendor opens the order from "To ship", marks it as processing, then ships it. */
async function shipPart(vendor: Page, orderNumber: string, { courier, tracking }: Parcel) {
  await vendor.goto('/vendor/orders/');
  const tabs = vendor.getByRole('navigation', { name: 'Order status' });
  await expect(tabs.getByRole('link', { name: 'To ship' })).toHaveAttribute('aria-current', 'page');
  await vendor.getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(partStatus(vendor, orderNumber)).toHaveText('Confirmed');

  await vendor.getByRole('button', { name: 'Mark as processing' }).click();
  await expect(partStatus(vendor, orderNumber)).toHaveText('Processing');
  await expect(vendor.getByRole('button', { name: 'Mark as processing' })).toHaveCount(0);

  const ship = vendor.getByRole('form', { name: 'Mark as shipped' });
  await ship.getByLabel('Courier').selectOption({ label: courier });
  await ship.getByLabel('Tracking number').fill(tracking);
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(partStatus(vendor, orderNumber)).toHaveText('Shipped');
  await expect(ship).toHaveCount(0);
}

async function markDelivered(vendor: Page, orderNumber: string) {
  await vendor.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(partStatus(vendor, orderNumber)).toHaveText('Delivered');
}

/** The customer's view of one store's part of the order. */
function orderPart(customer: Page, store: string): Locator {
  return customer.getByTestId('order-part').filter({ hasText: store });
}

/** The customer's order shows the store's part shipped or delivered, with its courier, number and tracking link. */
async function expectParcel(customer: Page, { store, courier, tracking, trackingPage }: Parcel, state: 'Shipped' | 'Delivered') {
  const part = orderPart(customer, store);
  await expect(part.getByTestId('order-status')).toHaveText(state);
  await expect(part.getByTestId('part-tracking')).toHaveText(`${state} with ${courier} · tracking number ${tracking}`);
  await expect(part.getByRole('link', { name: /^Track parcel/ })).toHaveAttribute('href', trackingPage);
}

/** The notification of a store's part on its way. */
function shippedMessage(orderNumber: string, { store, courier, tracking }: Parcel): string {
  return `Your order ${orderNumber} from ${store} is on its way with ${courier}, tracking number ${tracking}.`;
}

/** The signed-in vendor's available balance, from the API. */
async function availableCents(vendor: Page): Promise<number> {
  const headers = { Authorization: `Bearer ${await accessToken(vendor)}` };
  const response = await vendor.request.get('/api/v1/vendor/money', { headers });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { available_cents: number }).available_cents;
}

test('an order from two stores is shipped and delivered by each vendor, and the admin pays the sale out', async ({
  page,
  request,
  signedIn,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  const ovrProduct = await simpleProductOf(request, OVR.slug);
  const pwrProduct = await simpleProductOf(request, PWR.slug);

  // A new customer (the seeded one's cart is other journeys') buys one product of each store.
  const customer = { name: 'Naledi Buyer', email: uniqueEmail('fulfil', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, customer);
  await expectSignedInAtRoot(page, customer.name);
  await addToCart(page, ovrProduct);
  await addToCart(page, pwrProduct);
  await goToCheckout(page);
  await payWithPayFast(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\/\?order=/);
  const paid = page.getByTestId('paid-order');
  await expect(paid).toContainText(/Order BZ-\d{10} is paid\./);
  const orderNumber = /BZ-\d{10}/.exec((await paid.textContent()) ?? '')![0];

  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(/\/profile\/\?tab=orders&order=/);
  const orderHeading = page.getByRole('heading', { name: `Order ${orderNumber}` });
  // The order's own badge sits by its heading; each part has one below.
  const orderStatus = orderHeading.locator('..').getByTestId('order-status');
  await expect(orderStatus).toHaveText('Confirmed');
  await expect(orderPart(page, OVR.name)).toContainText(ovrProduct.name);
  await expect(orderPart(page, PWR.name)).toContainText(pwrProduct.name);

  // Each vendor ships their part with a courier of their own.
  const ovrParcel = parcel(OVR.name, 'The Courier Guy', 'https://www.thecourierguy.co.za/tracking', 'TCG');
  const pwrParcel = parcel(PWR.name, 'Pargo', 'https://pargo.co.za/track-trace/', 'PGO');
  const ovr = await signedIn(DEMO_VENDOR);
  await shipPart(ovr, orderNumber, ovrParcel);
  const pwr = await signedIn(DEMO_PWR_VENDOR);
  await shipPart(pwr, orderNumber, pwrParcel);

  // The open order follows both parcels without a reload: the notifications' background job tells it.
  await expect(orderStatus).toHaveText('Shipped', { timeout: 30_000 });
  await expectParcel(page, ovrParcel, 'Shipped');
  await expectParcel(page, pwrParcel, 'Shipped');
  const bell = isMobile ? page.getByTestId('bottom-bar-notifications') : page.getByTestId('notification-bell');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText(shippedMessage(orderNumber, ovrParcel))).toBeVisible();
  await expect(panel.getByText(shippedMessage(orderNumber, pwrParcel))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // What OVR Official could be paid before this sale (nothing, unless an earlier run left some).
  const availableBefore = await availableCents(ovr);

  await markDelivered(ovr, orderNumber);
  await markDelivered(pwr, orderNumber);
  await expect(orderStatus).toHaveText('Delivered', { timeout: 30_000 });
  await expectParcel(page, ovrParcel, 'Delivered');
  await expectParcel(page, pwrParcel, 'Delivered');

  // Delivered with no hold: the sale less commission is available at once.
  await ovr.goto('/vendor/money/');
  await expect(ovr.getByRole('heading', { level: 1, name: 'Money' })).toBeVisible();
  const sale = ovr
    .getByRole('table', { name: /^Postings in / })
    .getByRole('row')
    .filter({ hasText: orderNumber })
    .filter({ has: ovr.getByRole('cell', { name: 'Sale', exact: true }) });
  await expect(sale).toHaveCount(1);
  const saleCents = cents(await sale.getByTestId('entry-amount').textContent());
  expect(saleCents).toBeGreaterThan(0);
  const available = ovr.getByTestId('available-card').getByTestId('balance-amount');
  await expect.poll(async () => cents(await available.textContent())).toBe(availableBefore + saleCents);
  const availableText = (await available.textContent())!;

  // The admin previews a payout run, runs it, and downloads the bank file.
  const admin = await signedIn(DEMO_ADMIN);
  await admin.goto('/admin/payouts/');
  await expect(admin.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await admin.getByRole('button', { name: 'Preview payout run' }).click();
  const preview = admin.getByRole('region', { name: 'Preview: nothing is paid yet' });
  const previewed = preview.getByRole('row').filter({ hasText: OVR.name });
  await expect(previewed.getByTestId('payout-amount')).toHaveText(availableText);

  await admin.getByRole('button', { name: 'Run payouts' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Run payouts now?' });
  await confirm.getByRole('button', { name: 'Run payouts' }).click();
  await expect(confirm).toBeHidden();
  const run = admin.getByRole('region', { name: 'Payout run made' });
  const payout = run.getByRole('row').filter({ hasText: OVR.name });
  await expect(payout.getByTestId('payout-amount')).toHaveText(availableText);
  await expect(payout).toContainText('Sent');
  const reference = /BAZAAR [0-9A-F]{8}/.exec((await payout.textContent()) ?? '')?.[0];
  expect(reference, 'the payout reference').toBeDefined();

  const download = admin.waitForEvent('download');
  await run.getByRole('button', { name: 'Download bank file' }).click();
  const bankFile = await download;
  expect(bankFile.suggestedFilename()).toMatch(/^payouts-[0-9a-f]{8}\.csv$/);
  const lines = (await readFile(await bankFile.path(), 'utf8')).split(/\r?\n/);
  expect(lines[0]).toBe('Account holder,Account number,Branch code,Amount,Reference');
  expect(lines).toContain(`${OVR_BANK_ROW}${bankAmount(cents(availableText))},${reference}`);
});
