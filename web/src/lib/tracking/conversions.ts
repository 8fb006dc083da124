/**
 * Conversions for the admin's third-party tools (GA4, Google Ads, the Meta Pixel). The pages
 * where they happen call `trackConversion`; the consent feature decides where they go: it sets a
 * sink that forwards them to the tools the visitor accepted and the public settings turn on, or
 * drops them. Until it has decided (the settings or the tools' code are still loading) a few
 * are held, so a purchase seen early is not lost. The first-party analytics (lib/analytics) are
 * separate and always run.
 */

export interface ConversionItem {
  product_id: string;
  name: string;
  quantity: number;
  /** One item's price, in cents. */
  price_cents: number;
}

export type Conversion =
  | { type: 'purchase'; order_number: string; value_cents: number }
  | { type: 'add_to_cart'; value_cents: number; item: ConversionItem }
  | { type: 'begin_checkout'; value_cents: number; items: ConversionItem[] }
  | { type: 'sign_up' };

export type ConversionSink = (conversion: Conversion) => void;

/** How many conversions wait for the sink; more are dropped (nothing should come near it). */
const MAX_HELD = 20;

let sink: ConversionSink | null = null;
let held: Conversion[] = [];

/** Sends a conversion to the tools the visitor allowed (held until that is known). */
export function trackConversion(conversion: Conversion): void {
  if (sink) {
    forward(sink, conversion);
  } else if (held.length < MAX_HELD) {
    held.push(conversion);
  }
}

/** Where conversions go from now on (`null`: hold them again); what was held goes there first. */
export function setConversionSink(next: ConversionSink | null): void {
  sink = next;
  if (!next) return;
  const waiting = held;
  held = [];
  waiting.forEach((conversion) => forward(next, conversion));
}

function forward(to: ConversionSink, conversion: Conversion) {
  try {
    to(conversion);
  } catch (error) {
    // A third party's failure never gets in the shopper's way.
    console.debug('Conversion not sent', error);
  }
}
