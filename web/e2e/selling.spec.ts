import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, waitUntilHydrated } from './helpers/test';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DEMO_VENDOR,
  expectSignedInAtRoot,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './helpers/accounts';
import { emptyCart, goToCheckout, payWithPayFast } from './helpers/checkout';
import { waitForIndex } from './helpers/search';

// Becoming a vendor, against a live server (BASE_URL) started with --auth-autoconfirm and the
// seeded demo admin: a customer applies from /seller-signup/, the admin decides on
// /admin/applications/, the new vendor accepts the agreement and makes the store their own (its
// words, a logo uploaded to the media library, a colour) and the public store page shows it, then
// lists a product with two sizes that a visitor finds by searching, keeps its stock on
// /vendor/inventory/ and sees a customer's purchase in the stock history; a rejected applicant
// resubmits; the admin suspends a seeded store and reinstates it. The applicant stays signed in in
// the test's page; the admin, the visitor and the customer work in browser contexts of their own.

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

/** A 96×96 PNG, uploaded as the new store's logo. */
const LOGO_FILE = fileURLToPath(new URL('./fixtures/store-logo.png', import.meta.url));
/** A second 96×96 PNG, uploaded from the product editor's picture picker. */
const BACK_FILE = fileURLToPath(new URL('./fixtures/product-back.png', import.meta.url));

/** A seeded store no other journey relies on, and one of its products. */
const SUSPENDED_STORE = 'Karoo Outdoor Co.';
const SUSPENDED_PRODUCT = 'Karoo Trekking Poles (Pair)';

function uniqueStoreName(prefix: string, projectName: string): string {
  return `${prefix} ${projectName} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A page in a fresh browser context (nobody signed in), whose `goto` waits for hydration; closed after `work`. */
async function inFreshContext(browser: Browser, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitUntilHydrated(page);
    return response;
  };
  try {
    await work(page);
  } finally {
    await context.close();
  }
}

/** A page in a fresh browser context, signed in as the demo admin; closed after `work`. */
async function asAdmin(browser: Browser, work: (page: Page) => Promise<void>) {
  await inFreshContext(browser, async (page) => {
    await submitSignIn(page, DEMO_ADMIN);
    await expectSignedInAtRoot(page, DEMO_ADMIN.name);
    await work(page);
  });
}

/** Fills and submits the application form on /vendor/apply/ (a new application). */
async function fillApplication(page: Page, storeName: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Apply to sell' })).toBeVisible();
  await page.getByLabel('Store name').fill(storeName);
  // The address is suggested from the name, and checked.
  await expect(page.getByTestId('slug-status')).toContainText('is available');
  await page.getByLabel('Description').fill('Trail running gear, made and tested on Table Mountain.');
  await page.getByLabel('Category focus').fill('Trail running');
  await page.getByLabel('Contact phone').fill('082 555 1234');
  await page.getByLabel('Bank', { exact: true }).selectOption('Capitec Bank');
  await expect(page.getByLabel('Branch code')).not.toHaveValue('');
  await page.getByLabel('Account holder').fill(storeName);
  await page.getByLabel('Account number', { exact: true }).fill('1234567890');
  await page.getByRole('checkbox', { name: /^I accept the / }).check();
  await page.getByRole('button', { name: 'Submit application' }).click();
}

/** A new customer signs up and applies; their page ends on /vendor/applications/. */
async function signUpAndApply(page: Page, projectName: string, prefix: string) {
  const user = { name: `${prefix} Applicant`, email: uniqueEmail(prefix.toLowerCase(), projectName), password: 'e2e-pass-123' };
  await signUp(page, user);
  await expectSignedInAtRoot(page, user.name);
  const storeName = uniqueStoreName(prefix, projectName);
  await page.goto('/vendor/apply/');
  await fillApplication(page, storeName);
  await expect(page).toHaveURL(/\/vendor\/applications\/$/);
  await expect(page.getByText('Application submitted')).toBeVisible();
  const card = page.getByTestId('application').filter({ hasText: storeName });
  await expect(card.getByTestId('status-badge').first()).toHaveText('Submitted');
  return { user, storeName };
}

/** The admin opens `storeName`'s application from the list of submitted ones. */
async function openApplication(admin: Page, storeName: string) {
  await admin.goto(`/admin/applications/?q=${encodeURIComponent(storeName)}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Vendor applications' })).toBeVisible();
  await admin.getByTestId('application-row').filter({ hasText: storeName }).click();
  await expect(admin.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
}

async function searchNames(request: APIRequestContext, query: string): Promise<string[]> {
  const response = await request.get(`/api/v1/search?q=${encodeURIComponent(query)}&per_page=20`);
  if (!response.ok()) return [];
  return ((await response.json()) as { products: { name: string }[] }).products.map((p) => p.name);
}

test('a customer applies from /seller-signup/, the admin approves, and the new vendor accepts the agreement', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const user = { name: 'Sipho Seller', email: uniqueEmail('seller', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, user);
  await expectSignedInAtRoot(page, user.name);

  await page.goto('/seller-signup/');
  await expect(page.getByTestId('seller-terms')).toContainText('% of each sale');
  await page.getByRole('link', { name: 'Apply to sell' }).click();
  await expect(page).toHaveURL(/\/vendor\/apply\/$/);
  const storeName = uniqueStoreName('Sipho Trail', testInfo.project.name);
  await fillApplication(page, storeName);

  await expect(page).toHaveURL(/\/vendor\/applications\/$/);
  await expect(page.getByText('Application submitted')).toBeVisible();
  await expect(page.getByTestId('application').filter({ hasText: storeName }).getByTestId('status-badge').first()).toHaveText(
    'Submitted',
  );

  await asAdmin(browser, async (admin) => {
    await openApplication(admin, storeName);
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Application approved')).toBeVisible();
    await expect(admin.getByTestId('application-detail').getByTestId('status-badge').first()).toHaveText('Approved');
  });

  // The applicant is a vendor now: the vendor area reads the role again on the way in.
  await page.goto('/vendor/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const acceptTodo = page.locator('[data-todo="accept_agreement"]');
  await expect(acceptTodo).toBeVisible();
  await acceptTodo.click();

  await expect(page).toHaveURL(/\/vendor\/contracts\/$/);
  await page.getByRole('button', { name: /^Accept version \d+$/ }).click();
  await expect(page.getByTestId('agreement-accepted')).toBeVisible();

  await page.goto('/vendor/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('status-badge')).toBeVisible();
  await expect(page.locator('[data-todo="accept_agreement"]')).toHaveCount(0);

  // Without a logo, customising the store is on the list; it leads to the store's look.
  await page.locator('[data-todo="customise_store"]').click();
  await expect(page).toHaveURL(/\/vendor\/store\/customize\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customise store' })).toBeVisible();

  await customiseStore(page, storeName);
  const product = await sellAProduct(page, browser, request, storeName);
  await keepStock(page, browser, product);
});

/**
 * The new vendor renames the store and writes a return policy (/vendor/store/), uploads a logo
 * to the media library (/vendor/media/), picks it and a colour with the live preview
 * (/vendor/store/customize/), and finds it all on their public store page.
 */
async function customiseStore(page: Page, storeName: string) {
  const renamed = `${storeName} Outfitters`;
  const returnPolicy = 'Unworn items come back within 30 days; we pay the courier.';

  await page.goto('/vendor/store/');
  const profile = page.getByRole('form', { name: 'Store profile' });
  await expect(profile.getByLabel('Store name')).toHaveValue(storeName);
  await profile.getByLabel('Store name').fill(renamed);
  await profile.getByLabel('Return policy').fill(returnPolicy);
  await profile.getByRole('button', { name: 'Save store' }).click();
  await expect(page.getByText('Store saved')).toBeVisible();
  const storeHref = await page.getByRole('link', { name: 'View your store' }).getAttribute('href');
  expect(storeHref).toMatch(/^\/store\/[a-z0-9-]+\/$/);

  await page.goto('/vendor/media/');
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await page.getByTestId('media-file-input').setInputFiles(LOGO_FILE);
  await expect(page.getByTestId('upload').filter({ hasText: 'store-logo.png' })).toHaveAttribute('data-status', 'done');
  const card = page.getByTestId('media-card').filter({ hasText: 'store-logo.png' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('media-usage')).toContainText('used');

  await page.goto('/vendor/store/customize/');
  const look = page.getByRole('form', { name: 'Store look' });
  const preview = page.getByTestId('store-preview');
  await expect(preview.getByRole('heading', { name: renamed })).toBeVisible();
  await look.getByLabel('Hex code').fill('#0f766e');
  await expect(preview.getByTestId('store-header')).toHaveAttribute('data-accent', '#0f766e');
  await look.getByRole('button', { name: 'Choose logo' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose your logo' });
  await picker.getByRole('button', { name: 'Choose store-logo.png' }).click();
  await expect(picker).toBeHidden();
  const previewLogo = preview.getByRole('img', { name: `${renamed} logo` });
  await expect(previewLogo).toHaveAttribute('src', /^\/media\//);
  const logoSrc = await previewLogo.getAttribute('src');
  await look.getByRole('button', { name: 'Save store' }).click();
  await expect(page.getByText('Store saved')).toBeVisible();

  await page.goto(storeHref!);
  await expect(page.getByTestId('store-name')).toHaveText(renamed);
  await expect(page.getByTestId('store-header')).toHaveAttribute('data-accent', '#0f766e');
  const logo = page.getByRole('img', { name: `${renamed} logo` });
  await expect(logo).toHaveAttribute('src', logoSrc!);
  // The picture itself is served: it has loaded, 96 pixels wide.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await expect(page.getByRole('region', { name: 'Return policy' })).toContainText(returnPolicy);
}

/**
 * The new vendor adds their first product (/vendor/products/new/): sizes M and L as two
 * variations, two pictures (the logo from the media library and one uploaded from the picker),
 * active. It opens in the editor,
 * shows in the list, and a visitor in a fresh browser finds it by searching its name.
 */
async function sellAProduct(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  storeName: string,
): Promise<{ id: string; name: string }> {
  const name = `${storeName} Tee`;

  await page.goto('/vendor/products/');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'Add your first product' }).click();
  await expect(page).toHaveURL(/\/vendor\/products\/new\/$/);

  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price (R)', { exact: true }).fill('349.00');
  await form.getByLabel('Category').selectOption({ label: 'Apparel' });

  const builder = form.getByTestId('attribute-builder');
  await builder.getByLabel('Attribute', { exact: true }).selectOption('Size');
  await builder.getByRole('button', { name: 'Add attribute' }).click();
  const size = builder.getByRole('group', { name: 'Size' });
  await size.getByLabel('M', { exact: true }).check();
  await size.getByLabel('L', { exact: true }).check();
  await form.getByRole('button', { name: 'Generate variations' }).click();
  const rows = form.getByTestId('variation-row');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByLabel('Stock', { exact: true }).fill('5');
  await rows.nth(1).getByLabel('Stock', { exact: true }).fill('3');

  await form.getByRole('button', { name: 'Add a picture' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a picture' });
  await picker.getByRole('button', { name: 'Choose store-logo.png' }).click();
  await expect(picker).toBeHidden();
  await form.getByLabel('Alt text of picture 1').fill(`${name}, folded`);
  // A second picture, uploaded from the picker itself.
  await form.getByRole('button', { name: 'Add a picture' }).click();
  await expect(picker).toBeVisible();
  await picker.getByTestId('media-file-input').setInputFiles(BACK_FILE);
  await expect(picker.getByTestId('upload').filter({ hasText: 'product-back.png' })).toHaveAttribute('data-status', 'done');
  await picker.getByRole('button', { name: 'Choose product-back.png' }).click();
  await expect(picker).toBeHidden();
  await form.getByLabel('Alt text of picture 2').fill(`${name}, back`);

  await form.getByRole('radio', { name: /^Active/ }).check();
  await form.getByRole('button', { name: 'Create product' }).click();

  await expect(page).toHaveURL(/\/vendor\/products\/[0-9a-f-]{36}\/edit\/$/);
  const id = /\/vendor\/products\/([0-9a-f-]{36})\/edit\/$/.exec(page.url())![1]!;
  const editor = page.getByRole('form', { name: 'Edit product' });
  await expect(editor.getByTestId('variation-row')).toHaveCount(2);
  await expect(editor.getByLabel('Alt text of picture 1')).toHaveValue(`${name}, folded`);
  await expect(editor.getByLabel('Alt text of picture 2')).toHaveValue(`${name}, back`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Active');
  await expect(page.getByText('Listed: shoppers can find and buy it.')).toBeVisible();

  await page.getByRole('link', { name: 'All products' }).click();
  const line = page.getByTestId('product-row').filter({ hasText: name });
  await expect(line.getByTestId('product-sku')).toHaveText('2 variations');
  await expect(line.getByTestId('status-badge')).toHaveText('Active');
  await expect(line.getByTestId('product-stock')).toHaveText('8');

  // Search is updated by a background job.
  await waitForIndex(request);
  await expect.poll(() => searchNames(request, name), { timeout: 20_000 }).toContain(name);
  await inFreshContext(browser, async (visitor) => {
    await visitor.goto(`/search/?q=${encodeURIComponent(name)}`);
    const card = visitor.getByTestId('product-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img').first()).toHaveAttribute('src', /^\/media\//);
  });
  return { id, name };
}

/**
 * The vendor sets the stock of size M on /vendor/inventory/ and finds the manual change in its
 * history; the seeded customer (a browser of their own) buys one M through the PayFast simulator,
 * and the history shows the sale, −1, with the order's number.
 */
async function keepStock(page: Page, browser: Browser, product: { id: string; name: string }) {
  await page.goto('/vendor/inventory/');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  const sizeM = page.getByTestId('stock-row').filter({ hasText: `${product.name} – M` });
  const stock = sizeM.getByRole('spinbutton', { name: `Stock of ${product.name} – M` });
  await expect(stock).toHaveValue('5');
  await stock.fill('7');
  await stock.press('Enter');
  await expect(page.getByText('Stock updated')).toBeVisible();

  await sizeM.getByRole('link', { name: `History of ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]product=${product.id}`));
  const history = page.getByTestId('stock-history');
  const manual = history.getByTestId('movement-row').first();
  await expect(manual.getByTestId('movement-reason')).toHaveText('Manual change');
  await expect(manual.getByTestId('movement-change')).toHaveText('+2');
  await expect(manual.getByTestId('movement-stock-after')).toHaveText('7');

  let orderNumber = '';
  await inFreshContext(browser, async (customer) => {
    await submitSignIn(customer, DEMO_CUSTOMER);
    await expectSignedInAtRoot(customer, DEMO_CUSTOMER.name);
    await emptyCart(customer);
    await customer.goto(`/products/${product.id}/`);
    await expect(customer.getByTestId('product-name')).toHaveText(product.name);
    const size = customer.getByRole('group', { name: 'Size', exact: true }).getByRole('button', { name: 'M', exact: true });
    await size.click();
    await expect(size).toHaveAttribute('aria-pressed', 'true');
    await customer.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(customer.getByText('Added to cart')).toBeVisible();
    await goToCheckout(customer);
    await payWithPayFast(customer);
    await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(customer).toHaveURL(/\/payment\/success\/\?order=/);
    const paid = customer.getByTestId('paid-order');
    await expect(paid).toContainText(/Order BZ-\d{10} is paid\./);
    orderNumber = /BZ-\d{10}/.exec((await paid.textContent()) ?? '')![0];
  });

  await page.reload();
  const sale = history.getByTestId('movement-row').first();
  await expect(sale.getByTestId('movement-reason')).toHaveText('Sale');
  await expect(sale.getByTestId('movement-change')).toHaveText('\u22121');
  await expect(sale.getByTestId('movement-order')).toHaveText(orderNumber);
  await expect(sale.getByTestId('movement-stock-after')).toHaveText('6');
  await expect(sizeM.getByRole('spinbutton', { name: `Stock of ${product.name} – M` })).toHaveValue('6');
}

test('a rejected applicant sees the reason, edits the application and resubmits it', async ({ page, browser }, testInfo) => {
  const { storeName } = await signUpAndApply(page, testInfo.project.name, 'Thabo');

  await asAdmin(browser, async (admin) => {
    await openApplication(admin, storeName);
    await admin.getByRole('button', { name: 'Reject', exact: true }).click();
    await admin.getByLabel('Reason for rejecting').fill('Store name is a trademark');
    await admin.getByRole('button', { name: 'Reject application' }).click();
    await expect(admin.getByText('Application rejected')).toBeVisible();
  });

  await page.goto('/vendor/applications/');
  const card = page.getByTestId('application').filter({ hasText: storeName });
  await expect(card.getByTestId('decision-message')).toHaveText('Reason: Store name is a trademark');
  await card.getByRole('link', { name: 'Edit and resubmit' }).click();

  await expect(page).toHaveURL(/\/vendor\/apply\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit and resubmit your application' })).toBeVisible();
  const renamed = `${storeName} Outfitters`;
  await expect(page.getByLabel('Store name')).toHaveValue(storeName);
  await page.getByLabel('Store name').fill(renamed);
  await page.getByLabel('Account number', { exact: true }).fill('1234567890');
  await page.getByRole('checkbox', { name: /^I accept the / }).check();
  await page.getByRole('button', { name: 'Resubmit application' }).click();

  await expect(page).toHaveURL(/\/vendor\/applications\/$/);
  const resubmitted = page.getByTestId('application').filter({ hasText: renamed });
  await expect(resubmitted.getByTestId('status-badge').first()).toHaveText('Submitted');
  await expect(resubmitted.getByRole('link', { name: 'Edit and resubmit' })).toHaveCount(0);
});

test('the admin suspends a store: its products leave search until it is reinstated', async ({ browser, request }) => {
  await waitForIndex(request);
  expect(await searchNames(request, SUSPENDED_PRODUCT)).toContain(SUSPENDED_PRODUCT);

  await asAdmin(browser, async (admin) => {
    const searchPage = `/search/?q=${encodeURIComponent(SUSPENDED_PRODUCT)}`;
    const product = admin.getByTestId('product-card').filter({ hasText: SUSPENDED_PRODUCT });
    await admin.goto(searchPage);
    await expect(product).toBeVisible();

    await admin.goto(`/admin/vendors/?q=${encodeURIComponent('Karoo')}`);
    const card = admin.getByTestId('vendor-card').filter({ hasText: SUSPENDED_STORE });
    await card.getByRole('button', { name: `Suspend ${SUSPENDED_STORE}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Suspend ${SUSPENDED_STORE}?` });
    await dialog.getByLabel('Reason').fill('End-to-end check of suspension');
    await dialog.getByRole('button', { name: 'Suspend store' }).click();
    await expect(dialog).toBeHidden();
    try {
      await expect(card.getByTestId('status-badge')).toHaveText('Suspended');

      await admin.goto(searchPage);
      // The results have loaded (some, or none at all) and the store's product is not among them.
      await expect(admin.getByTestId('search-count').or(admin.getByText(/^No products found/)).first()).toBeVisible();
      await expect(product).toHaveCount(0);
    } finally {
      // Put the store back for the journeys that follow.
      await admin.goto(`/admin/vendors/?q=${encodeURIComponent('Karoo')}`);
      await card.getByRole('button', { name: `Reinstate ${SUSPENDED_STORE}` }).click();
      await expect(card.getByTestId('status-badge')).toHaveText('Approved');
    }
  });

  await expect.poll(() => searchNames(request, SUSPENDED_PRODUCT), { timeout: 20_000 }).toContain(SUSPENDED_PRODUCT);
});

test('the demo vendor creates a coupon on /vendor/coupons/ and proposes a daily deal for tomorrow', async ({ page }, testInfo) => {
  await submitSignIn(page, DEMO_VENDOR);
  await expectSignedInAtRoot(page, DEMO_VENDOR.name);

  // Codes are unique on the platform: one per run and project.
  const code = `E2E-${testInfo.project.name.slice(0, 3)}-${Date.now().toString(36).slice(-6)}`.toUpperCase();
  await page.goto('/vendor/coupons/');
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await page.getByRole('button', { name: /^(New coupon|Create a coupon)$/ }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Percent off (%)').fill('10');
  await form.getByLabel('Minimum spend (R)').fill('200.00');
  await form.getByLabel('Uses in all').fill('100');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Coupon created')).toBeVisible();
  await expect(form).toBeHidden();
  const coupon = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(coupon.getByTestId('coupon-discount')).toHaveText('10%');
  await expect(coupon.getByTestId('coupon-minimum')).toHaveText('R200.00');
  await expect(coupon.getByTestId('coupon-uses')).toHaveText('0 / 100');
  await expect(coupon.getByTestId('status-badge')).toHaveText('Active');

  // A seeded product without variations, one per project (they share the server).
  const productName = testInfo.project.name === 'mobile' ? 'OVR Running Belt' : 'OVR Performance Cap';
  await page.goto('/vendor/daily-deals/');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily deals' })).toBeVisible();
  const propose = page.getByRole('form', { name: 'Propose a deal' });
  const product = propose.getByLabel('Product');
  await expect(product).toBeEnabled();
  // A run stopped half-way may have left the product's deal in place: withdraw it first.
  const leftOver = page.getByTestId('deal-row').filter({ hasText: productName }).getByRole('button', { name: /^Withdraw / });
  for (const button of await leftOver.all()) await button.click();
  await expect(leftOver).toHaveCount(0);
  const productId = await product.locator('option', { hasText: productName }).getAttribute('value');
  await product.selectOption(productId!);
  // The date starts at tomorrow, the earliest a deal can run.
  const date = propose.getByLabel('Date');
  const tomorrow = await date.getAttribute('min');
  expect(tomorrow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(date).toHaveValue(tomorrow!);
  await propose.getByLabel('Deal price (R)').fill('99.00');
  await propose.getByRole('button', { name: 'Propose deal' }).click();
  await expect(page.getByText('Deal proposed')).toBeVisible();
  const deal = page.getByTestId('deal-row').filter({ hasText: productName }).first();
  await expect(deal.getByTestId('deal-price')).toContainText('R99.00');
  await expect(deal.getByTestId('status-badge')).toHaveText('Proposed');

  // Put the product's date back for another run: a withdrawn deal can be proposed again.
  await deal.getByRole('button', { name: new RegExp(`^Withdraw ${productName} on `) }).click();
  await expect(deal.getByTestId('status-badge')).toHaveText('Withdrawn');
});
