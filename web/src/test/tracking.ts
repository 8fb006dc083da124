import type { PublicTracking } from '@/lib/public-settings';

/** Public settings' `tracking` with every tool on (each id well formed, one Ads label left empty). */
export const ALL_TRACKING: PublicTracking = {
  ga4: { measurement_id: 'G-AB12CD34EF', anonymize_ip: true, send_page_view: true },
  google_ads: {
    conversion_id: 'AW-123456789',
    purchase_label: 'buy_1',
    add_to_cart_label: 'cart-1',
    begin_checkout_label: null,
    sign_up_label: 'join',
  },
  hotjar: { site_id: '3456789' },
  meta_pixel: { pixel_id: '1234567890123', track_page_view: true, track_add_to_cart: true, track_purchase: true },
};

/** Every tool off, as the public settings send it. */
export const NO_TRACKING: PublicTracking = { ga4: null, google_ads: null, hotjar: null, meta_pixel: null };
