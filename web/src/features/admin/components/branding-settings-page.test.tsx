import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type BrandingSettings,
  type BrandingSettingsInput,
  brandingSettingsQueryOptions,
} from '@/features/admin/api/branding';
import { AdminBrandingSettingsPage } from '@/features/admin/components/branding-settings-page';
import { errorUnder, refusal, replace, saveRefused, settingsPageHarness } from '@/test/admin-settings';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';

/** As the server answers before any admin saved colours: the built-in ones. */
const SETTINGS: BrandingSettings = {
  logo_url: '',
  logo_text: '',
  favicon_url: '',
  light_brand: '#047857',
  light_sale: '#b91c1c',
  dark_brand: '#34d399',
  dark_sale: '#f87171',
  body_font: 'system',
  heading_font: 'system',
  custom_colours: false,
  fonts: ['system', 'humanist', 'geometric', 'serif', 'mono'],
};

const harness = settingsPageHarness({
  title: 'Branding settings',
  path: 'branding',
  page: <AdminBrandingSettingsPage />,
  settings: SETTINGS,
  kept: (body: BrandingSettingsInput): BrandingSettings => ({ ...body, custom_colours: true, fonts: SETTINGS.fonts }),
});
const { renderPage, renderWithPublicSettings, findForm, failLoadThenRetry } = harness;

/** The settings as the server keeps them, and the storefront's, counting their reads. */
function serveSettings(...args: Parameters<typeof harness.serveSettings>) {
  const reads = { public: 0 };
  server.use(
    http.get('*/api/v1/settings/public', () => {
      reads.public += 1;
      return HttpResponse.json(publicSettings({ store: { name: 'Kasi Market' } }));
    }),
  );
  return { ...harness.serveSettings(...args), reads };
}

function theme(name: 'Light theme' | 'Dark theme') {
  return within(screen.getByRole('group', { name }));
}

describe('/admin/branding-settings', () => {
  it('loads the settings into the form, panel by panel', async () => {
    serveSettings();
    renderPage();
    const form = await findForm(['Logo', 'Favicon', 'Colours', 'Fonts']);
    expect(within(form).getByLabelText('Logo picture address')).toHaveValue('');
    expect(within(form).getByLabelText('Logo text')).toHaveValue('');
    expect(within(form).getByLabelText('Favicon address')).toHaveValue('');
    expect(theme('Light theme').getByLabelText('Brand colour')).toHaveValue('#047857');
    expect(theme('Light theme').getByLabelText('Sale colour')).toHaveValue('#b91c1c');
    expect(theme('Dark theme').getByLabelText('Brand colour')).toHaveValue('#34d399');
    expect(theme('Dark theme').getByLabelText('Sale colour')).toHaveValue('#f87171');
    // Each colour has the browser's picker beside its text.
    expect(theme('Dark theme').getByLabelText('Pick the sale colour')).toHaveValue('#f87171');
    expect(screen.getByTestId('built-in-colours')).toHaveTextContent('built-in colours');

    const textFont = within(form).getByRole('combobox', { name: 'Text font' });
    expect(textFont).toHaveValue('system');
    expect(within(textFont).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(SETTINGS.fonts);
    expect(within(form).getByRole('combobox', { name: 'Heading font' })).toHaveValue('system');
    // The hints point at the media library for addresses.
    expect(within(form).getAllByRole('link', { name: 'media library' })[0]).toHaveAttribute('href', '/admin/media/');
    // Without a picture the logo preview shows the store's name.
    await waitFor(() => expect(screen.getByTestId('logo-preview')).toHaveTextContent('Kasi Market'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('previews each theme’s colours with their contrast as they are typed or picked', async () => {
    serveSettings();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Branding settings' });
    const brand = theme('Light theme').getByLabelText('Brand colour');
    expect(screen.getByTestId('light-brand-contrast')).toHaveTextContent('Brand: contrast 5.4:1, easy to read');
    expect(screen.getByTestId('dark-sale-contrast')).toHaveTextContent('Sale: contrast 6.5:1, easy to read');

    await replace(user, brand, '#fde047');
    expect(screen.getByTestId('light-brand-contrast')).toHaveTextContent(
      'Brand: contrast 1.3:1, too low to read (at least 4.5:1 needed)',
    );
    // The picker follows the text.
    expect(theme('Light theme').getByLabelText('Pick the brand colour')).toHaveValue('#fde047');

    // Half typed: no verdict yet, and the preview keeps the saved colour.
    await replace(user, brand, '#1d4e');
    expect(theme('Light theme').getByText(/Brand: not a colour yet/)).toBeInTheDocument();

    // Picking writes the text; the preview's button and link use the site's darker brand shade.
    fireEvent.input(theme('Light theme').getByLabelText('Pick the brand colour'), { target: { value: '#1d4ed8' } });
    expect(brand).toHaveValue('#1d4ed8');
    expect(screen.getByTestId('light-brand-contrast')).toHaveTextContent('contrast 6.7:1, easy to read');
    const button = within(screen.getByTestId('light-preview')).getByText('Add to Cart');
    expect(button).toHaveStyle({ backgroundColor: '#173ead', color: '#ffffff' });

    // A colour that reads on white may not on the dark theme's surface.
    await replace(user, theme('Dark theme').getByLabelText('Brand colour'), '#1d4ed8');
    expect(screen.getByTestId('dark-brand-contrast')).toHaveTextContent(/too low to read/);
  });

  it('previews the logo picture and the fonts', async () => {
    serveSettings();
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Logo text'), 'Kasi');
    await user.type(screen.getByLabelText('Logo picture address'), '/media/brand/logo.png');
    const logo = within(screen.getByTestId('logo-preview')).getByRole('img', { name: 'Kasi' });
    expect(logo).toHaveAttribute('src', '/media/brand/logo.png');

    await user.type(screen.getByLabelText('Favicon address'), 'https://cdn.example.com/icon.png');
    expect(within(screen.getByTestId('favicon-preview')).getByRole('img', { name: 'The favicon' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/icon.png',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Heading font' }), 'serif');
    expect(screen.getByTestId('heading_font-sample').style.fontFamily).toMatch(/^Charter, /);
    expect(screen.getByTestId('body_font-sample').style.fontFamily).toMatch(/^ui-sans-serif, /);
  });

  it('saves the whole body, colours as #rrggbb, re-themes the site and says so', async () => {
    const api = serveSettings();
    const { queryClient } = renderWithPublicSettings();
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Branding settings' });
    await user.type(within(form).getByLabelText('Logo picture address'), '  /media/brand/logo.png ');
    await user.type(within(form).getByLabelText('Logo text'), 'Kasi Market');
    await replace(user, theme('Light theme').getByLabelText('Brand colour'), '#1D4ED8');
    await replace(user, theme('Dark theme').getByLabelText('Brand colour'), '#9cf');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Text font' }), 'humanist');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Heading font' }), 'serif');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        logo_url: '/media/brand/logo.png',
        logo_text: 'Kasi Market',
        favicon_url: '',
        light_brand: '#1d4ed8',
        light_sale: '#b91c1c',
        dark_brand: '#99ccff',
        dark_sale: '#f87171',
        body_font: 'humanist',
        heading_font: 'serif',
      },
    ]);
    expect(queryClient.getQueryData(brandingSettingsQueryOptions().queryKey)).toMatchObject({
      light_brand: '#1d4ed8',
      custom_colours: true,
    });
    expect(screen.queryByTestId('built-in-colours')).not.toBeInTheDocument();
    // The storefront's settings are read again, so the site (this page too) takes the new look.
    await waitFor(() => expect(api.reads.public).toBe(1));

    // Changing something again clears the message.
    await user.type(screen.getByLabelText('Logo text'), '!');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('checks colours, addresses and the logo text before sending', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Branding settings' });
    const lightBrand = (label: string) => theme('Light theme').getByLabelText(label);
    await user.type(screen.getByLabelText('Logo picture address'), 'javascript:alert(1)');
    await user.type(screen.getByLabelText('Favicon address'), '//evil.example/x.ico');
    await replace(user, lightBrand('Brand colour'), '#fde047');
    await replace(user, theme('Light theme').getByLabelText('Sale colour'), 'red');
    await replace(user, theme('Dark theme').getByLabelText('Sale colour'), '#7f1d1d');
    // maxLength stops typing at 40; a pasted value is checked too.
    fireEvent.input(screen.getByLabelText('Logo text'), { target: { value: 'x'.repeat(41) } });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(errorUnder(lightBrand('Brand colour'))).toBe(
        'Text in this colour is hard to read on the light theme (contrast 1.3:1, at least 4.5:1 needed)',
      ),
    );
    expect(errorUnder(theme('Light theme').getByLabelText('Sale colour'))).toBe('Use a colour like #047857');
    expect(errorUnder(theme('Dark theme').getByLabelText('Sale colour'))).toBe(
      'Text in this colour is hard to read on the dark theme (contrast 1.8:1, at least 4.5:1 needed)',
    );
    expect(errorUnder(theme('Dark theme').getByLabelText('Brand colour'))).toBeNull();
    const url = 'Use a picture from the media library (/media/…) or an https:// address';
    expect(errorUnder(screen.getByLabelText('Logo picture address'))).toBe(url);
    expect(errorUnder(screen.getByLabelText('Favicon address'))).toBe(url);
    expect(errorUnder(screen.getByLabelText('Logo text'))).toBe('The logo text is at most 40 characters');
    expect(screen.getByLabelText('Logo picture address')).toHaveFocus();
    expect(api.put).toHaveLength(0);
  });

  it('shows each field the server refused under its input, with a summary', async () => {
    const api = serveSettings(SETTINGS, () =>
      refusal('Text in this colour is hard to read on the light theme (contrast 4.5:1, at least 4.5:1 needed)', {
        light_brand: 'Text in this colour is hard to read on the light theme (contrast 4.5:1, at least 4.5:1 needed)',
        heading_font: 'Choose system, humanist, geometric, serif or mono',
        something_else: 'Something the page does not show',
      }),
    );
    renderPage();
    await saveRefused(userEvent.setup(), api.put, 'Something the page does not show');
    const brand = theme('Light theme').getByLabelText('Brand colour');
    expect(errorUnder(brand)).toMatch(/hard to read on the light theme/);
    expect(brand).toHaveAttribute('aria-invalid', 'true');
    expect(brand).toHaveFocus();
    expect(errorUnder(screen.getByRole('combobox', { name: 'Heading font' }))).toBe(
      'Choose system, humanist, geometric, serif or mono',
    );
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
    await failLoadThenRetry();
    expect(await screen.findByLabelText('Logo text')).toHaveValue('');
  });
});
