import { expect } from './helpers/test';
import { test } from './helpers/people';
import { DEMO_ADMIN, DEMO_CUSTOMER, expectSignedInAtRoot, signUp, submitSignIn, uniqueEmail } from './helpers/accounts';

// Support tickets, against a live server with the seeded demo: a signed-in customer sends the
// contact form and gets a reference; an admin finds the ticket in /admin/tickets/, opens it and
// marks it solved; the customer's profile then shows it solved. And a support chat becomes a
// ticket from /admin/support/ that an admin solves. The customer is the test's page;
// the admin works in a browser context of their own.


test('a contact message becomes a ticket that an admin solves and the customer sees solved', async ({
  page,
  signedIn,
}, testInfo) => {
  const subject = `Parcel not here (${testInfo.project.name} ${Date.now()})`;

  await submitSignIn(page, DEMO_CUSTOMER);
  await expectSignedInAtRoot(page, DEMO_CUSTOMER.name);
  await page.goto('/contact/');
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('Name')).toHaveValue(DEMO_CUSTOMER.name);
  await expect(form.getByLabel('Email')).toHaveValue(DEMO_CUSTOMER.email);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('My order was due on Monday and has not arrived yet.');
  await form.getByRole('button', { name: 'Send message' }).click();

  const sent = page.getByTestId('contact-sent');
  await expect(sent).toContainText('Thanks — your message is ticket T-');
  await expect(sent).toContainText('We reply within one business day.');
  const reference = (await page.getByTestId('ticket-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^T-\d+$/);

  await page.getByRole('link', { name: 'See your support tickets' }).click();
  const mine = page.getByTestId('ticket-row').filter({ hasText: subject });
  await expect(mine).toContainText(reference);
  await expect(mine.getByTestId('ticket-status')).toHaveText('Open');

  const admin = await signedIn(DEMO_ADMIN);
  await admin.goto(`/admin/tickets/?q=${encodeURIComponent(reference)}`);
  const row = admin.getByTestId('ticket-row').filter({ hasText: subject });
  await expect(row).toContainText(DEMO_CUSTOMER.email);
  await row.getByRole('link', { name: subject }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Ticket ${reference}` })).toBeVisible();
  await expect(admin.getByTestId('ticket-body')).toHaveText('My order was due on Monday and has not arrived yet.');

  await admin.getByLabel('Status').selectOption('solved');
  await expect(admin.getByText('Ticket updated')).toBeVisible();
  await expect(admin.getByLabel('Status')).toHaveValue('solved');

  await page.reload();
  await expect(page.getByTestId('ticket-row').filter({ hasText: subject }).getByTestId('ticket-status')).toHaveText('Solved');
});

test('a support chat becomes a ticket that an admin solves', async ({ page, signedIn }, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const customer = { name: `Ticket Customer ${stamp}`, email: uniqueEmail('ticket', testInfo.project.name), password: 'e2e-pass-123' };
  await signUp(page, customer);
  await expectSignedInAtRoot(page, customer.name);

  // The customer writes to support from the chat panel.
  await page.getByTestId(testInfo.project.name === 'mobile' ? 'bottom-bar-messages' : 'chat-button').click();
  const panel = page.getByTestId('chat-panel');
  await panel.getByRole('button', { name: 'Chat with support' }).click();
  const question = `My refund has not arrived (${stamp})`;
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  await expect(panel.getByTestId('message').filter({ hasText: question })).toBeVisible();

  // An admin opens it in the support inbox and makes it a ticket.
  const admin = await signedIn(DEMO_ADMIN);
  await admin.goto('/admin/support/');
  await admin.getByTestId('conversation-row').filter({ hasText: customer.name }).click();
  await expect(admin.getByTestId('conversation-view').getByTestId('message').filter({ hasText: question })).toBeVisible();
  await admin.getByRole('button', { name: 'Make ticket' }).click();
  await expect(admin.getByText(/^Ticket T-\d+ created$/)).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: /^Ticket T-\d+$/ })).toBeVisible();
  await expect(admin.getByTestId('ticket-body')).toHaveText(question);
  await admin.getByLabel('Status').selectOption('solved');
  await expect(admin.getByText('Ticket updated')).toBeVisible();

  // The customer sees it solved in their profile.
  await page.goto('/profile/?tab=tickets');
  const mine = page.getByTestId('ticket-row').filter({ hasText: `Support chat with ${customer.name}` });
  await expect(mine.getByTestId('ticket-status')).toHaveText('Solved');
});
