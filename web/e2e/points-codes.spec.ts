import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydrationOnNavigation } from './helpers/test';
import { DEMO_ADMIN, DEMO_CUSTOMER, expectSignedInAtRoot, submitSignIn } from './helpers/accounts';

// Points codes against a live server on the seeded demo: the admin makes a batch of three codes
// and exports them as CSV; the demo customer redeems one from Points Management in the header;
// the same code is then refused to the admin ("already been used"); the batch's page shows the
// redemption, and the admin disables the batch.

/** Today in South Africa plus `days`, YYYY-MM-DD (the codes' days are South Africa's). */
function saDay(days: number): string {
  return new Date(Date.now() + 2 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Redeems `code` in Points Management (the header's points button); `expected` is the toast that follows. */
async function redeem(page: Page, code: string, expected: string) {
  await page.getByTestId('points-button').click();
  const dialog = page.getByRole('dialog', { name: 'Points Management' });
  await dialog.getByRole('tab', { name: 'Redeem Code' }).click();
  await dialog.getByLabel('Points code').fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText(expected)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('an admin makes a batch of codes, exports it, sees one redeemed once, and disables the batch', async ({
  page,
  browser,
}) => {
  // Two people sign in; a slow machine needs more than the default 30 s.
  test.setTimeout(60_000);
  const name = `E2E flyers ${Date.now()}`;

  await submitSignIn(page, DEMO_ADMIN);
  await expectSignedInAtRoot(page, DEMO_ADMIN.name);
  await page.goto('/admin/points-codes/');
  await expect(page.getByRole('heading', { level: 1, name: 'Points codes' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Points per code').fill('75');
  await form.getByLabel('Number of codes').fill('3');
  await form.getByLabel('Last day').fill(saDay(30));
  await form.getByRole('button', { name: 'Make the codes' }).click();
  await expect(form.getByRole('status')).toHaveText(`Made 3 codes of 75 points each: “${name}”.`);

  const row = page.getByTestId('points-batch').filter({ hasText: name });
  await expect(row.getByTestId('batch-redeemed')).toHaveText('0 of 3');
  await expect(row.getByTestId('batch-status')).toHaveText('Active');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Export CSV: ${name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^points-codes-e2e-flyers-\d+\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Code,Points,Expires,Status,Redeemed at,Redeemed by');
  const codes = lines.slice(1).map((line) => line.split(',')[0]!);
  expect(codes).toHaveLength(3);
  for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{10}$/);

  // The customer, in their own browser, redeems the first code.
  const customerContext = await browser.newContext();
  const customer = waitForHydrationOnNavigation(await customerContext.newPage());
  await submitSignIn(customer, DEMO_CUSTOMER);
  await expectSignedInAtRoot(customer, DEMO_CUSTOMER.name);
  await redeem(customer, codes[0]!, 'Successfully redeemed 75 points!');
  await customerContext.close();

  // The same code again, for the admin: someone has it already.
  await page.goto('/');
  await redeem(page, codes[0]!, 'This code has already been used');

  await page.goto('/admin/points-codes/');
  await expect(row.getByTestId('batch-redeemed')).toHaveText('1 of 3');
  await row.getByRole('link', { name: `View: ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('figure-redeemed')).toHaveText('1 of 3');
  const redemption = page.getByTestId('redemption');
  await expect(redemption).toHaveCount(1);
  await expect(redemption).toContainText(codes[0]!);
  await expect(redemption).toContainText(DEMO_CUSTOMER.email);

  await page.getByRole('button', { name: `Disable: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable “${name}”?` });
  await expect(dialog).toContainText('Its 2 codes not yet redeemed stop working at once');
  await dialog.getByRole('button', { name: 'Disable the batch' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('figure-status')).toContainText('Disabled');
  await expect(page.getByRole('button', { name: `Disable: ${name}` })).toHaveCount(0);
});
