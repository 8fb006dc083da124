/**
 * Facts the static storefront pages state. The texts are fixed by the specification (§9):
 * keep them here so every page says the same thing.
 */
export const SUPPORT_EMAIL = 'support@bazaar.co.za';

export const STANDARD_SHIPPING = 'R65';
export const FREE_SHIPPING_OVER = 'R450';
export const DELIVERY_TIME = '3–7 business days';
export const RETURN_WINDOW = '7 days';
export const FIRST_ORDER_PROMO = '10% off your first order';

export const BUSINESS_HOURS: readonly { days: string; hours: string }[] = [
  { days: 'Monday to Friday', hours: '08:00 – 17:00' },
  { days: 'Saturday', hours: '09:00 – 13:00' },
  { days: 'Sundays and public holidays', hours: 'Closed' },
];
