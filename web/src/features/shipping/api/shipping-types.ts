import type { Schema } from '@/lib/api/client';

/** The vendor's shipping page (/api/v1/vendor/shipping), from the generated schema. Money is in cents. */

/** The vendor's delivery days and shipping terms, the platform's, and the promise customers see. */
export type VendorShipping = Schema<'VendorShipping'>;
/** What PUT sends: the four fields; a null amount takes the platform's. */
export type ShippingInput = Schema<'ShippingInput'>;
export type PlatformShipping = Schema<'PlatformShipping'>;
