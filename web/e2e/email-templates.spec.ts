import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForHydrationOnNavigation } from './helpers/test';
import { DEMO_ADMIN, DEMO_CUSTOMER, expectSignedInAtRoot, submitSignIn } from './helpers/accounts';
import { emptyCart, goToCheckout, payWithPayFast } from './helpers/checkout';

// An admin rewords the order confirmation against a live server on the seeded demo (run with
// `--payfast-mode simulator` and --auth-autoconfirm): the editor's live preview renders the new
// subject with the sample order number, the admin saves it, and the next order the demo customer
// pays gets an email with that subject. The server writes its emails to an outbox folder
// (BAZAAR_OUTBOX, set by ops/test), which the journey reads. The default wording is put back
// afterwards, so the specs after this one see the seeded emails.

const OUTBOX = process.env.BAZAAR_OUTBOX;
const TEMPLATE = '/api/v1/admin/email-templates/order_confirmed';

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A physical product without options and with stock to spare (as buying.spec.ts picks one). */
async function simpleProduct(request: APIRequestContext): Promise<{ slug: string; name: string }> {
  const response = await request.get('/api/v1/products?per_page=100');
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as {
    products: {
      slug: string;
      name: string;
      has_variations: boolean;
      product_type: string;
      max_owned_per_user: number | null;
      stock_quantity: number;
    }[];
  };
  const product = products
    .filter((p) => !p.has_variations && p.product_type === 'physical' && p.max_owned_per_user === null)
    .sort((a, b) => b.stock_quantity - a.stock_quantity)[0];
  expect(product, 'a physical product without options').toBeDefined();
  expect(product!.stock_quantity).toBeGreaterThan(1);
  return product!;
}

/**
 * The subjects of the emails written to `dir` since `since` (ms). Headers are unfolded first:
 * a long subject may go on over indented lines. An ASCII subject is not encoded (RFC 2047).
 */
function subjectsSince(dir: string, since: number): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml') && statSync(join(dir, name)).mtimeMs >= since)
    .map((name) => {
      const headers = readFileSync(join(dir, name), 'utf8').split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      return /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
    });
}

test.afterAll(async ({ request }) => {
  const reset = await request.delete(TEMPLATE, { headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(reset.ok()).toBe(true);
});

test('an admin rewords the order confirmation, previews it, and the next paid order’s email has it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  expect(OUTBOX, 'BAZAAR_OUTBOX names the server’s outbox folder (ops/test sets it)').toBeTruthy();
  const started = Date.now() - 1_000;
  const marker = `e2e-${Date.now().toString(36)}`;
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await submitSignIn(page, DEMO_ADMIN);
  await expectSignedInAtRoot(page, DEMO_ADMIN.name);
  await page.goto('/admin/email-templates/');
  await expect(page.getByRole('heading', { level: 1, name: 'Email templates' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Order confirmed' }).click();
  await expect(page).toHaveURL(/\/admin\/email-templates\/edit\/\?key=order_confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order confirmed' })).toBeVisible();

  // The preview follows the subject as it is typed, with the sample order number.
  const subject = page.getByLabel('Subject', { exact: true });
  await expect(subject).toHaveValue(/\{\{ order_number \}\}/);
  await subject.fill(`Siyabonga! Order {{ order_number }} is confirmed ${marker}`);
  await expect(page.getByTestId('preview-subject')).toHaveText(`Siyabonga! Order BZ-1042 is confirmed ${marker}`);
  // The HTML body shows in a sandboxed frame, with the sample customer.
  await expect(page.frameLocator('iframe[title="HTML preview"]').getByText('Thanks for your order, Thandi.')).toBeVisible();

  await page.getByRole('button', { name: 'Save email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email saved' })).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText(/^Edited /);
  expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);

  // The demo customer, in a browser of their own, buys something and pays on the simulator.
  const product = await simpleProduct(request);
  const context = await browser.newContext();
  let orderNumber: string;
  try {
    const customer = waitForHydrationOnNavigation(await context.newPage());
    await submitSignIn(customer, DEMO_CUSTOMER);
    await expectSignedInAtRoot(customer, DEMO_CUSTOMER.name);
    await emptyCart(customer);
    await customer.goto(`/products/${product.slug}/`);
    await expect(customer.getByTestId('product-name')).toHaveText(product.name);
    await customer.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(customer.getByText('Added to cart')).toBeVisible();
    await goToCheckout(customer);
    await payWithPayFast(customer);
    await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(customer).toHaveURL(/\/payment\/success\/\?order=/);
    const paid = customer.getByTestId('paid-order');
    await expect(paid).toContainText(/Order BZ-[\w-]+ is paid\./);
    orderNumber = /Order (BZ-[\w-]+) is paid/.exec((await paid.textContent()) ?? '')![1]!;
  } finally {
    await context.close();
  }

  // The confirmation is sent by a background job once the payment is processed.
  await expect
    .poll(() => subjectsSince(OUTBOX!, started).filter((line) => line.includes(marker)), {
      message: `an email in ${OUTBOX} whose subject has ${marker}`,
      timeout: 30_000,
    })
    .toContain(`Siyabonga! Order ${orderNumber} is confirmed ${marker}`);
});
