'use client';

import { useId, type ComponentPropsWithRef } from 'react';
import type { Path } from 'react-hook-form';
import { Info } from 'lucide-react';
import { z } from 'zod';
import { Panel } from '@/components/area/area-states';
import { Input } from '@/components/ui/input';
import {
  type CurrencySetting,
  type CurrencySettings,
  useCurrencySettings,
  useSaveCurrencySettings,
} from '@/features/admin/api/currencies';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';
import { cn } from '@/lib/cn';

/**
 * The currencies form's checks, with the API's messages (crates/domain/src/settings/currencies.rs,
 * check): the store currency is ZAR and always offered; every other currency that is offered
 * needs a rate. The server is the authority; its field errors (under `currencies.<CODE>.<field>`
 * and `store_currency`) land under the same inputs.
 */
export const CURRENCIES_MESSAGES = {
  storeCurrency: 'PayFast takes payments in rand only, so the store currency is ZAR',
  symbol: 'The symbol is 1 to 5 characters',
  decimals: 'Use 0 to 3 decimals',
  rateMissing: (code: string) => `Enter how many ${code} one rand buys`,
  rate: 'Use a number above 0 and at most 1,000,000 with up to 6 decimals',
} as const;

/** The currency prices are kept and paid in. */
export const STORE_CURRENCY = 'ZAR';

/** The most units of a currency one rand may buy. */
const MAX_RATE = 1_000_000;

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

/** As the server's parse_rate: a decimal above 0, at most 1,000,000, with up to 6 decimals. */
export function isRate(value: string): boolean {
  const match = /^(\d{0,7})(?:\.(\d{0,6}))?$/.exec(value.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return false;
  const millionths = Number(match[1] || '0') * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
  return millionths > 0 && millionths <= MAX_RATE * 1_000_000;
}

const currencyRow = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string().trim(),
  decimal_places: z.string().trim(),
  enabled: z.boolean(),
  rate: z.string().trim(),
});

const currencySettingsSchema = z
  .object({ store_currency: z.string().trim(), currencies: z.record(z.string(), currencyRow) })
  .superRefine((value, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (value.store_currency.toUpperCase() !== STORE_CURRENCY) problem(['store_currency'], CURRENCIES_MESSAGES.storeCurrency);
    for (const [code, currency] of Object.entries(value.currencies)) {
      const at = (field: string) => ['currencies', code, field];
      if (currency.symbol === '' || charCount(currency.symbol) > 5) problem(at('symbol'), CURRENCIES_MESSAGES.symbol);
      if (!/^[0-3]$/.test(currency.decimal_places)) problem(at('decimal_places'), CURRENCIES_MESSAGES.decimals);
      if (code === value.store_currency) continue;
      if (currency.rate === '') {
        if (currency.enabled) problem(at('rate'), CURRENCIES_MESSAGES.rateMissing(code));
      } else if (!isRate(currency.rate)) {
        problem(at('rate'), CURRENCIES_MESSAGES.rate);
      }
    }
  })
  .transform(
    (value): CurrencySettings => ({
      store_currency: value.store_currency,
      currencies: Object.values(value.currencies).map((currency) => {
        const store = currency.code === value.store_currency;
        return {
          code: currency.code,
          name: currency.name,
          symbol: currency.symbol,
          decimal_places: Number(currency.decimal_places),
          // The store currency is always offered, at 1.
          enabled: store || currency.enabled,
          rate: store ? '1' : currency.rate === '' ? null : currency.rate,
        };
      }),
    }),
  );

type CurrencySettingsFormInput = z.input<typeof currencySettingsSchema>;

/** The names the API gives field errors under, in the page's order. */
function fieldNames(settings: CurrencySettings): Path<CurrencySettingsFormInput>[] {
  return [
    'store_currency',
    ...settings.currencies.flatMap(({ code }) =>
      (['symbol', 'decimal_places', 'enabled', 'rate'] as const).map((field) => `currencies.${code}.${field}` as const),
    ),
  ];
}

function formValues(settings: CurrencySettings): CurrencySettingsFormInput {
  return {
    store_currency: settings.store_currency,
    currencies: Object.fromEntries(
      settings.currencies.map((currency) => [
        currency.code,
        {
          code: currency.code,
          name: currency.name ?? currency.code,
          symbol: currency.symbol,
          decimal_places: String(currency.decimal_places),
          enabled: currency.enabled,
          rate: currency.rate ?? '',
        },
      ]),
    ),
  };
}

const HEADER_DESCRIPTION = 'The currencies shoppers may see prices in, and their rates against the rand.';

/** /admin/currencies-settings: the display currencies and their rates; the store currency stays ZAR. */
export function AdminCurrenciesSettingsPage() {
  return (
    <SettingsPage title="Currencies settings" description={HEADER_DESCRIPTION} query={useCurrencySettings()}>
      {(settings) => <CurrenciesSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function CurrenciesSettingsForm({ settings }: { settings: CurrencySettings }) {
  const id = useId();
  const save = useSaveCurrencySettings();
  const { form, shell } = useSettingsForm({
    schema: currencySettingsSchema,
    settings,
    toForm: formValues,
    fieldNames: fieldNames(settings),
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const store = settings.currencies.find((currency) => currency.code === settings.store_currency);
  const storeError = errors.store_currency?.message;

  return (
    <SettingsForm label="Currencies settings" {...shell}>
      <Panel title="Store currency">
        <div
          className="flex items-start gap-2 text-sm text-neutral-800"
          data-testid="store-currency"
          aria-describedby={storeError ? `${id}-store-error` : undefined}
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <p>
            <span className="font-semibold">
              {store ? `${store.name ?? store.code} (${store.code})` : settings.store_currency}
            </span>
            . Prices are kept and paid in it. {CURRENCIES_MESSAGES.storeCurrency}; the other currencies are shown as
            approximate amounts only.
          </p>
        </div>
        {storeError ? (
          <p id={`${id}-store-error`} className="mt-2 text-sm font-medium text-sale">
            {storeError}
          </p>
        ) : null}
      </Panel>

      <Panel
        title="Display currencies"
        description="Shoppers may pick one of those offered at the bottom of each page; product pages then show the price in it as well. The rate is how many units one rand buys."
      >
        <div className="-mx-5 overflow-x-auto px-5 sm:-mx-6 sm:px-6">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-neutral-200 text-xs font-semibold uppercase tracking-wide text-neutral-600">
              <tr>
                <th scope="col" className="py-2 pr-3">Currency</th>
                <th scope="col" className="py-2 pr-3">Symbol</th>
                <th scope="col" className="py-2 pr-3">Decimals</th>
                <th scope="col" className="py-2 pr-3">Offered</th>
                <th scope="col" className="py-2">Rate</th>
              </tr>
            </thead>
            <tbody>
              {settings.currencies.map((currency) =>
                currency.code === settings.store_currency ? (
                  <StoreCurrencyRow key={currency.code} currency={currency} />
                ) : (
                  <tr key={currency.code} className="border-b border-neutral-100 align-top last:border-0">
                    <th scope="row" className="py-3 pr-3 font-normal">
                      <span className="block font-semibold text-neutral-900">{currency.code}</span>
                      <span className="block text-neutral-600">{currency.name}</span>
                    </th>
                    <td className="py-3 pr-3">
                      <CellInput
                        label={`${currency.code} symbol`}
                        error={errors.currencies?.[currency.code]?.symbol?.message}
                        className="w-20"
                        maxLength={5}
                        {...register(`currencies.${currency.code}.symbol`)}
                      />
                    </td>
                    <td className="py-3 pr-3">
                      <CellInput
                        label={`${currency.code} decimals`}
                        error={errors.currencies?.[currency.code]?.decimal_places?.message}
                        className="w-16"
                        inputMode="numeric"
                        maxLength={1}
                        {...register(`currencies.${currency.code}.decimal_places`)}
                      />
                    </td>
                    <td className="py-3 pr-3">
                      <CellSwitch
                        label={`Offer ${currency.name ?? currency.code}`}
                        error={errors.currencies?.[currency.code]?.enabled?.message}
                        {...register(`currencies.${currency.code}.enabled`)}
                      />
                    </td>
                    <td className="py-3">
                      <div className="flex items-center gap-2 whitespace-nowrap">
                        <span aria-hidden="true">1 R =</span>
                        <CellInput
                          label={`${currency.code} per rand`}
                          error={errors.currencies?.[currency.code]?.rate?.message}
                          className="w-32"
                          inputMode="decimal"
                          maxLength={15}
                          placeholder="0.054321"
                          {...register(`currencies.${currency.code}.rate`)}
                        />
                        <span aria-hidden="true">{currency.code}</span>
                      </div>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      </Panel>
    </SettingsForm>
  );
}

/** The store currency's row: as it is, not to be changed here. */
function StoreCurrencyRow({ currency }: { currency: CurrencySetting }) {
  return (
    <tr className="border-b border-neutral-100 bg-neutral-50 align-top" data-testid="store-currency-row">
      <th scope="row" className="py-3 pr-3 pl-2 font-normal">
        <span className="block font-semibold text-neutral-900">{currency.code}</span>
        <span className="block text-neutral-600">{currency.name}</span>
      </th>
      <td className="py-3 pr-3">{currency.symbol}</td>
      <td className="py-3 pr-3">{currency.decimal_places}</td>
      <td className="py-3 pr-3">Always</td>
      <td className="py-3">
        <span className="whitespace-nowrap">1 R = 1 {currency.code}</span>
        <span className="block text-xs text-neutral-500">The store currency: payments are taken in it.</span>
      </td>
    </tr>
  );
}

/** A table cell's input, named by `label` (the column says it to sighted users), with its error under it. */
function CellInput({
  label,
  error,
  className,
  ...input
}: { label: string; error?: string } & Omit<ComponentPropsWithRef<'input'>, 'aria-label'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Input
        type="text"
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn('h-9', className)}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="max-w-48 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A table cell's switch, named by `label`, with its error under it. */
function CellSwitch({
  label,
  error,
  ...input
}: { label: string; error?: string } & Omit<ComponentPropsWithRef<'input'>, 'type' | 'role' | 'aria-label'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <input
        type="checkbox"
        role="switch"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-2 size-5 accent-brand-700"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="max-w-48 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
