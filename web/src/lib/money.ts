/**
 * Money display, identical to crates/domain `money::format` (docs/contracts.md, "Money"):
 * symbol immediately followed by the amount, thousands grouped with `,`, decimals after `.`,
 * as many decimals as the currency's `decimal_places` (default 2, at most 4; JPY always 0).
 * Amounts are integers in the currency's minor unit ("cents").
 */

export interface CurrencyFormat {
  code: string;
  symbol?: string | null;
  decimal_places?: number | null;
}

export const PRICE_VARIES = 'Price varies';

const DEFAULT_DECIMAL_PLACES = 2;
const MAX_DECIMAL_PLACES = 4;

const KNOWN_SYMBOLS: Readonly<Record<string, string>> = {
  ZAR: 'R',
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
};

/** The store currency when settings have not loaded (or have none). */
export const DEFAULT_CURRENCY: CurrencyFormat = { code: 'ZAR', symbol: 'R', decimal_places: 2 };

function symbolFor(currency: CurrencyFormat): string {
  const code = currency.code.trim().toUpperCase();
  const known = KNOWN_SYMBOLS[code];
  if (known !== undefined) return known;
  const configured = currency.symbol;
  if (configured && configured.trim() !== '') return configured;
  return `${code} `;
}

/** The decimals an amount in `currency` is written with (JPY none; otherwise its own, default 2). */
export function decimalPlacesFor(currency: CurrencyFormat): number {
  if (currency.code.trim().toUpperCase() === 'JPY') return 0;
  const places = currency.decimal_places;
  if (typeof places === 'number' && Number.isInteger(places) && places >= 0) {
    return Math.min(places, MAX_DECIMAL_PLACES);
  }
  return DEFAULT_DECIMAL_PLACES;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatMoney(
  cents: number | null | undefined,
  currency: CurrencyFormat = DEFAULT_CURRENCY,
): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return PRICE_VARIES;

  const minorUnits = Math.round(cents);
  const negative = minorUnits < 0;
  // BigInt keeps every digit exact (no float rounding, no exponent notation).
  const digits = BigInt(Math.abs(minorUnits)).toString();
  const places = decimalPlacesFor(currency);

  const padded = digits.padStart(places + 1, '0');
  const whole = padded.slice(0, padded.length - places);
  const fraction = padded.slice(padded.length - places);
  const amount = places > 0 ? `${groupThousands(whole)}.${fraction}` : groupThousands(whole);

  return `${negative ? '-' : ''}${symbolFor(currency)}${amount}`;
}

/**
 * Cents as the plain amount a form's input holds and the API reads back: 49900 → "499.00",
 * 50 → "0.50" (two decimals, no symbol, no grouping; crates/domain `Cents`'s Display).
 */
export function centsToAmount(cents: number): string {
  const minorUnits = Math.round(cents);
  const digits = BigInt(Math.abs(minorUnits)).toString().padStart(3, '0');
  return `${minorUnits < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
