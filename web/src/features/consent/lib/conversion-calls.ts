import type { Conversion, ConversionItem } from '@/lib/tracking/conversions';
import type { PublicTracking } from '@/lib/public-settings';

/**
 * What each conversion asks of the loaded tools, as calls to run: GA4's recommended events, a
 * Google Ads conversion for each event that has a label, and the Meta Pixel's standard events
 * where its settings track them. Values go in the currency's main unit (rand, not cents).
 */

export type TagCall = { tool: 'gtag' | 'fbq'; args: unknown[] };

export function mainUnits(cents: number): number {
  return Math.round(cents) / 100;
}

function ga4Items(items: readonly ConversionItem[]) {
  return items.map((item) => ({
    item_id: item.product_id,
    item_name: item.name,
    quantity: item.quantity,
    price: mainUnits(item.price_cents),
  }));
}

/** The Ads label of each event (null: that event is not an Ads conversion). */
function adsLabel(ads: NonNullable<PublicTracking['google_ads']>, type: Conversion['type']): string | null {
  const labels: Record<Conversion['type'], string | null> = {
    purchase: ads.purchase_label,
    add_to_cart: ads.add_to_cart_label,
    begin_checkout: ads.begin_checkout_label,
    sign_up: ads.sign_up_label,
  };
  return labels[type] || null;
}

export function conversionCalls(conversion: Conversion, tools: PublicTracking, currency: string): TagCall[] {
  const calls: TagCall[] = [];
  const gtag = (...args: unknown[]) => calls.push({ tool: 'gtag', args });
  const fbq = (...args: unknown[]) => calls.push({ tool: 'fbq', args });
  const { ga4, google_ads: ads, meta_pixel: pixel } = tools;
  const money = 'value_cents' in conversion ? { value: mainUnits(conversion.value_cents), currency } : {};
  const label = ads ? adsLabel(ads, conversion.type) : null;
  const adsConversion = (extra: Record<string, unknown> = {}) => {
    if (ads && label) gtag('event', 'conversion', { send_to: `${ads.conversion_id}/${label}`, ...money, ...extra });
  };

  switch (conversion.type) {
    case 'purchase': {
      const transaction = { transaction_id: conversion.order_number };
      if (ga4) gtag('event', 'purchase', { send_to: ga4.measurement_id, ...transaction, ...money });
      adsConversion(transaction);
      if (pixel?.track_purchase) fbq('track', 'Purchase', money);
      break;
    }
    case 'add_to_cart': {
      const { item } = conversion;
      if (ga4) gtag('event', 'add_to_cart', { send_to: ga4.measurement_id, ...money, items: ga4Items([item]) });
      adsConversion();
      if (pixel?.track_add_to_cart) {
        fbq('track', 'AddToCart', { ...money, content_ids: [item.product_id], content_name: item.name, content_type: 'product' });
      }
      break;
    }
    case 'begin_checkout': {
      if (ga4) gtag('event', 'begin_checkout', { send_to: ga4.measurement_id, ...money, items: ga4Items(conversion.items) });
      adsConversion();
      break;
    }
    case 'sign_up': {
      if (ga4) gtag('event', 'sign_up', { send_to: ga4.measurement_id, method: 'email' });
      adsConversion();
      if (pixel) fbq('track', 'CompleteRegistration');
      break;
    }
  }
  return calls;
}
