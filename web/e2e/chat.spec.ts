import type { Locator, Page } from '@playwright/test';
import { expect } from './helpers/test';
import { test } from './helpers/people';
import {
  DEMO_VENDOR,
  expectSignedInAtRoot,
  markDocument,
  expectSameDocument,
  signUp,
  uniqueEmail,
} from './helpers/accounts';

// A customer asks a store about a product and the store answers, against a live server with the
// seeded demo (seeds/): the customer starts the conversation from the product page ("Ask the
// seller"), the store's vendor (vendor@bazaar.test runs OVR Official), in a browser context of
// their own, finds it in /vendor/messages/ with the product and answers. Both pages follow the
// other side over the live stream, without a reload: the customer's badge counts the answer,
// and each side sees "Read" under their message once the other has opened it.


const OVR = { slug: 'ovr-official', name: 'OVR Official' };

interface StoreProduct {
  slug: string;
  name: string;
}

/** The floating chat button (desktop) or the bottom bar's Messages (phones). */
function chatLauncher(page: Page, projectName: string): Locator {
  return page.getByTestId(projectName === 'mobile' ? 'bottom-bar-messages' : 'chat-button');
}

test('a customer asks a store about a product and the vendor answers, both following live', async ({
  page,
  signedIn,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const response = await request.get(`/api/v1/stores/${OVR.slug}?per_page=20`);
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: StoreProduct[] };
  const product = products[0]!;
  expect(product, 'a product of OVR Official').toBeDefined();

  // A new customer, so the conversation is new and its counts start at zero.
  const stamp = Date.now().toString(36);
  const customer = { name: `Chat Customer ${stamp}`, email: uniqueEmail('chat', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, customer);
  await expectSignedInAtRoot(page, customer.name);

  // The customer asks from the product page: a new conversation with the store, about the product.
  await page.goto(`/products/${product.slug}/`);
  await expect(page.getByTestId('product-name')).toHaveText(product.name);
  await page.getByRole('button', { name: 'Ask the seller' }).click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('conversation-title')).toHaveText(OVR.name);
  await expect(panel.getByText('Start a conversation')).toBeVisible();
  await expect(panel.getByTestId('pending-context')).toContainText(product.name);

  const question = `Does it run true to size? (${stamp})`;
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  const asked = panel.getByTestId('message').filter({ hasText: question });
  await expect(asked).toBeVisible();
  await expect(asked.getByTestId('chat-product-card')).toContainText(product.name);
  await expect(asked.getByTestId('read-receipt')).toHaveCount(0);
  await markDocument(page);

  // The vendor sees it in their inbox, unread, with the product it is about.
  const vendor = await signedIn(DEMO_VENDOR);
  await vendor.goto('/vendor/messages/?filter=unread');
  const row = vendor.getByTestId('conversation-row').filter({ hasText: customer.name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(question);
  await expect(row.getByTestId('conversation-unread')).toContainText('1');
  await row.click();
  const view = vendor.getByTestId('conversation-view');
  await expect(view.getByTestId('conversation-title')).toHaveText(customer.name);
  const received = view.getByTestId('message').filter({ hasText: question });
  await expect(received).toBeVisible();
  await expect(received.getByTestId('chat-product-card')).toContainText(product.name);

  // The vendor opened it: the customer's open panel shows their question as read.
  await expect(asked.getByTestId('read-receipt')).toHaveText('Read');

  // The customer closes the panel; the vendor answers.
  await panel.getByRole('button', { name: 'Close messages' }).click();
  await expect(panel).toHaveCount(0);
  const answer = `Yes, order your usual size. (${stamp})`;
  const vendorBox = view.getByRole('textbox', { name: 'Message' });
  await vendorBox.fill(answer);
  await vendorBox.press('Enter');
  const answered = view.getByTestId('message').filter({ hasText: answer });
  await expect(answered).toBeVisible();
  await expect(answered.getByTestId('read-receipt')).toHaveCount(0);

  // The customer's badge counts the answer, without a reload.
  const launcher = chatLauncher(page, testInfo.project.name);
  // (On phones the count is a visually hidden part of the label, which Chromium sets off with a space.)
  await expect(launcher).toHaveAccessibleName(/^Messages ?, 1 unread$/);
  await expect(launcher.getByTestId('count-badge')).toHaveText('1');
  await expectSameDocument(page);

  // Opening the conversation shows the answer and reads it: the badge clears, and the vendor
  // sees their answer as read.
  await launcher.click();
  await expect(panel).toBeVisible();
  const customerRow = panel.getByTestId('conversation-row').filter({ hasText: OVR.name });
  await expect(customerRow).toContainText(answer);
  await customerRow.click();
  await expect(panel.getByTestId('message').filter({ hasText: answer })).toBeVisible();
  await expect(panel.getByTestId('message').filter({ hasText: question }).getByTestId('read-receipt')).toHaveText('Read');
  await expect(answered.getByTestId('read-receipt')).toHaveText('Read');
  await expect(launcher).toHaveAccessibleName('Messages');
  await expectSameDocument(page);
});
