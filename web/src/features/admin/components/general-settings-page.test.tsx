import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type GeneralSettings, generalSettingsQueryOptions } from '@/features/admin/api/settings';
import { AdminGeneralSettingsPage } from '@/features/admin/components/general-settings-page';
import {
  errorUnder,
  expectPublicSettingsStale,
  hintUnder,
  refusal,
  replace,
  saveRefused,
  settingsPageHarness,
} from '@/test/admin-settings';

const SETTINGS: GeneralSettings = {
  store_name: 'Bazaar',
  contact_email: 'help@bazaar.co.za',
  contact_phone: '+27215550100',
  address: '1 Long Street, Cape Town, 8001',
  support_hours: null,
  free_shipping_threshold: '450.00',
  standard_shipping_rate: '65.00',
  vat_rate_percent: 15,
  points_per_100_rand: 10,
  points_per_rand: 10,
};

const { serveSettings, renderPage, renderWithPublicSettings, findForm, expectButtonOffWhileSaving, failLoadThenRetry } =
  settingsPageHarness({
    title: 'General settings',
    path: 'general',
    page: <AdminGeneralSettingsPage />,
    settings: SETTINGS,
    kept: (body: GeneralSettings) => ({ ...body, points_per_rand: 10 }),
  });

describe('/admin/general-settings', () => {
  it('loads the settings into the form, section by section', async () => {
    serveSettings();
    renderPage();
    const form = await findForm(['Store', 'Shipping', 'Tax', 'Points']);

    expect(within(form).getByLabelText('Store name')).toHaveValue('Bazaar');
    expect(within(form).getByLabelText('Contact email')).toHaveValue('help@bazaar.co.za');
    expect(within(form).getByLabelText('Contact phone')).toHaveValue('+27215550100');
    expect(within(form).getByLabelText('Address')).toHaveValue('1 Long Street, Cape Town, 8001');
    expect(within(form).getByLabelText('Support hours')).toHaveValue('');
    expect(within(form).getByLabelText('Free shipping from (R)')).toHaveValue('450.00');
    expect(within(form).getByLabelText('Standard shipping rate (R)')).toHaveValue('65.00');
    const vat = within(form).getByLabelText('VAT rate (%)');
    expect(vat).toHaveValue('15');
    expect(hintUnder(vat)).toBe('Catalogue prices include VAT at this rate.');
    expect(within(form).getByLabelText('Points per R100')).toHaveValue('10');

    // The points' value is fixed: said, not asked.
    expect(within(form).getByTestId('points-value')).toHaveTextContent('10 points = R1 when spent');
    expect(within(form).queryByRole('textbox', { name: /points = R1/ })).not.toBeInTheDocument();
    // The nine settings above, and nothing for the points' value.
    expect(within(form).getAllByRole('textbox')).toHaveLength(9);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('saves: whole numbers as numbers, amounts as strings, empty details as null; then says so', async () => {
    const api = serveSettings(SETTINGS, (body) => ({
      ...body,
      contact_email: body.contact_email?.toLowerCase() ?? null,
      contact_phone: '+27825551234',
      free_shipping_threshold: '500.00',
      points_per_rand: 10,
    }));
    const { queryClient } = renderWithPublicSettings();
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'General settings' });
    await replace(user, within(form).getByLabelText('Store name'), 'Bazaar SA');
    await replace(user, within(form).getByLabelText('Contact email'), 'Help@Bazaar.co.za');
    await replace(user, within(form).getByLabelText('Contact phone'), '082 555 1234');
    await replace(user, within(form).getByLabelText('Address'), '');
    await replace(user, within(form).getByLabelText('Support hours'), 'Mon–Fri 08:00–17:00');
    await replace(user, within(form).getByLabelText('Free shipping from (R)'), '500');
    await replace(user, within(form).getByLabelText('Standard shipping rate (R)'), '70.50');
    await replace(user, within(form).getByLabelText('VAT rate (%)'), '16');
    await replace(user, within(form).getByLabelText('Points per R100'), '25');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        store_name: 'Bazaar SA',
        contact_email: 'Help@Bazaar.co.za',
        contact_phone: '082 555 1234',
        address: null,
        support_hours: 'Mon–Fri 08:00–17:00',
        free_shipping_threshold: '500',
        standard_shipping_rate: '70.50',
        vat_rate_percent: 16,
        points_per_100_rand: 25,
      },
    ]);
    // The form shows what the server kept.
    expect(screen.getByLabelText('Contact email')).toHaveValue('help@bazaar.co.za');
    expect(screen.getByLabelText('Contact phone')).toHaveValue('+27825551234');
    expect(screen.getByLabelText('Free shipping from (R)')).toHaveValue('500.00');
    expect(queryClient.getQueryData(generalSettingsQueryOptions().queryKey)).toMatchObject({ vat_rate_percent: 16 });
    // The storefront's settings (its shipping hint) are read again.
    await expectPublicSettingsStale(queryClient);

    // Changing something again clears the message.
    await user.type(screen.getByLabelText('Store name'), '!');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows each field the server refused under its input, with a summary', async () => {
    const api = serveSettings(SETTINGS, () =>
      refusal(
        'Enter a South African number, like 082 555 1234',
        {
          contact_phone: 'Enter a South African number, like 082 555 1234',
          contact_email: 'Enter an email address, like help@example.co.za',
          standard_shipping_rate: 'The standard shipping rate must be from 0.00 to 1000000.00',
        },
        'invalid',
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await replace(user, await screen.findByLabelText('Contact phone'), '12');
    await replace(user, screen.getByLabelText('Contact email'), 'not-an-email');
    await saveRefused(user, api.put);
    const phone = screen.getByLabelText('Contact phone');
    expect(errorUnder(phone)).toBe('Enter a South African number, like 082 555 1234');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    const email = screen.getByLabelText('Contact email');
    expect(errorUnder(email)).toBe('Enter an email address, like help@example.co.za');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The first refused field in the page's order is focused.
    expect(email).toHaveFocus();
    expect(errorUnder(screen.getByLabelText('Standard shipping rate (R)'))).toBe(
      'The standard shipping rate must be from 0.00 to 1000000.00',
    );
    expect(errorUnder(screen.getByLabelText('Store name'))).toBeNull();
    expect(screen.getByLabelText('Store name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('checks the plain limits before sending', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store name');
    await replace(user, name, 'B');
    await replace(user, screen.getByLabelText('Free shipping from (R)'), '12.345');
    await replace(user, screen.getByLabelText('VAT rate (%)'), '101');
    await replace(user, screen.getByLabelText('Points per R100'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(errorUnder(name)).toBe('Store name must be 2 to 60 characters'));
    expect(errorUnder(screen.getByLabelText('Free shipping from (R)'))).toMatch(/0\.00 to 1000000\.00/);
    expect(errorUnder(screen.getByLabelText('VAT rate (%)'))).toBe('The VAT rate must be 0 to 100 percent');
    expect(errorUnder(screen.getByLabelText('Points per R100'))).toBe('Points per R100 must be 0 to 10,000');
    expect(errorUnder(screen.getByLabelText('Standard shipping rate (R)'))).toBeNull();
    expect(api.put).toHaveLength(0);
  });

  it('keeps the button off while saving', () => expectButtonOffWhileSaving());

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByLabelText('Store name')).toHaveValue('Bazaar');
  });
});
