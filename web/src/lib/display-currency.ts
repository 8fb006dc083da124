import { useSyncExternalStore } from 'react';
import { decimalPlacesFor, formatMoney, type CurrencyFormat } from '@/lib/money';
import type { PublicSettings } from '@/lib/public-settings';

/**
 * The currency a shopper chose to see prices in ("Prices in", at the bottom of each page), kept
 * in this browser's localStorage. Prices stay in rand: a product page adds the approximate amount
 * in the chosen currency, at the admins' rate (how many units one rand buys).
 */

export const DISPLAY_CURRENCY_KEY = 'bazaar.display-currency';
const CHANGE_EVENT = 'bazaar:display-currency';

/** Said with every converted amount. */
export const APPROXIMATE_NOTE = 'Approximate; you pay in rand';

/** A currency the public settings offer, with its rate. */
export interface DisplayCurrency extends CurrencyFormat {
  code: string;
  name: string;
  /** Units of this currency one unit of the store currency buys, a decimal string ("0.054321"). */
  rate: string;
}

const MICROS = 1_000_000n;

/** A rate ("0.054321", "8.2", ".5") in millionths; null when it is not a positive decimal of up to 6 decimals. */
export function rateMicros(rate: string | null | undefined): bigint | null {
  const match = /^(\d*)(?:\.(\d{0,6}))?$/.exec((rate ?? '').trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const micros = BigInt(match[1] || '0') * MICROS + BigInt((match[2] ?? '').padEnd(6, '0'));
  return micros > 0n ? micros : null;
}

/**
 * `cents` (minor units of the store currency, `storeDecimals` of them to the unit) in minor units
 * of a currency written with `decimals` decimals, at `rate` units per store unit; rounded half
 * away from zero. Exact (BigInt), so large amounts and rates lose nothing. Null without a rate.
 */
export function convertCents(cents: number, rate: string | null | undefined, decimals: number, storeDecimals = 2): number | null {
  const micros = rateMicros(rate);
  if (micros === null || !Number.isFinite(cents)) return null;
  const amount = BigInt(Math.round(cents));
  const numerator = amount * micros * 10n ** BigInt(decimals);
  const denominator = 10n ** BigInt(storeDecimals) * MICROS;
  const negative = numerator < 0n;
  const absolute = negative ? -numerator : numerator;
  const rounded = (absolute + denominator / 2n) / denominator;
  return Number(negative ? -rounded : rounded);
}

/** `cents` of the store currency as the approximate amount in `currency`: "≈ $12.34"; null without a rate. */
export function approximatePrice(cents: number, currency: DisplayCurrency, store: CurrencyFormat): string | null {
  const converted = convertCents(cents, currency.rate, decimalPlacesFor(currency), decimalPlacesFor(store));
  return converted === null ? null : `≈ ${formatMoney(converted, currency)}`;
}

/** The currencies shoppers may pick: those offered that have a usable rate, the store currency first. */
export function displayCurrencies(settings: PublicSettings | undefined): DisplayCurrency[] {
  if (!settings) return [];
  const store = settings.currency?.code ?? 'ZAR';
  const offered = (settings.currencies ?? []).flatMap((currency) =>
    currency.enabled && (currency.code === store || rateMicros(currency.rate) !== null)
      ? [{ ...currency, rate: currency.code === store ? '1' : (currency.rate ?? '') }]
      : [],
  );
  return [...offered.filter((c) => c.code === store), ...offered.filter((c) => c.code !== store)];
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(DISPLAY_CURRENCY_KEY);
  } catch {
    return null;
  }
}

/** Keeps the shopper's choice (null: back to the store currency). */
export function storeDisplayCurrency(code: string | null): void {
  try {
    if (code) window.localStorage.setItem(DISPLAY_CURRENCY_KEY, code);
    else window.localStorage.removeItem(DISPLAY_CURRENCY_KEY);
  } catch {
    return; // Storage blocked: the choice is not remembered.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === DISPLAY_CURRENCY_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The code of the currency chosen, kept up to date (also across tabs); null while prerendering or when none is. */
export function useDisplayCurrencyCode(): string | null {
  return useSyncExternalStore(subscribe, readStored, () => null);
}
