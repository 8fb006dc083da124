import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type TrackingSettings, trackingSettingsQueryOptions } from '@/features/admin/api/tracking';
import {
  AdminTrackingSettingsPage,
  CONSENT_NOTE,
  formFieldErrors,
} from '@/features/admin/components/tracking-settings-page';
import {
  errorUnder,
  expectPublicSettingsStale,
  refusal,
  replace,
  saveRefused,
  settingsPageHarness,
} from '@/test/admin-settings';

/** Every tool off, as a fresh shop has them (GA4's and the Pixel's options on by default). */
const SETTINGS: TrackingSettings = {
  ga4: { enabled: false, measurement_id: '', anonymize_ip: true, send_page_view: true },
  google_ads: {
    enabled: false,
    conversion_id: '',
    purchase_label: '',
    add_to_cart_label: '',
    begin_checkout_label: '',
    sign_up_label: '',
  },
  hotjar: { enabled: false, site_id: '' },
  meta_pixel: { enabled: false, pixel_id: '', track_page_view: true, track_add_to_cart: true, track_purchase: true },
};

const { serveSettings, renderPage, renderWithPublicSettings, findForm, failLoadThenRetry } = settingsPageHarness({
  title: 'Tracking settings',
  path: 'tracking',
  page: <AdminTrackingSettingsPage />,
  settings: SETTINGS,
  kept: (body: TrackingSettings) => body,
});

/** The panel (section) of a tool, by its heading. */
function panel(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 2, name }).closest('section')!;
}

describe('/admin/tracking-settings', () => {
  it('shows a panel per tool with its cookie category, and says the tools load only after consent', async () => {
    serveSettings({
      ...SETTINGS,
      ga4: { enabled: true, measurement_id: 'G-AB12CD34EF', anonymize_ip: true, send_page_view: false },
      google_ads: { ...SETTINGS.google_ads, conversion_id: 'AW-123456789', purchase_label: 'buy_1' },
    });
    renderPage();
    await findForm();
    expect(screen.getByTestId('consent-note')).toHaveTextContent(CONSENT_NOTE);

    const analytics = 'Analytics cookies: visitors’ browsers load it only after they accept analytics.';
    const marketing = 'Marketing cookies: visitors’ browsers load it only after they accept marketing.';
    expect(panel('Google Analytics 4')).toHaveTextContent(analytics);
    expect(panel('Hotjar')).toHaveTextContent(analytics);
    expect(panel('Google Ads')).toHaveTextContent(marketing);
    expect(panel('Meta Pixel')).toHaveTextContent(marketing);

    const ga4 = within(panel('Google Analytics 4'));
    expect(ga4.getByRole('switch', { name: 'Use Google Analytics 4' })).toBeChecked();
    expect(ga4.getByLabelText('Measurement ID')).toHaveValue('G-AB12CD34EF');
    expect(ga4.getByRole('switch', { name: 'Anonymise IP addresses' })).toBeChecked();
    expect(ga4.getByRole('switch', { name: 'Send page views' })).not.toBeChecked();

    const ads = within(panel('Google Ads'));
    expect(ads.getByRole('switch', { name: 'Use Google Ads conversion tracking' })).not.toBeChecked();
    expect(ads.getByLabelText('Conversion ID')).toHaveValue('AW-123456789');
    expect(ads.getByLabelText('Purchase label')).toHaveValue('buy_1');
    for (const label of ['Add to cart label', 'Begin checkout label', 'Sign-up label']) {
      expect(ads.getByLabelText(label)).toHaveValue('');
    }
    expect(within(panel('Hotjar')).getByRole('switch', { name: 'Use Hotjar' })).not.toBeChecked();
    const pixel = within(panel('Meta Pixel'));
    expect(pixel.getByRole('switch', { name: 'Use the Meta Pixel' })).not.toBeChecked();
    for (const name of ['Track page views', 'Track add to cart', 'Track purchases']) {
      expect(pixel.getByRole('switch', { name })).toBeChecked();
    }
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('saves the whole body, ids tidied as the server keeps them, and reads the storefront’s settings again', async () => {
    const api = serveSettings();
    const { queryClient } = renderWithPublicSettings();
    const user = userEvent.setup();

    await screen.findByRole('form', { name: 'Tracking settings' });
    await user.click(screen.getByRole('switch', { name: 'Use Google Analytics 4' }));
    await user.type(screen.getByLabelText('Measurement ID'), ' g-ab12cd34ef ');
    await user.click(screen.getByRole('switch', { name: 'Send page views' }));
    await user.click(screen.getByRole('switch', { name: 'Use Hotjar' }));
    await user.type(screen.getByLabelText('Site ID'), '3456789');
    await user.click(screen.getByRole('switch', { name: 'Use Google Ads conversion tracking' }));
    await user.type(screen.getByLabelText('Conversion ID'), 'aw-123456789');
    await user.type(screen.getByLabelText('Purchase label'), ' abC-12_x ');
    await user.type(screen.getByLabelText('Sign-up label'), 'join');
    await user.click(screen.getByRole('switch', { name: 'Use the Meta Pixel' }));
    await user.type(screen.getByLabelText('Pixel ID'), '1234567890123');
    await user.click(screen.getByRole('switch', { name: 'Track add to cart' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        ga4: { enabled: true, measurement_id: 'G-AB12CD34EF', anonymize_ip: true, send_page_view: false },
        hotjar: { enabled: true, site_id: '3456789' },
        google_ads: {
          enabled: true,
          conversion_id: 'AW-123456789',
          purchase_label: 'abC-12_x',
          add_to_cart_label: '',
          begin_checkout_label: '',
          sign_up_label: 'join',
        },
        meta_pixel: {
          enabled: true,
          pixel_id: '1234567890123',
          track_page_view: true,
          track_add_to_cart: false,
          track_purchase: true,
        },
      },
    ]);
    expect(screen.getByLabelText('Measurement ID')).toHaveValue('G-AB12CD34EF');
    expect(queryClient.getQueryData(trackingSettingsQueryOptions().queryKey)).toMatchObject({
      ga4: { enabled: true, measurement_id: 'G-AB12CD34EF' },
    });
    // The storefront's banner and tools follow the public settings.
    await expectPublicSettingsStale(queryClient);
  });

  it('lets an id stay empty while its tool is off', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([SETTINGS]);
  });

  it('checks the ids and labels before sending, with the server’s messages', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Tracking settings' });
    await user.click(screen.getByRole('switch', { name: 'Use Google Analytics 4' }));
    await user.click(screen.getByRole('switch', { name: 'Use Hotjar' }));
    await user.type(screen.getByLabelText('Conversion ID'), 'AW-12345');
    await user.type(screen.getByLabelText('Add to cart label'), 'not a label');
    await user.type(screen.getByLabelText('Begin checkout label'), 'x'.repeat(64));
    await user.type(screen.getByLabelText('Pixel ID'), '123456789');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(errorUnder(screen.getByLabelText('Measurement ID'))).toBe(
        'Enter a GA4 measurement id (G-XXXXXXXXXX) to turn this on',
      ),
    );
    expect(errorUnder(screen.getByLabelText('Site ID'))).toBe('Enter a Hotjar site id (up to 10 digits) to turn this on');
    // Off, but filled in wrongly: still refused.
    expect(errorUnder(screen.getByLabelText('Conversion ID'))).toBe('This is not a Google Ads conversion id (AW- and digits)');
    expect(errorUnder(screen.getByLabelText('Add to cart label'))).toBe('A label is up to 64 letters, digits, - or _');
    expect(errorUnder(screen.getByLabelText('Begin checkout label'))).toBeNull();
    expect(errorUnder(screen.getByLabelText('Pixel ID'))).toBe('This is not a Meta Pixel id (10 to 20 digits)');
    expect(screen.getByLabelText('Measurement ID')).toHaveFocus();
    expect(api.put).toHaveLength(0);

    await replace(user, screen.getByLabelText('Measurement ID'), 'G-ABC');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(errorUnder(screen.getByLabelText('Measurement ID'))).toBe('This is not a GA4 measurement id (G-XXXXXXXXXX)'),
    );
    expect(api.put).toHaveLength(0);
  });

  it('shows each field the server refused under its input, a label’s too, with a summary', async () => {
    const api = serveSettings(SETTINGS, () =>
      refusal('This is not a Hotjar site id (up to 10 digits)', {
        'hotjar.site_id': 'This is not a Hotjar site id (up to 10 digits)',
        'google_ads.labels.sign_up': 'A label is up to 64 letters, digits, - or _',
        something_else: 'Something the page does not show',
      }),
    );
    renderPage();
    await saveRefused(userEvent.setup(), api.put, 'Something the page does not show');
    const siteId = screen.getByLabelText('Site ID');
    expect(errorUnder(siteId)).toBe('This is not a Hotjar site id (up to 10 digits)');
    expect(siteId).toHaveAttribute('aria-invalid', 'true');
    expect(siteId).toHaveFocus();
    const signUp = screen.getByLabelText('Sign-up label');
    expect(errorUnder(signUp)).toBe('A label is up to 64 letters, digits, - or _');
    expect(signUp).toHaveAttribute('aria-invalid', 'true');
    expect(errorUnder(screen.getByLabelText('Purchase label'))).toBeNull();
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('names a label’s server error as the form does', () => {
    expect(
      formFieldErrors({
        'google_ads.labels.purchase': 'a',
        'google_ads.labels.add_to_cart': 'b',
        'google_ads.labels.begin_checkout': 'c',
        'google_ads.labels.sign_up': 'd',
        'google_ads.conversion_id': 'e',
        'ga4.measurement_id': 'f',
      }),
    ).toEqual({
      'google_ads.purchase_label': 'a',
      'google_ads.add_to_cart_label': 'b',
      'google_ads.begin_checkout_label': 'c',
      'google_ads.sign_up_label': 'd',
      'google_ads.conversion_id': 'e',
      'ga4.measurement_id': 'f',
    });
  });

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByLabelText('Measurement ID')).toHaveValue('');
  });
});
