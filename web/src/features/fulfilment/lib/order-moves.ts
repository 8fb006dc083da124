import { z } from 'zod';
import type { TimelineEntry } from '@/components/area/status-timeline';
import type {
  PartMove,
  VendorOrder,
  VendorOrderLine,
  VendorOrderMove,
} from '@/features/fulfilment/api/fulfilment-types';

/**
 * Moving a part on, as the API has it (crates/domain/src/shipment.rs, Shipment::parse; the cancel
 * reason in crates/api/src/routes/vendor_orders.rs): its rules and messages are checked before
 * sending, and the API's own field messages land on the same inputs.
 */

export const TRACKING_NUMBER_MAX = 64;
export const TRACKING_URL_MAX = 500;
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export const MOVE_MESSAGES = {
  courier: 'Choose the courier',
  trackingNumber: 'Enter the tracking number',
  trackingNumberShape: `A tracking number is up to ${TRACKING_NUMBER_MAX} letters, digits, spaces, '-', '/' or '.'`,
  trackingUrl: 'The tracking link must be an https:// address',
  reason: `Say why the order is cancelled (${REASON_MIN} to ${REASON_MAX} characters)`,
} as const;

const TRACKING_NUMBER = /^[A-Za-z0-9 ./-]+$/;

function isTrackingUrl(text: string): boolean {
  if (text.length > TRACKING_URL_MAX || /[\s\p{Cc}]/u.test(text)) return false;
  const host = text.startsWith('https://') ? text.slice('https://'.length) : '';
  return host !== '' && !host.startsWith('/');
}

export const shipSchema = z.object({
  courier: z.string().trim().min(1, MOVE_MESSAGES.courier),
  tracking_number: z
    .string()
    .trim()
    .min(1, MOVE_MESSAGES.trackingNumber)
    .max(TRACKING_NUMBER_MAX, MOVE_MESSAGES.trackingNumberShape)
    .regex(TRACKING_NUMBER, MOVE_MESSAGES.trackingNumberShape),
  tracking_url: z
    .string()
    .trim()
    .refine((text) => text === '' || isTrackingUrl(text), MOVE_MESSAGES.trackingUrl),
});

export type ShipFormValues = z.infer<typeof shipSchema>;

export const EMPTY_SHIPMENT: ShipFormValues = { courier: '', tracking_number: '', tracking_url: '' };

/** The API's field names of a shipment, in the form's order. */
export const SHIP_FIELDS = ['courier', 'tracking_number', 'tracking_url'] as const satisfies readonly (keyof ShipFormValues)[];

export function shipMove(values: ShipFormValues): VendorOrderMove {
  const url = values.tracking_url.trim();
  return {
    status: 'shipped',
    courier: values.courier,
    tracking_number: values.tracking_number.trim(),
    tracking_url: url === '' ? null : url,
  };
}

/** The reason's problem, or null when it will do. */
export function reasonProblem(reason: string): string | null {
  const length = [...reason.trim()].length;
  return length >= REASON_MIN && length <= REASON_MAX ? null : MOVE_MESSAGES.reason;
}

/** Whether the vendor may make `move` now. */
export function canMove(order: Pick<VendorOrder, 'next'>, move: PartMove): boolean {
  return order.next.includes(move);
}

/** What the toast says after a move. */
export const MOVE_DONE: Record<PartMove, string> = {
  processing: 'Marked as processing',
  shipped: 'Marked as shipped',
  delivered: 'Marked as delivered',
  cancelled: 'Order cancelled',
};

/** A line's variation, size and colour, as one text ("Blue · M"), or '' when it has none. */
export function lineOptions(line: Pick<VendorOrderLine, 'variation_name' | 'size' | 'color'>): string {
  const parts = line.variation_name ? [line.variation_name] : [line.color, line.size];
  return parts.filter((part) => part && part.trim() !== '').join(' · ');
}

/** How many things the part holds. */
export function itemCount(lines: readonly Pick<VendorOrderLine, 'quantity'>[]): number {
  return lines.reduce((total, line) => total + line.quantity, 0);
}

/** The delivery address, a line of text per line of the label. */
export function addressLines(address: NonNullable<VendorOrder['shipping_address']>): string[] {
  return [
    address.recipient,
    address.line1,
    address.line2 ?? '',
    address.suburb ?? '',
    `${address.city} ${address.postal_code}`,
    address.province,
    'South Africa',
  ].filter((line) => line.trim() !== '');
}

/** The part's history, oldest first, from its timestamps: each status it took and what came with it. */
export function partTimeline(order: VendorOrder): TimelineEntry[] {
  const entries: (TimelineEntry | null)[] = [
    order.paid_at ? { status: 'paid', message: 'Paid by the customer', created_at: order.paid_at } : null,
    order.processing_at ? { status: 'processing', message: null, created_at: order.processing_at } : null,
    order.shipped_at
      ? {
          status: 'shipped',
          message: [order.courier_name, order.tracking_number ? `Tracking number ${order.tracking_number}` : null]
            .filter(Boolean)
            .join(' · ') || null,
          created_at: order.shipped_at,
        }
      : null,
    order.delivered_at ? { status: 'delivered', message: null, created_at: order.delivered_at } : null,
    order.cancelled_at ? { status: 'cancelled', message: order.cancel_reason, created_at: order.cancelled_at } : null,
  ];
  return entries
    .filter((entry): entry is TimelineEntry => entry !== null)
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}
