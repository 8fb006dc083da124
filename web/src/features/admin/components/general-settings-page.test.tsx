import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicSettingsQueryOptions } from '@/lib/public-settings';
import { type GeneralSettings, generalSettingsQueryOptions } from '@/features/admin/api/settings';
import { AdminGeneralSettingsPage } from '@/features/admin/components/general-settings-page';
import { FIELDS_REFUSED } from '@/features/admin/lib/use-settings-save';
import { storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

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

type Save = (body: GeneralSettings) => Response | GeneralSettings;

/** The settings as the server keeps them; records each PUT body. */
function serveSettings(initial: GeneralSettings = SETTINGS, answer?: Save) {
  let current = initial;
  const put: unknown[] = [];
  server.use(
    http.get('*/api/v1/admin/settings/general', () => HttpResponse.json(current)),
    http.put('*/api/v1/admin/settings/general', async ({ request }) => {
      const body = (await request.json()) as GeneralSettings;
      put.push(body);
      const result = answer?.(body) ?? { ...body, points_per_rand: 10 };
      if (result instanceof Response) return result;
      current = result;
      return HttpResponse.json(result);
    }),
  );
  return { put };
}

function renderPage() {
  storeSession();
  return renderWithQueryClient(<AdminGeneralSettingsPage />);
}

/** The error message shown under an input (its aria-describedby's `-error` element). */
function errorUnder(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((candidate) => candidate.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The hint shown under an input. */
function hintUnder(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((candidate) => candidate.endsWith('-hint'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function replace(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

describe('/admin/general-settings', () => {
  it('loads the settings into the form, section by section', async () => {
    serveSettings();
    renderPage();
    const form = await screen.findByRole('form', { name: 'General settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'General settings' })).toBeInTheDocument();
    for (const section of ['Store', 'Shipping', 'Tax', 'Points']) {
      expect(within(form).getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }

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
    const { queryClient } = renderPage();
    queryClient.setQueryData(publicSettingsQueryOptions().queryKey, publicSettings());
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
    await waitFor(() =>
      expect(queryClient.getQueryState(publicSettingsQueryOptions().queryKey)?.isInvalidated).toBe(true),
    );

    // Changing something again clears the message.
    await user.type(screen.getByLabelText('Store name'), '!');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows each field the server refused under its input, with a summary', async () => {
    const api = serveSettings(SETTINGS, () =>
      HttpResponse.json(
        {
          error: {
            code: 'invalid',
            message: 'Enter a South African number, like 082 555 1234',
            fields: {
              contact_phone: 'Enter a South African number, like 082 555 1234',
              contact_email: 'Enter an email address, like help@example.co.za',
              standard_shipping_rate: 'The standard shipping rate must be from 0.00 to 1000000.00',
            },
          },
        },
        { status: 400 },
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await replace(user, await screen.findByLabelText('Contact phone'), '12');
    await replace(user, screen.getByLabelText('Contact email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(FIELDS_REFUSED);
    expect(api.put).toHaveLength(1);
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

  it('keeps the button off while saving', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/v1/admin/settings/general', () => HttpResponse.json(SETTINGS)),
      http.put('*/api/v1/admin/settings/general', async () => {
        await held;
        return HttpResponse.json(SETTINGS);
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled());
    release();
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/admin/settings/general', () =>
        fail
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 })
          : HttpResponse.json(SETTINGS),
      ),
    );
    renderPage();
    expect(screen.getByTestId('area-skeleton')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This could not be loaded');
    expect(alert).toHaveTextContent('Admins only');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Store name')).toHaveValue('Bazaar');
  });
});
