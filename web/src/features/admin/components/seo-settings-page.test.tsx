import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type SeoSettings, seoSettingsQueryOptions } from '@/features/admin/api/seo';
import { AdminSeoSettingsPage, SEO_MESSAGES } from '@/features/admin/components/seo-settings-page';
import { errorUnder, refusal, replace, saveRefused, settingsPageHarness } from '@/test/admin-settings';

/** As a fresh shop has them: the built-in title and description, no picture, every page listed. */
const SETTINGS: SeoSettings = {
  default_title: 'bazaar',
  default_description: 'Shop products from South African stores, priced in rand with VAT included.',
  social_image_url: null,
  sitemap_products: true,
  sitemap_stores: true,
  sitemap_pages: true,
};

const { serveSettings, renderPage, findForm, expectButtonOffWhileSaving, failLoadThenRetry } = settingsPageHarness({
  title: 'SEO settings',
  path: 'seo',
  page: <AdminSeoSettingsPage />,
  settings: SETTINGS,
  kept: (body: SeoSettings) => body,
});

describe('/admin/seo-settings', () => {
  it('loads the settings, with a search result preview and the sitemap’s switches', async () => {
    serveSettings({ ...SETTINGS, social_image_url: '/media/u/ab/cover.jpg', sitemap_stores: false });
    renderPage();
    const form = await findForm(['Search results', 'Social image', 'Sitemap']);

    expect(within(form).getByLabelText('Default title')).toHaveValue('bazaar');
    expect(within(form).getByLabelText('Default description')).toHaveValue(SETTINGS.default_description);
    expect(within(form).getByLabelText('Social image address')).toHaveValue('/media/u/ab/cover.jpg');

    const search = screen.getByTestId('search-preview');
    expect(search).toHaveTextContent('bazaar');
    expect(search).toHaveTextContent(window.location.host);
    expect(search).toHaveTextContent(SETTINGS.default_description);
    expect(within(screen.getByTestId('social-preview')).getByRole('img', { name: 'The social image' })).toHaveAttribute(
      'src',
      '/media/u/ab/cover.jpg',
    );

    expect(within(form).getByRole('switch', { name: 'Products' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Stores' })).not.toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Information pages' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Information pages' })).toHaveAccessibleDescription(
      'About, FAQ, contact, delivery policy, returns, privacy and terms.',
    );
    expect(screen.getByTestId('sitemap-hint')).toHaveTextContent('/sitemap.xml');
  });

  it('previews the title and description as they are typed, and no picture without one', async () => {
    serveSettings();
    renderPage();
    const user = userEvent.setup();
    await findForm();
    expect(within(screen.getByTestId('social-preview')).queryByRole('img')).not.toBeInTheDocument();
    await replace(user, screen.getByLabelText('Default title'), 'Sports gear from local stores');
    expect(screen.getByTestId('search-preview')).toHaveTextContent('Sports gear from local stores');
    expect(screen.getByTestId('social-preview')).toHaveTextContent('Sports gear from local stores');
  });

  it('saves: trimmed text, an empty picture as null, the switches as they are; then says so', async () => {
    const api = serveSettings();
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await findForm();

    await replace(user, screen.getByLabelText('Default title'), '  Sports gear from local stores ');
    await replace(user, screen.getByLabelText('Social image address'), '  ');
    await user.click(screen.getByRole('switch', { name: 'Products' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        ...SETTINGS,
        default_title: 'Sports gear from local stores',
        social_image_url: null,
        sitemap_products: false,
      },
    ]);
    expect(queryClient.getQueryData(seoSettingsQueryOptions().queryKey)).toMatchObject({ sitemap_products: false });
    expect(screen.getByLabelText('Default title')).toHaveValue('Sports gear from local stores');
  });

  it('checks the limits before sending', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await findForm();
    await replace(user, screen.getByLabelText('Default title'), 'ab');
    await replace(user, screen.getByLabelText('Default description'), 'Too short');
    await replace(user, screen.getByLabelText('Social image address'), 'ftp://example.com/x.png');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(errorUnder(screen.getByLabelText('Default title'))).toBe(SEO_MESSAGES.title));
    expect(errorUnder(screen.getByLabelText('Default description'))).toBe(SEO_MESSAGES.description);
    expect(errorUnder(screen.getByLabelText('Social image address'))).toBe(SEO_MESSAGES.image);
    expect(api.put).toHaveLength(0);
  });

  it('shows each field the server refused under its input, with a summary', async () => {
    const api = serveSettings(SETTINGS, () =>
      refusal('Invalid', { social_image_url: 'The picture is too large', default_title: 'The title is taken' }),
    );
    renderPage();
    const user = userEvent.setup();
    await replace(user, await screen.findByLabelText('Social image address'), 'https://cdn.example.com/big.png');
    await saveRefused(user, api.put);
    expect(errorUnder(screen.getByLabelText('Social image address'))).toBe('The picture is too large');
    expect(errorUnder(screen.getByLabelText('Default title'))).toBe('The title is taken');
    expect(screen.getByLabelText('Default title')).toHaveFocus();
    expect(api.put).toEqual([expect.objectContaining({ social_image_url: 'https://cdn.example.com/big.png' })]);
  });

  it('keeps the button off while saving', () => expectButtonOffWhileSaving());

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByLabelText('Default title')).toHaveValue('bazaar');
  });
});
