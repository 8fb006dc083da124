import { expect, test } from './helpers/test';
import { DEMO_ADMIN, expectSignedInAtRoot, submitSignIn } from './helpers/accounts';

// The admin's marketing pages against a live server on the seeded demo (platform coupons
// WELCOME10 and SAVE50, the OVR Official store's OVR15): the daily deals open on the proposals;
// the coupons list the platform's and, under "Stores", the stores'; the admin makes a platform
// coupon, sees it listed, and deletes it (never used).

test('an admin reviews the daily deals, and makes and deletes a platform coupon', async ({ page }) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;

  await submitSignIn(page, DEMO_ADMIN);
  await expectSignedInAtRoot(page, DEMO_ADMIN.name);

  await page.goto('/admin/daily-deals/');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily deals' })).toBeVisible();
  const statuses = page.getByRole('navigation', { name: 'Deal status' });
  await expect(statuses.getByRole('link', { name: 'Proposed' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('deal-row').first().or(page.getByTestId('empty-state'))).toBeVisible();

  await page.goto('/admin/coupons/');
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await expect(page.getByTestId('coupon-row').filter({ hasText: 'WELCOME10' })).toBeVisible();
  await expect(page.getByTestId('coupon-row').filter({ hasText: 'OVR15' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Whose coupons' }).getByRole('link', { name: 'Stores' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\/\?scope=stores$/);
  const store = page.getByTestId('coupon-row').filter({ hasText: 'OVR15' });
  await expect(store.getByTestId('coupon-store')).toHaveText('OVR Official');
  await expect(store.getByRole('button')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Whose coupons' }).getByRole('link', { name: 'Platform' }).click();
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Description').fill('Made by the e2e run');
  await form.getByLabel('Percent off (%)').fill('12');
  await form.getByLabel('Minimum spend (R)').fill('300');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Coupon created')).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(row.getByTestId('coupon-discount')).toHaveText('12%');
  await expect(row.getByTestId('coupon-minimum')).toHaveText('R300.00');
  await expect(row.getByTestId('coupon-orders')).toHaveText('0');
  await expect(row.getByTestId('status-badge')).toHaveText('Active');

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${code}?` });
  await dialog.getByRole('button', { name: 'Delete coupon' }).click();
  await expect(page.getByText(`${code} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
