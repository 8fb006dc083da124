import { expect, test, type APIRequestContext, type Page } from './helpers/test';
import { GUEST_CART_KEY } from '../src/features/cart/lib/guest-cart';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  SESSION_KEY,
  expectSameDocument,
  expectSignedInAtRoot,
  markDocument,
  signUp,
  submitSignIn,
  uniqueEmail,
} from './helpers/accounts';
import { goToCheckout, payWithPayFast } from './helpers/checkout';
import { GLOVES, headerSearchBox, waitForIndex } from './helpers/search';

// Buying journeys against a live server run with `--payfast-mode simulator` (as CI runs it) and
// --auth-autoconfirm. Products are read from the API, so the journeys hold for any seeded shop.

interface ListedProduct {
  id: string;
  slug: string;
  name: string;
  has_variations: boolean;
  stock_quantity: number;
  product_type: string;
  max_owned_per_user: number | null;
}

/** A physical product without options and with plenty in stock. */
async function simpleProduct(request: APIRequestContext): Promise<ListedProduct> {
  const response = await request.get('/api/v1/products?per_page=100');
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: ListedProduct[] };
  const candidates = products
    .filter((p) => !p.has_variations && p.product_type === 'physical' && p.max_owned_per_user === null)
    .sort((a, b) => b.stock_quantity - a.stock_quantity);
  const product = candidates[0];
  expect(product, 'a physical product without options').toBeDefined();
  expect(product!.stock_quantity).toBeGreaterThan(5);
  return product!;
}

interface Variation {
  id: string;
  name: string;
  attributes: { name: string; value: string }[];
  enabled: boolean;
  manage_stock: boolean;
  stock_quantity: number;
}

/** The gloves, and their enabled variation with the most stock (other journeys may buy some too). */
async function glovesToBuy(request: APIRequestContext): Promise<{ product: ListedProduct; variation: Variation }> {
  const response = await request.get('/api/v1/products/pwr-grip-training-gloves');
  expect(response.ok()).toBe(true);
  const { product } = (await response.json()) as { product: ListedProduct & { variations: Variation[] } };
  expect(product.name).toBe(GLOVES);
  expect(product.has_variations).toBe(true);
  // The journey buys two; stock that is not managed never runs out.
  const stock = (v: Variation) => (v.manage_stock ? v.stock_quantity : Number.POSITIVE_INFINITY);
  const variation = product.variations.filter((v) => v.enabled).sort((a, b) => stock(b) - stock(a))[0];
  expect(variation, 'an enabled variation of the gloves').toBeDefined();
  expect(stock(variation!)).toBeGreaterThan(2);
  return { product, variation: variation! };
}

/** Chooses the variation's value of each attribute the page asks for, as a shopper would. */
async function chooseVariation(page: Page, variation: Variation) {
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeDisabled();
  await expect(page.getByText('Choose an option to add it to your cart.')).toBeVisible();
  for (const { name, value } of variation.attributes) {
    const option = page.getByRole('group', { name, exact: true }).getByRole('button', { name: value, exact: true });
    await option.click();
    await expect(option).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('chosen-variation')).toContainText(variation.name);
  await expect(page.getByText('Choose an option to add it to your cart.')).toBeHidden();
  await expect(add).toBeEnabled();
}

function cartLink(page: Page) {
  return page.getByTestId('cart-link');
}

async function addToCart(page: Page, product: ListedProduct) {
  await page.goto(`/products/${product.slug}/`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
}

test('every shop page says payments are tests and go to the PayFast simulator', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'Test payments' });
  await expect(banner).toContainText('Test payments: no real money is charged.');
  await expect(banner).toContainText('Payments go to the PayFast simulator.');
  await page.goto('/products/');
  await expect(banner).toBeVisible();
});

// A toast over the sticky header swallowed taps on its controls: one that began on the cart link
// and ended on "Added to cart" sliding in clicked nothing (Playwright checks only where a click
// begins), and once in place the toast covered the link on a phone.
test('a toast never covers the header: a tap on the cart link as "Added to cart" slides in opens the cart', async ({
  page,
  request,
}) => {
  const product = await simpleProduct(request);
  await page.goto(`/products/${product.slug}/`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  // Scrolled down to the button, as on a phone: the sticky header is at the top of the screen.
  await page.evaluate(() => window.scrollTo(0, 200));
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  // The finger goes down on the cart icon as the toast arrives, and comes up once it is in place.
  const link = (await cartLink(page).boundingBox())!;
  await page.mouse.move(link.x + link.width / 2, link.y + link.height / 2);
  await page.mouse.down();
  const toast = page.getByRole('listitem').filter({ hasText: 'Added to cart' });
  await expect(toast).toHaveCSS('opacity', '1');
  const header = (await page.getByRole('banner').boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await page.mouse.up();

  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(page.getByTestId('cart-line')).toContainText(product.name);
});

/** Empties the signed-in user's cart and takes `product` off their wishlist, through the API. */
async function resetCustomer(page: Page, product: ListedProduct) {
  const token = await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { access_token: string }).access_token : null;
  }, SESSION_KEY);
  expect(token).not.toBeNull();
  const headers = { Authorization: `Bearer ${token}` };
  const response = await page.request.delete('/api/v1/cart', { headers });
  expect(response.ok()).toBe(true);
  const wishlist = await page.request.delete(`/api/v1/wishlist/${product.id}`, { headers });
  expect(wishlist.status()).toBeLessThan(500);
  await page.reload();
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
}

// Sign-ups are rate limited per address (10 in 5 minutes, shared with the other specs), so one
// journey signs up and the others use the seeded customer.
test('a guest’s cart moves to the new account, which redeems a code, spends points, pays on the simulator and is told of each move live', async ({
  page,
  request,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  const { product, variation } = await glovesToBuy(request);
  await waitForIndex(request);

  // A guest searches from the header with a typo and opens the suggested gloves.
  await page.goto('/');
  const box = await headerSearchBox(page);
  await box.fill('glovse');
  const suggestions = page.getByRole('listbox', { name: 'Product suggestions' });
  await suggestions.getByRole('option', { name: new RegExp(GLOVES) }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/$`));
  await expect(page.getByTestId('product-name')).toHaveText(GLOVES);

  // Picks a size and colour, and adds that variation; a guest's cart lives in the browser.
  await chooseVariation(page, variation);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart\/$/);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(product.name);
  await expect(line).toContainText(variation.name);
  // The chosen size and colour travel with the line.
  const size = variation.attributes.find((a) => /^size$/i.test(a.name));
  const colour = variation.attributes.find((a) => /^colou?r$/i.test(a.name));
  await expect(line).toContainText(`Size: ${size?.value}`);
  await expect(line).toContainText(`Colour: ${colour?.value}`);
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  // Signing up merges it into the account's cart and clears the browser's copy.
  const user = { name: 'Sipho Buyer', email: uniqueEmail('buyer', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, user);
  await expectSignedInAtRoot(page, user.name);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), GUEST_CART_KEY)).toBeNull();

  // A points code, redeemed in Points Management.
  await page.getByTestId('points-button').click();
  const dialog = page.getByRole('dialog', { name: 'Points Management' });
  await dialog.getByRole('tab', { name: 'Redeem Code' }).click();
  await dialog.getByLabel('Points code').fill('bazaar250');
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Successfully redeemed 250 points!')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Overview' }).click();
  await expect(dialog.getByTestId('points-balance')).toHaveText('250');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await goToCheckout(page);
  await expect(page.getByTestId('points-hint')).toContainText('Balance: 250 points');
  await page.getByLabel('Points to use').fill('100');
  await page.getByRole('button', { name: 'Use points' }).click();
  await expect(page.getByTestId('quote-points')).toHaveText('-R10.00');
  await payWithPayFast(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/success\/\?order=/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('paid-order')).toContainText(/Order BZ-\d{10} is paid\./);
  await expect(page.getByText(/You earned \d+ points!/)).toBeVisible();
  // The order emptied the cart.
  await expect(cartLink(page)).toHaveAccessibleName('Cart');

  // The order in the profile.
  await page.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(/\/profile\/\?tab=orders&order=/);
  // Read before "All orders" takes the order out of the address.
  const orderId = new URL(page.url()).searchParams.get('order');
  expect(orderId).toBeTruthy();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(detail).toContainText(product.name);
  await expect(detail).toContainText(variation.name);
  await detail.getByRole('button', { name: 'All orders' }).click();
  await expect(page).toHaveURL(/\/profile\/\?tab=orders$/);
  await expect(page.getByTestId('order-row')).toHaveCount(1);

  // The confirmation reached the bell, and the next move arrives live, without a reload.
  const bell = isMobile ? page.getByTestId('bottom-bar-notifications') : page.getByTestId('notification-bell');
  // The bar's bell is named by its visible label plus a visually hidden count, which Chromium
  // joins with a space ("Notifications , 1 unread"); the header's has one aria-label.
  // The confirmation comes from a background job after the payment is processed: allow for a
  // busy worker.
  await expect(bell).toHaveAccessibleName(unreadName(1), { timeout: 30_000 });
  await markDocument(page);
  await moveOrder(request, orderId!, 'processing');
  await expect(bell).toHaveAccessibleName(unreadName(2));
  await expect(page.getByTestId('order-row').getByTestId('order-status')).toHaveText('Processing');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Order processing')).toBeVisible();
  await expect(panel.getByText('Order confirmed')).toBeVisible();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expectSameDocument(page);
});

function unreadName(count: number): RegExp {
  return new RegExp(`^Notifications ?, ${count} unread$`);
}

/** An admin moves an order on through the API, as the admin panel would. */
async function moveOrder(request: APIRequestContext, orderId: string, status: string) {
  const signIn = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(signIn.ok()).toBe(true);
  const { access_token } = (await signIn.json()) as { access_token: string };
  const moved = await request.post(`/api/v1/admin/orders/${orderId}/status`, {
    data: { status },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
}

test('the seeded customer keeps a wishlist, and a cancelled payment can put the items back in the cart', async ({
  page,
  request,
}) => {
  const product = await simpleProduct(request);
  await submitSignIn(page, DEMO_CUSTOMER);
  await expectSignedInAtRoot(page, DEMO_CUSTOMER.name);
  // Whatever earlier runs left in the seeded customer's cart and wishlist goes first.
  await resetCustomer(page, product);

  // The wishlist: the heart on the product page, and /wishlist/.
  await page.goto(`/products/${product.slug}/`);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByText('Added to wishlist')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist/');
  await expect(page.getByTestId('wishlist-item').filter({ hasText: product.name })).toHaveCount(1);
  await page.getByRole('button', { name: `Remove ${product.name} from wishlist` }).click();
  await expect(page.getByText('Removed from wishlist')).toBeVisible();
  await expect(page.getByTestId('wishlist-item').filter({ hasText: product.name })).toHaveCount(0);

  await addToCart(page, product);
  await goToCheckout(page);
  await payWithPayFast(page);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/cancel\/\?order=/);
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await page.getByRole('button', { name: 'Restore cart' }).click();
  await expect(page.getByText('Cart restored')).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(page.getByTestId('cart-line')).toContainText(product.name);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(page.getByText('Cart cleared')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});
