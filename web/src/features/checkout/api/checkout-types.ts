import type { CartItem } from '@/features/cart/api/cart-types';

/** Checkout and order shapes of the API (docs/contracts.md, "Buying"). Money is in cents. */

export interface ShippingAddressInput {
  recipient: string;
  phone: string;
  line1: string;
  line2?: string;
  suburb?: string;
  city: string;
  province: string;
  postal_code: string;
}

export interface CheckoutInput {
  shipping_address?: ShippingAddressInput;
  points?: number;
  coupon_code?: string;
}

export interface QuotePart {
  vendor_id: string | null;
  vendor_name: string;
  subtotal_cents: number;
  delivery_min_business_days: number;
  delivery_max_business_days: number;
  delivery_from: string;
  delivery_to: string;
}

export interface Quote {
  currency: string;
  items: CartItem[];
  parts: QuotePart[];
  subtotal_cents: number;
  coupon_code: string | null;
  discount_cents: number;
  shipping_cents: number;
  points_balance: number;
  points_usable: number;
  points_spent: number;
  points_discount_cents: number;
  total_cents: number;
  vat_rate_percent: number;
  vat_cents: number;
  requires_shipping_address: boolean;
}

export interface OrderPayment {
  provider: string;
  mode: string;
  process_url: string;
  fields: { name: string; value: string }[];
}

export interface OrderLine {
  id: string;
  product_id: string;
  variation_id: string | null;
  product_name: string;
  variation_name: string | null;
  size: string | null;
  color: string | null;
  product_type: string;
  image_url: string | null;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
}

export interface OrderPart {
  id: string;
  vendor_id: string | null;
  vendor_name: string;
  subtotal_cents: number;
  delivery_from: string | null;
  delivery_to: string | null;
  items: OrderLine[];
}

export type OrderStatus = 'pending_payment' | 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

export interface Order {
  id: string;
  order_number: string;
  /** One of OrderStatus; a string so that a new status still shows. */
  status: string;
  currency: string;
  subtotal_cents: number;
  coupon_code: string | null;
  discount_cents: number;
  shipping_cents: number;
  points_spent: number;
  points_discount_cents: number;
  vat_cents: number;
  total_cents: number;
  points_earned: number;
  shipping_address: (ShippingAddressInput & { country?: string }) | null;
  reserved_until: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  refund_due_cents: number | null;
  can_cancel: boolean;
  created_at: string;
  parts: OrderPart[];
  payment: OrderPayment | null;
}
