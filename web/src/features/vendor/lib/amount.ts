/**
 * Rand typed into the vendor's forms ("65", "65.5", "65.00") as the API's cents, exactly: the text
 * is split at the point, never multiplied as a float (0.29 * 100 is 28.999…).
 */

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** Whether `text` is an amount in rand with at most two decimals. */
export function isAmount(text: string): boolean {
  return AMOUNT.test(text.trim());
}

/** The cents of an amount in rand, or null when `text` is not one. */
export function amountToCents(text: string): number | null {
  const value = text.trim();
  if (!AMOUNT.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
