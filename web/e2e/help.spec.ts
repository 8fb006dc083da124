import { expect } from './helpers/test';
import { test } from './helpers/people';
import { DEMO_ADMIN } from './helpers/accounts';

// The help centre, against a live server with the seeded demo: an admin writes and publishes an
// article in /admin/help/ with a word no other article has; a visitor (the test's page, signed out)
// finds it by searching /help/, opens it and votes it helpful. The admin works in a browser
// context of their own.

/** A word of letters only, new on every run (the search matches words, so digits could split it). */
function uniqueWord(): string {
  return `zq${Date.now().toString(36)}`.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
}

test('an article an admin publishes is found, read and voted helpful by a visitor', async ({ page, signedIn }) => {
  const word = uniqueWord();
  const title = `Wrapping ${word} gifts`;

  const admin = await signedIn(DEMO_ADMIN);
  await admin.goto('/admin/help/');
  await admin.getByRole('link', { name: 'New article' }).click();
  const form = admin.getByRole('form', { name: 'New article' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption({ label: 'Orders & delivery' });
  await form.getByLabel('Summary').fill('Gift wrapping, and a note for the one who receives it.');
  await form.getByLabel('Body', { exact: true }).fill('## Adding wrapping\n\nTick **Gift wrap** at checkout, then write your note.');
  await form.getByRole('switch', { name: 'Published' }).check();
  await form.getByRole('button', { name: 'Create article' }).click();
  await expect(admin.getByText('Article created and published')).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.goto('/help/');
  await page.getByLabel('Search help articles').fill(word);
  const result = page.getByTestId('help-result').filter({ hasText: title });
  await expect(result).toContainText('Orders & delivery');
  await expect(page).toHaveURL(new RegExp(`/help/\\?q=${word}$`));
  await result.getByRole('link', { name: title }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('help-article-body').getByRole('heading', { level: 2, name: 'Adding wrapping' })).toBeVisible();
  await page.getByTestId('article-feedback').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Thanks for your feedback')).toBeVisible();
  await expect(page.getByTestId('article-helpful-count')).toHaveText('1 person found this helpful');
});
