import { describe, expect, it } from 'vitest';
import { conversionCalls, mainUnits } from '@/features/consent/lib/conversion-calls';
import { allowedTools } from '@/features/consent/lib/tools';
import type { Conversion } from '@/lib/tracking/conversions';
import { ALL_TRACKING, NO_TRACKING } from '@/test/tracking';

const HOODIE = { product_id: 'p-1', name: 'PWR Hoodie', quantity: 2, price_cents: 89_950 };

const PURCHASE: Conversion = { type: 'purchase', order_number: 'BZ-2026000042', value_cents: 186_400 };
const ADD_TO_CART: Conversion = { type: 'add_to_cart', value_cents: 179_900, item: HOODIE };
const BEGIN_CHECKOUT: Conversion = { type: 'begin_checkout', value_cents: 179_900, items: [HOODIE] };
const SIGN_UP: Conversion = { type: 'sign_up' };

describe('conversionCalls', () => {
  it('sends a purchase to GA4, as the Ads purchase conversion and as the Pixel’s Purchase, in rand', () => {
    expect(conversionCalls(PURCHASE, ALL_TRACKING, 'ZAR')).toEqual([
      {
        tool: 'gtag',
        args: ['event', 'purchase', { send_to: 'G-AB12CD34EF', transaction_id: 'BZ-2026000042', value: 1864, currency: 'ZAR' }],
      },
      {
        tool: 'gtag',
        args: [
          'event',
          'conversion',
          { send_to: 'AW-123456789/buy_1', value: 1864, currency: 'ZAR', transaction_id: 'BZ-2026000042' },
        ],
      },
      { tool: 'fbq', args: ['track', 'Purchase', { value: 1864, currency: 'ZAR' }] },
    ]);
  });

  it('sends an add to cart with the item', () => {
    expect(conversionCalls(ADD_TO_CART, ALL_TRACKING, 'ZAR')).toEqual([
      {
        tool: 'gtag',
        args: [
          'event',
          'add_to_cart',
          {
            send_to: 'G-AB12CD34EF',
            value: 1799,
            currency: 'ZAR',
            items: [{ item_id: 'p-1', item_name: 'PWR Hoodie', quantity: 2, price: 899.5 }],
          },
        ],
      },
      { tool: 'gtag', args: ['event', 'conversion', { send_to: 'AW-123456789/cart-1', value: 1799, currency: 'ZAR' }] },
      {
        tool: 'fbq',
        args: [
          'track',
          'AddToCart',
          { value: 1799, currency: 'ZAR', content_ids: ['p-1'], content_name: 'PWR Hoodie', content_type: 'product' },
        ],
      },
    ]);
  });

  it('sends a sign-up to GA4, the Ads sign-up label and the Pixel’s CompleteRegistration', () => {
    expect(conversionCalls(SIGN_UP, ALL_TRACKING, 'ZAR')).toEqual([
      { tool: 'gtag', args: ['event', 'sign_up', { send_to: 'G-AB12CD34EF', method: 'email' }] },
      { tool: 'gtag', args: ['event', 'conversion', { send_to: 'AW-123456789/join' }] },
      { tool: 'fbq', args: ['track', 'CompleteRegistration'] },
    ]);
  });

  it('sends a checkout to GA4 only when its Ads label is empty', () => {
    expect(conversionCalls(BEGIN_CHECKOUT, ALL_TRACKING, 'ZAR')).toEqual([
      {
        tool: 'gtag',
        args: [
          'event',
          'begin_checkout',
          {
            send_to: 'G-AB12CD34EF',
            value: 1799,
            currency: 'ZAR',
            items: [{ item_id: 'p-1', item_name: 'PWR Hoodie', quantity: 2, price: 899.5 }],
          },
        ],
      },
    ]);
    const labelled = { ...ALL_TRACKING, google_ads: { ...ALL_TRACKING.google_ads!, begin_checkout_label: 'go' } };
    expect(conversionCalls(BEGIN_CHECKOUT, labelled, 'ZAR')).toContainEqual({
      tool: 'gtag',
      args: ['event', 'conversion', { send_to: 'AW-123456789/go', value: 1799, currency: 'ZAR' }],
    });
  });

  it('leaves out the Pixel events its settings do not track', () => {
    const quiet = {
      ...ALL_TRACKING,
      meta_pixel: { ...ALL_TRACKING.meta_pixel!, track_add_to_cart: false, track_purchase: false },
    };
    expect(conversionCalls(PURCHASE, quiet, 'ZAR').map((call) => call.tool)).toEqual(['gtag', 'gtag']);
    expect(conversionCalls(ADD_TO_CART, quiet, 'ZAR').map((call) => call.tool)).toEqual(['gtag', 'gtag']);
  });

  it('goes only to the tools the visitor allowed', () => {
    const analytics = allowedTools(ALL_TRACKING, { analytics: true, marketing: false });
    expect(conversionCalls(PURCHASE, analytics, 'ZAR')).toEqual([
      {
        tool: 'gtag',
        args: ['event', 'purchase', { send_to: 'G-AB12CD34EF', transaction_id: 'BZ-2026000042', value: 1864, currency: 'ZAR' }],
      },
    ]);
    const marketing = allowedTools(ALL_TRACKING, { analytics: false, marketing: true });
    expect(conversionCalls(SIGN_UP, marketing, 'ZAR')).toEqual([
      { tool: 'gtag', args: ['event', 'conversion', { send_to: 'AW-123456789/join' }] },
      { tool: 'fbq', args: ['track', 'CompleteRegistration'] },
    ]);
    for (const conversion of [PURCHASE, ADD_TO_CART, BEGIN_CHECKOUT, SIGN_UP]) {
      expect(conversionCalls(conversion, NO_TRACKING, 'ZAR')).toEqual([]);
    }
  });

  it('uses the store’s currency and main units', () => {
    expect(conversionCalls(PURCHASE, { ...NO_TRACKING, meta_pixel: ALL_TRACKING.meta_pixel }, 'EUR')).toEqual([
      { tool: 'fbq', args: ['track', 'Purchase', { value: 1864, currency: 'EUR' }] },
    ]);
    expect(mainUnits(1)).toBe(0.01);
    expect(mainUnits(123_456)).toBe(1234.56);
  });
});
