import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/test';
import { DEMO_ADMIN, DEMO_VENDOR, expectSignedInAtRoot, submitSignIn } from './helpers/accounts';

// A product import against a live server on the seeded demo, started with
// --fetch-private-addresses (the pictures the file names are on this same server, at
// 127.0.0.1): the admin uploads a Shopify product CSV at /admin/import/, reads the dry run (both
// products to be created), imports it, and finds the products in the storefront's search, with
// their picture copied into this site's media once the picture job has run.

const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Status',
] as const;

type ShopifyRow = Partial<Record<(typeof SHOPIFY_COLUMNS)[number], string>>;

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function shopifyCsv(rows: ShopifyRow[]): string {
  const lines = [SHOPIFY_COLUMNS.join(',')];
  for (const row of rows) lines.push(SHOPIFY_COLUMNS.map((column) => csvCell(row[column] ?? '')).join(','));
  return `${lines.join('\n')}\n`;
}

const PICTURE = /\.(png|jpe?g|webp)$/i;

/** The test's own PNG, put in the media library when the catalogue has no picture the importer fetches. */
const FALLBACK_PICTURE = fileURLToPath(new URL('./fixtures/product-back.png', import.meta.url));

/**
 * A picture this server serves, as an absolute address: a product's JPEG, PNG or WebP from the
 * public catalogue (the importer fetches only those, and the seeded pictures are SVG), else the
 * test's own PNG put in the demo vendor's media library.
 */
async function servedPicture(request: APIRequestContext, baseURL: string): Promise<string> {
  for (let page = 1; page <= 5; page += 1) {
    const response = await request.get(`/api/v1/products?per_page=100&page=${page}`);
    expect(response.ok(), 'GET /api/v1/products').toBe(true);
    const { products } = (await response.json()) as { products: { image_url: string | null }[] };
    const found = products.map((product) => product.image_url).find((url) => url?.startsWith('/media/') && PICTURE.test(url));
    if (found) return new URL(found, baseURL).toString();
    if (products.length < 100) break;
  }
  const token = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: DEMO_VENDOR.email, password: DEMO_VENDOR.password },
  });
  expect(token.ok(), 'the demo vendor signs in').toBe(true);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const upload = await request.post('/api/v1/vendor/media?filename=import-picture.png', {
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'image/png' },
    data: readFileSync(FALLBACK_PICTURE),
  });
  expect(upload.ok(), 'POST /api/v1/vendor/media').toBe(true);
  const { url } = (await upload.json()) as { url: string };
  return new URL(url, baseURL).toString();
}

test('an admin imports a Shopify product file, checks the dry run, imports it, and finds the products with their pictures', async ({
  page,
  request,
  baseURL,
}) => {
  // The check, the import and the picture job run one after the other in the background.
  test.setTimeout(90_000);
  const token = `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const tee = { handle: `e2e-import-tee-${token}`, name: `Kloof Runner Tee ${token}` };
  const bottle = { handle: `e2e-import-bottle-${token}`, name: `Kloof Trail Bottle ${token}` };
  const picture = await servedPicture(request, baseURL!);

  const csv = shopifyCsv([
    {
      Handle: tee.handle,
      Title: tee.name,
      'Body (HTML)': '<p>A light tee for <strong>long</strong> runs, made in Cape Town.</p>',
      Vendor: 'Kloof Outfitters',
      Type: 'Apparel',
      Tags: 'running, e2e',
      Published: 'TRUE',
      'Option1 Name': 'Size',
      'Option1 Value': 'S',
      'Variant SKU': `${token}-TEE-S`,
      'Variant Grams': '180',
      'Variant Inventory Qty': '5',
      'Variant Price': '349.00',
      'Variant Compare At Price': '399.00',
      'Image Src': picture,
      'Image Position': '1',
      'Image Alt Text': 'The tee, front',
      Status: 'active',
    },
    {
      Handle: tee.handle,
      'Option1 Value': 'M',
      'Variant SKU': `${token}-TEE-M`,
      'Variant Grams': '190',
      'Variant Inventory Qty': '7',
      'Variant Price': '349.00',
      'Variant Compare At Price': '399.00',
    },
    {
      Handle: bottle.handle,
      Title: bottle.name,
      'Body (HTML)': '<p>750 ml, keeps water cold for a day.</p>',
      Vendor: 'Kloof Outfitters',
      Type: 'Accessories',
      Published: 'TRUE',
      'Option1 Name': 'Title',
      'Option1 Value': 'Default Title',
      'Variant SKU': `${token}-BOTTLE`,
      'Variant Grams': '320',
      'Variant Inventory Qty': '12',
      'Variant Price': '199.00',
      'Image Src': picture,
      'Image Position': '1',
      'Image Alt Text': 'The bottle',
      Status: 'active',
    },
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-import-'));
  const file = path.join(dir, `shopify-products-${token}.csv`);
  writeFileSync(file, csv);

  try {
    await submitSignIn(page, DEMO_ADMIN);
    await expectSignedInAtRoot(page, DEMO_ADMIN.name);
    await page.goto('/admin/import/');
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Product file' });
    await form.getByLabel('File', { exact: true }).setInputFiles(file);
    await form.getByRole('button', { name: 'Check file' }).click();

    // The dry run: both products would be created, nothing is written yet.
    const importPanel = page.getByTestId('import-panel');
    await expect(importPanel.getByRole('heading', { level: 2, name: 'Dry run: nothing written yet' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(/\/admin\/import\/\?id=[0-9a-f-]{36}$/);
    await expect(importPanel.getByTestId('import-facts')).toContainText('Shopify CSV · 2 products');
    await expect(importPanel.getByTestId('import-status')).toHaveText('Checked: 2 to create, 0 to update, 0 unchanged, 0 rejected.');
    const rows = importPanel.getByTestId('import-row');
    await expect(rows).toHaveCount(2);
    for (const product of [tee, bottle]) {
      const row = rows.filter({ has: page.getByTestId('import-row-product').getByText(product.handle, { exact: true }) });
      await expect(row).toHaveAttribute('data-outcome', 'created');
      await expect(row).toContainText('To create');
    }

    await importPanel.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(importPanel.getByRole('heading', { level: 2, name: /^Imported / })).toBeVisible({ timeout: 30_000 });
    await expect(importPanel.getByTestId('import-status')).toHaveText('Imported: 2 created, 0 updated, 0 unchanged, 0 rejected.');
    const recent = page.getByTestId('recent-import').filter({ hasText: path.basename(file) });
    await expect(recent).toContainText('Imported');

    // In the storefront's search, once indexed, with the picture served from this site's media.
    await expect(async () => {
      await page.goto(`/search/?q=${encodeURIComponent(token)}`);
      const card = page.getByTestId('product-card').filter({ hasText: tee.name });
      await expect(card).toBeVisible({ timeout: 3_000 });
      await expect(card.getByRole('img', { name: tee.name })).toHaveAttribute('src', /^(https?:\/\/[^/]+)?\/media\/u\/import\//, {
        timeout: 1_000,
      });
      await expect(page.getByTestId('product-card').filter({ hasText: bottle.name })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
