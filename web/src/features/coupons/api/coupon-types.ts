import type { Schema } from '@/lib/api/client';

/** The vendor's coupons (/api/v1/vendor/coupons…), from the generated schema. Fixed values are cents. */

export type VendorCoupon = Schema<'VendorCoupon'>;
export type VendorCouponList = Schema<'VendorCouponList'>;
/** What the form sends. */
export type CouponInput = Schema<'CouponInput'>;

/** A percentage off (value 1–100) or an amount off (value in cents). */
export type CouponKind = 'percentage' | 'fixed';
