import type { Schema } from '@/lib/api/client';

/** The vendor's coupons (/api/v1/vendor/coupons…), from the generated schema. Fixed values are cents. */

export type VendorCoupon = Schema<'VendorCoupon'>;
export type VendorCouponList = Schema<'VendorCouponList'>;
/** What the form sends. */
export type CouponInput = Schema<'CouponInput'>;
/** What a coupon form's save is given: a new coupon (`id` null) or the one to rewrite. */
export interface SaveCouponVariables {
  id: string | null;
  body: CouponInput;
}

/** A percentage off (value 1–100) or an amount off (value in cents). */
export type CouponKind = 'percentage' | 'fixed';
