import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CountrySettings, countrySettingsQueryOptions } from '@/features/admin/api/countries';
import {
  ABROAD_NOTE,
  AdminCountriesSettingsPage,
  COUNTRIES_MESSAGES,
} from '@/features/admin/components/countries-settings-page';
import {
  errorUnder,
  expectPublicSettingsStale,
  refusal,
  saveRefused,
  settingsPageHarness,
} from '@/test/admin-settings';

const PROVINCES: [string, string][] = [
  ['EC', 'Eastern Cape'],
  ['FS', 'Free State'],
  ['GP', 'Gauteng'],
  ['KZN', 'KwaZulu-Natal'],
  ['LP', 'Limpopo'],
  ['MP', 'Mpumalanga'],
  ['NC', 'Northern Cape'],
  ['NW', 'North West'],
  ['WC', 'Western Cape'],
];

/** As a fresh shop has them: South Africa on, every province served. */
const SETTINGS: CountrySettings = {
  countries: [
    { code: 'BW', name: 'Botswana', enabled: false },
    { code: 'NA', name: 'Namibia', enabled: false },
    { code: 'ZA', name: 'South Africa', enabled: true },
  ],
  provinces: PROVINCES.map(([code, name]) => ({ code, name, enabled: true })),
};

const { serveSettings, renderPage, renderWithPublicSettings, findForm, expectButtonOffWhileSaving, failLoadThenRetry } =
  settingsPageHarness({
    title: 'Countries settings',
    path: 'countries',
    page: <AdminCountriesSettingsPage />,
    settings: SETTINGS,
    kept: (body: CountrySettings) => body,
  });

function list(name: 'Countries' | 'Provinces'): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('/admin/countries-settings', () => {
  it('shows South Africa on, the other countries off and not to be turned on, and the nine provinces', async () => {
    serveSettings({
      ...SETTINGS,
      provinces: SETTINGS.provinces.map((province) => ({ ...province, enabled: province.code !== 'LP' })),
    });
    renderPage();
    await findForm(['Countries', 'Provinces']);

    const countries = within(list('Countries'));
    const home = countries.getByRole('switch', { name: 'South Africa' });
    expect(home).toBeChecked();
    expect(home).toBeEnabled();
    for (const name of ['Botswana', 'Namibia']) {
      const other = countries.getByRole('switch', { name });
      expect(other).not.toBeChecked();
      expect(other).toBeDisabled();
      expect(other).toHaveAccessibleDescription(ABROAD_NOTE);
    }

    const provinces = within(list('Provinces')).getAllByRole('switch') as HTMLInputElement[];
    expect(provinces.map((province) => province.labels?.[0]?.textContent)).toEqual(PROVINCES.map(([, name]) => name));
    expect(within(list('Provinces')).getByRole('switch', { name: 'Limpopo' })).not.toBeChecked();
    expect(within(list('Provinces')).getByRole('switch', { name: 'Gauteng' })).toBeChecked();
  });

  it('saves the switches as they are; the storefront’s provinces are read again', async () => {
    const api = serveSettings();
    const { queryClient } = renderWithPublicSettings();
    const user = userEvent.setup();
    await findForm();
    await user.click(within(list('Provinces')).getByRole('switch', { name: 'Limpopo' }));
    await user.click(within(list('Provinces')).getByRole('switch', { name: 'North West' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        countries: SETTINGS.countries,
        provinces: SETTINGS.provinces.map((province) => ({
          ...province,
          enabled: province.code !== 'LP' && province.code !== 'NW',
        })),
      },
    ]);
    expect(queryClient.getQueryData(countrySettingsQueryOptions().queryKey)).toMatchObject({
      provinces: expect.arrayContaining([{ code: 'LP', name: 'Limpopo', enabled: false }]),
    });
    await expectPublicSettingsStale(queryClient);
  });

  it('keeps South Africa on and at least one province before sending', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await findForm();
    await user.click(within(list('Countries')).getByRole('switch', { name: 'South Africa' }));
    for (const [, name] of PROVINCES) await user.click(within(list('Provinces')).getByRole('switch', { name }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(errorUnder(list('Countries'))).toBe(COUNTRIES_MESSAGES.homeOff));
    expect(errorUnder(list('Provinces'))).toBe(COUNTRIES_MESSAGES.noProvince);
    expect(api.put).toHaveLength(0);
  });

  it('lets another country that is on be turned off, and says it cannot be on', async () => {
    const api = serveSettings({
      ...SETTINGS,
      countries: SETTINGS.countries.map((country) => ({ ...country, enabled: country.code !== 'BW' })),
    });
    renderPage();
    const user = userEvent.setup();
    await findForm();
    const namibia = within(list('Countries')).getByRole('switch', { name: 'Namibia' });
    expect(namibia).toBeChecked();
    expect(namibia).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(errorUnder(list('Countries'))).toBe(COUNTRIES_MESSAGES.abroad));
    expect(api.put).toHaveLength(0);

    await user.click(namibia);
    expect(namibia).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      expect.objectContaining({ countries: SETTINGS.countries.map((country) => ({ ...country })) }),
    ]);
  });

  it('shows what the server refused under its list, with a summary', async () => {
    const api = serveSettings(SETTINGS, () =>
      refusal('Invalid', { provinces: COUNTRIES_MESSAGES.noProvince, countries: COUNTRIES_MESSAGES.abroad }),
    );
    renderPage();
    await saveRefused(userEvent.setup(), api.put);
    expect(errorUnder(list('Provinces'))).toBe(COUNTRIES_MESSAGES.noProvince);
    expect(errorUnder(list('Countries'))).toBe(COUNTRIES_MESSAGES.abroad);
  });

  it('keeps the button off while saving', () => expectButtonOffWhileSaving());

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByRole('switch', { name: 'South Africa' })).toBeChecked();
  });
});
