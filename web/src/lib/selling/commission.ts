/** Commission rates travel as basis points (1000 = 10 %); people read and type percentages. */

/** The highest rate an agreement or an override may set: 5000 bps, 50 %. */
export const MAX_COMMISSION_BPS = 5000;

/** What a form says when a typed percentage is not one percentToBps accepts. */
export const PERCENT_INVALID = 'Enter a percentage from 0 to 50, with at most two decimals';

/** "10%", "12.5%", "12.25%". */
export function formatCommission(bps: number): string {
  const percent = bps / 100;
  return `${Number.isInteger(percent) ? percent : Number(percent.toFixed(2))}%`;
}

/**
 * A percentage as typed ("12.5", "12,5 %") in basis points, or null when it is not a number
 * from 0 to 50 with at most two decimals.
 */
export function percentToBps(text: string): number | null {
  const value = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(value)) return null;
  const bps = Math.round(Number(value) * 100);
  return bps >= 0 && bps <= MAX_COMMISSION_BPS ? bps : null;
}

/** Basis points as a form's percentage text, the way percentToBps reads it back: 1250 → "12.5". */
export function bpsToPercentText(bps: number): string {
  return String(Number((bps / 100).toFixed(2)));
}
