'use client';

import { APPROXIMATE_NOTE, approximatePrice, displayCurrencies, useDisplayCurrencyCode } from '@/lib/display-currency';
import { DEFAULT_CURRENCY } from '@/lib/money';
import { usePublicSettings } from '@/lib/public-settings';

/**
 * Under a price in rand: the approximate amount in the currency the shopper chose in the footer
 * ("≈ $12.34"), or for a range both ends. Nothing when the store currency (or none) is chosen,
 * or the chosen one is no longer offered with a rate.
 */
export function ApproximatePrice({ cents, maxCents }: { cents: number | null; maxCents?: number | null }) {
  const chosen = useDisplayCurrencyCode();
  const { data: settings } = usePublicSettings();
  if (!chosen || cents === null || !settings) return null;
  const store = settings.currency ?? DEFAULT_CURRENCY;
  if (chosen === store.code) return null;
  const currency = displayCurrencies(settings).find((candidate) => candidate.code === chosen);
  if (!currency) return null;
  const low = approximatePrice(cents, currency, store);
  const high = maxCents !== null && maxCents !== undefined && maxCents !== cents ? approximatePrice(maxCents, currency, store) : null;
  if (!low) return null;
  return (
    <p className="text-sm text-neutral-600 tabular-nums" title={APPROXIMATE_NOTE} data-testid="approximate-price">
      {high ? `${low} – ${high.replace(/^≈ /, '')}` : low}
      <span className="sr-only"> ({APPROXIMATE_NOTE})</span>
    </p>
  );
}
