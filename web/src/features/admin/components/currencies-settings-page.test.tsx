import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CurrencySettings, currencySettingsQueryOptions } from '@/features/admin/api/currencies';
import {
  AdminCurrenciesSettingsPage,
  CURRENCIES_MESSAGES,
  isRate,
} from '@/features/admin/components/currencies-settings-page';
import {
  errorUnder,
  expectPublicSettingsStale,
  refusal,
  replace,
  saveRefused,
  settingsPageHarness,
} from '@/test/admin-settings';

/** As the seed has them: the rand, and four others offered at a rate. */
const SETTINGS: CurrencySettings = {
  store_currency: 'ZAR',
  currencies: [
    { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimal_places: 2, enabled: true, rate: '1' },
    { code: 'USD', name: 'US Dollar', symbol: '$', decimal_places: 2, enabled: true, rate: '0.054' },
    { code: 'EUR', name: 'Euro', symbol: '€', decimal_places: 2, enabled: false, rate: null },
    { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimal_places: 0, enabled: true, rate: '8.2' },
  ],
};

const { serveSettings, renderPage, renderWithPublicSettings, findForm, expectButtonOffWhileSaving, failLoadThenRetry } =
  settingsPageHarness({
    title: 'Currencies settings',
    path: 'currencies',
    page: <AdminCurrenciesSettingsPage />,
    settings: SETTINGS,
    kept: (body: CurrencySettings) => body,
  });

describe('/admin/currencies-settings', () => {
  it('shows the store currency as it is, and a row per other currency with its rate', async () => {
    serveSettings();
    renderPage();
    await findForm(['Store currency', 'Display currencies']);

    expect(screen.getByTestId('store-currency')).toHaveTextContent('South African Rand (ZAR)');
    expect(screen.getByTestId('store-currency')).toHaveTextContent(CURRENCIES_MESSAGES.storeCurrency);
    const store = screen.getByTestId('store-currency-row');
    expect(store).toHaveTextContent('1 R = 1 ZAR');
    expect(within(store).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(store).queryByRole('switch')).not.toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: 'USD symbol' })).toHaveValue('$');
    expect(screen.getByRole('textbox', { name: 'USD decimals' })).toHaveValue('2');
    expect(screen.getByRole('switch', { name: 'Offer US Dollar' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'USD per rand' })).toHaveValue('0.054');
    expect(screen.getByRole('switch', { name: 'Offer Euro' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'EUR per rand' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'JPY decimals' })).toHaveValue('0');
  });

  it('saves: numbers as numbers, rates as strings (none as null), the rand at 1; then says so', async () => {
    const api = serveSettings();
    const { queryClient } = renderWithPublicSettings();
    const user = userEvent.setup();
    await findForm();
    await replace(user, screen.getByRole('textbox', { name: 'USD per rand' }), ' 0.054321 ');
    await replace(user, screen.getByRole('textbox', { name: 'USD symbol' }), 'US$');
    await user.click(screen.getByRole('switch', { name: 'Offer Japanese Yen' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        store_currency: 'ZAR',
        currencies: [
          { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimal_places: 2, enabled: true, rate: '1' },
          { code: 'USD', name: 'US Dollar', symbol: 'US$', decimal_places: 2, enabled: true, rate: '0.054321' },
          { code: 'EUR', name: 'Euro', symbol: '€', decimal_places: 2, enabled: false, rate: null },
          { code: 'JPY', name: 'Japanese Yen', symbol: '¥', decimal_places: 0, enabled: false, rate: '8.2' },
        ],
      },
    ]);
    expect(queryClient.getQueryData(currencySettingsQueryOptions().queryKey)).toMatchObject({
      currencies: expect.arrayContaining([expect.objectContaining({ code: 'USD', rate: '0.054321' })]),
    });
    await expectPublicSettingsStale(queryClient);
  });

  it('asks for a rate for a currency offered, and checks symbols, decimals and rates before sending', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await findForm();
    await user.click(screen.getByRole('switch', { name: 'Offer Euro' }));
    await replace(user, screen.getByRole('textbox', { name: 'USD per rand' }), '0.0000001');
    await replace(user, screen.getByRole('textbox', { name: 'JPY per rand' }), '1000001');
    await replace(user, screen.getByRole('textbox', { name: 'USD symbol' }), '');
    await replace(user, screen.getByRole('textbox', { name: 'JPY decimals' }), '4');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(errorUnder(screen.getByRole('textbox', { name: 'EUR per rand' }))).toBe('Enter how many EUR one rand buys'),
    );
    expect(errorUnder(screen.getByRole('textbox', { name: 'USD per rand' }))).toBe(CURRENCIES_MESSAGES.rate);
    expect(errorUnder(screen.getByRole('textbox', { name: 'JPY per rand' }))).toBe(CURRENCIES_MESSAGES.rate);
    expect(errorUnder(screen.getByRole('textbox', { name: 'USD symbol' }))).toBe(CURRENCIES_MESSAGES.symbol);
    expect(errorUnder(screen.getByRole('textbox', { name: 'JPY decimals' }))).toBe(CURRENCIES_MESSAGES.decimals);
    expect(api.put).toHaveLength(0);
  });

  it('shows each field the server refused under its input, and the store currency’s under it', async () => {
    const api = serveSettings(SETTINGS, () =>
      refusal('Invalid', {
        'currencies.USD.rate': 'Enter how many USD one rand buys',
        'currencies.EUR.symbol': 'The symbol is 1 to 5 characters',
        store_currency: CURRENCIES_MESSAGES.storeCurrency,
      }),
    );
    renderPage();
    await saveRefused(userEvent.setup(), api.put);
    expect(errorUnder(screen.getByRole('textbox', { name: 'USD per rand' }))).toBe('Enter how many USD one rand buys');
    expect(errorUnder(screen.getByRole('textbox', { name: 'EUR symbol' }))).toBe('The symbol is 1 to 5 characters');
    expect(errorUnder(screen.getByTestId('store-currency'))).toBe(CURRENCIES_MESSAGES.storeCurrency);
    expect(screen.getByRole('textbox', { name: 'USD per rand' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads rates as the server does', () => {
    for (const good of ['0.054321', '8.2', ' 1 ', '.5', '1000000']) expect(isRate(good), good).toBe(true);
    for (const bad of ['', '.', '0', '-1', '1e3', '0.0000001', '1,5', '1000001']) expect(isRate(bad), bad).toBe(false);
  });

  it('keeps the button off while saving', () => expectButtonOffWhileSaving());

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByRole('textbox', { name: 'USD per rand' })).toHaveValue('0.054');
  });
});
