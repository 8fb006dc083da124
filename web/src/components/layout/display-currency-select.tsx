'use client';

import { useId } from 'react';
import { displayCurrencies, storeDisplayCurrency, useDisplayCurrencyCode } from '@/lib/display-currency';
import { usePublicSettings } from '@/lib/public-settings';

/**
 * "Prices in": the currency a shopper sees prices in as well as rand (product pages add the
 * approximate amount in it), among those offered with a rate; kept in this browser. Nothing
 * when only the store currency is offered. Loaded by the footer only then (next/dynamic), so
 * pages' first load does not carry it.
 */
export function DisplayCurrencySelect() {
  const id = useId();
  const { data: settings } = usePublicSettings();
  const chosen = useDisplayCurrencyCode();
  const currencies = displayCurrencies(settings);
  const store = currencies[0];
  if (!store || currencies.length < 2) return null;
  const value = currencies.some((currency) => currency.code === chosen) ? chosen! : store.code;

  return (
    <div className="flex items-center gap-2" data-testid="display-currency">
      <label htmlFor={id} className="text-neutral-700">
        Prices in
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => storeDisplayCurrency(event.target.value === store.code ? null : event.target.value)}
        aria-describedby={`${id}-note`}
        className="h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm text-neutral-900 focus-visible:border-brand-600 focus-visible:outline-2"
      >
        {currencies.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {currency.code} – {currency.name}
          </option>
        ))}
      </select>
      <span id={`${id}-note`} className="sr-only">
        Other currencies are shown as approximate amounts; you pay in rand.
      </span>
    </div>
  );
}
