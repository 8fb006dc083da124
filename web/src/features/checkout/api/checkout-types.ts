import type { CartItem } from '@/features/cart/api/cart-types';
import type { Schema } from '@/lib/api/client';

/** Checkout and order shapes of the API (docs/contracts.md, "Buying"). Money is in cents. */

export type ShippingAddressInput = Schema<'ShippingAddress'>;

export type CheckoutInput = Schema<'CheckoutRequest'>;

export type QuotePart = Schema<'DeliveryPart'>;

export type Quote = Schema<'CheckoutQuote'>;

export type OrderPayment = Schema<'PaymentFormView'>;

export type OrderLine = Schema<'OrderItemView'>;

export type OrderPart = Schema<'OrderPartView'>;

export type OrderStatus = 'pending_payment' | 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

export type Order = Schema<'OrderView'>;
