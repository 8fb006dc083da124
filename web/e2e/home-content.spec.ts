import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './helpers/test';
import { DEMO_ADMIN, expectSignedInAtRoot, submitSignIn } from './helpers/accounts';

// An admin replaces the home page's slides and banners; a visitor's first paint of `/` shows the
// admins' content (the exported built-in slides stay hidden), and the built-in content is put
// back from the admin page afterwards, so the specs after this one see the seeded site.

const TITLE = 'Braai season gear is here';

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(response.ok()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

test.afterAll(async ({ request }) => {
  const reset = await request.delete('/api/v1/admin/settings/home', { headers: await adminHeaders(request) });
  expect(reset.ok()).toBe(true);
});

test('the home page shows the slides and banners an admin saves, from its first paint', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const saved = await request.put('/api/v1/admin/settings/home', {
    headers: await adminHeaders(request),
    data: {
      slides: [
        {
          subtitle: 'Summer',
          title: TITLE,
          description: 'Cooler boxes, camp chairs and gear for long weekends.',
          button_text: 'Shop outdoor',
          link: '/products/?category=outdoor',
          image_url: null,
          tone: 'light',
        },
      ],
      banners: [
        {
          kicker: 'This week',
          title: 'Team kit for the new season',
          text: '',
          button_text: 'See team sports',
          link: '/products/',
          image_url: null,
          tone: 'brand',
        },
      ],
    },
  });
  expect(saved.ok()).toBe(true);

  // The served page carries the content and hides the exported slides until it is drawn.
  const html = await (await request.get('/')).text();
  expect(html).toContain(TITLE);
  expect(html).toContain('[data-home-default]{visibility:hidden}');

  const visitor = await browser.newPage();
  const errors: string[] = [];
  visitor.on('pageerror', (error) => errors.push(error.message));
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /See team sports/ })).toBeVisible();
  await expect(visitor.getByText('Gear up for your next personal best')).toHaveCount(0);
  await expect(visitor.getByTestId('home-banner')).toHaveCount(1);
  expect(errors).toEqual([]);
  await visitor.close();

  // The admin page shows the content as edited and puts the built-in content back.
  await submitSignIn(page, DEMO_ADMIN);
  await expectSignedInAtRoot(page, DEMO_ADMIN.name);
  await page.goto('/admin/home-page/');
  await expect(page.getByText('Edited', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true }).first()).toHaveValue(TITLE);
});
