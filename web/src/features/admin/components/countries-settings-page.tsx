'use client';

import { useId } from 'react';
import type { Path } from 'react-hook-form';
import { Info } from 'lucide-react';
import { z } from 'zod';
import { Panel } from '@/components/area/area-states';
import {
  type CountrySettings,
  useCountrySettings,
  useSaveCountrySettings,
} from '@/features/admin/api/countries';
import { SwitchField } from '@/features/admin/components/admin-form-parts';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';

/**
 * The countries form's checks, with the API's messages (crates/domain/src/settings/regions.rs,
 * Regions::parse): addresses are checked as South African ones, so South Africa stays on and no
 * other country can be; at least one province is served. The server is the authority; its field
 * errors (under `countries` and `provinces`) land under the same lists.
 */
export const COUNTRIES_MESSAGES = {
  homeOff: 'South Africa must stay on: orders are delivered there',
  abroad: 'Deliveries outside South Africa are not supported yet',
  noProvince: 'Deliver to at least one province',
} as const;

/** The one country delivered to. */
export const HOME_COUNTRY = 'ZA';

/** Said beside every other country. */
export const ABROAD_NOTE = 'Delivery outside South Africa is not supported yet.';

const entry = z.object({ code: z.string(), name: z.string(), enabled: z.boolean() });

const countrySettingsSchema = z
  .object({ countries: z.array(entry), provinces: z.array(entry) })
  .superRefine((value, ctx) => {
    const problem = (path: 'countries' | 'provinces', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const on = value.countries.filter((country) => country.enabled);
    if (!on.some((country) => country.code === HOME_COUNTRY)) problem('countries', COUNTRIES_MESSAGES.homeOff);
    else if (on.some((country) => country.code !== HOME_COUNTRY)) problem('countries', COUNTRIES_MESSAGES.abroad);
    if (!value.provinces.some((province) => province.enabled)) problem('provinces', COUNTRIES_MESSAGES.noProvince);
  }) satisfies z.ZodType<CountrySettings, CountrySettings>;

type CountrySettingsFormInput = z.input<typeof countrySettingsSchema>;

/** The names the API gives field errors under, in the page's order. */
const FIELD_NAMES = ['countries', 'provinces'] as const satisfies readonly Path<CountrySettingsFormInput>[];

function formValues(settings: CountrySettings): CountrySettingsFormInput {
  return {
    countries: settings.countries.map(({ code, name, enabled }) => ({ code, name: name ?? code, enabled })),
    provinces: settings.provinces.map(({ code, name, enabled }) => ({ code, name: name ?? code, enabled })),
  };
}

const HEADER_DESCRIPTION = 'Where orders are delivered: the countries and South Africa’s provinces.';

/** /admin/countries-settings: the countries and provinces the shop delivers to. */
export function AdminCountriesSettingsPage() {
  return (
    <SettingsPage title="Countries settings" description={HEADER_DESCRIPTION} query={useCountrySettings()}>
      {(settings) => <CountriesSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

/**
 * A list's error: the page's check puts it at the list's root (its switches are fields of their
 * own), a server's refusal on the list itself.
 */
function listError(error: { message?: string; root?: { message?: string } } | undefined): string | undefined {
  return error?.root?.message ?? error?.message;
}

function CountriesSettingsForm({ settings }: { settings: CountrySettings }) {
  const id = useId();
  const save = useSaveCountrySettings();
  const { form, shell } = useSettingsForm({
    schema: countrySettingsSchema,
    settings,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  const countries = watch('countries');
  const countriesError = listError(errors.countries);
  const provincesError = listError(errors.provinces);

  return (
    <SettingsForm
      label="Countries settings"
      {...shell}
      notice={
        <p
          className="flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-neutral-800"
          data-testid="countries-note"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          Addresses are checked as South African ones (province and 4-digit postal code), so orders are delivered in
          South Africa only for now.
        </p>
      }
    >
      <Panel title="Countries" description="The countries orders may be delivered to.">
        <fieldset
          className="flex flex-col gap-4"
          aria-describedby={countriesError ? `${id}-countries-error` : undefined}
        >
          <legend className="sr-only">Countries</legend>
          {settings.countries.map((country, index) => {
            const home = country.code === HOME_COUNTRY;
            return (
              <SwitchField
                key={country.code}
                label={country.name ?? country.code}
                hint={home ? 'Orders are delivered here.' : ABROAD_NOTE}
                // Another country can be turned off, never on.
                disabled={!home && !countries[index]?.enabled}
                {...register(`countries.${index}.enabled`)}
              />
            );
          })}
          {countriesError ? (
            <p id={`${id}-countries-error`} className="text-sm font-medium text-sale">
              {countriesError}
            </p>
          ) : null}
        </fieldset>
      </Panel>

      <Panel title="Provinces" description="South Africa’s provinces delivered to. Checkout offers only these.">
        <fieldset
          className="grid gap-4 sm:grid-cols-2"
          aria-describedby={provincesError ? `${id}-provinces-error` : undefined}
        >
          <legend className="sr-only">Provinces</legend>
          {settings.provinces.map((province, index) => (
            <SwitchField key={province.code} label={province.name ?? province.code} {...register(`provinces.${index}.enabled`)} />
          ))}
          {provincesError ? (
            <p id={`${id}-provinces-error`} className="text-sm font-medium text-sale sm:col-span-2">
              {provincesError}
            </p>
          ) : null}
        </fieldset>
      </Panel>
    </SettingsForm>
  );
}
