import type { AuditEntry } from '@/features/admin/api/audit';
import type {
  AdminOrderDetail,
  AdminOrderLine,
  AdminOrderPart,
  AdminOrderRow,
  Refund,
} from '@/features/admin/api/orders';

/** The admin's order and audit payloads shaped as the API has them (GET /admin/orders…, /admin/audit-log). */

export const ORDER_ID = '0190f000-0000-7000-8000-00000000a001';
export const BUYER_ID = '0190f000-0000-7000-8000-00000000b001';
export const KAROO_PART_ID = '0190f000-0000-7000-8000-00000000c001';
export const CAPE_PART_ID = '0190f000-0000-7000-8000-00000000c002';
export const KAROO_VENDOR_ID = '0190d000-0000-7000-8000-00000000c001';
export const CAPE_VENDOR_ID = '0190d000-0000-7000-8000-00000000c002';
export const SHOE_LINE_ID = '0190f000-0000-7000-8000-00000000d001';
export const SOCKS_LINE_ID = '0190f000-0000-7000-8000-00000000d002';
export const LAMP_LINE_ID = '0190f000-0000-7000-8000-00000000d003';
export const REFUND_ID = '0190f000-0000-7000-8000-00000000e001';

export function orderRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: ORDER_ID,
    order_number: 'BZ-20261120-0042',
    status: 'processing',
    email: 'thandi@example.com',
    total_cents: 217500,
    refund_due_cents: 0,
    part_count: 2,
    created_at: '2026-11-20T08:00:00Z',
    paid_at: '2026-11-20T08:05:00Z',
    ...overrides,
  };
}

export function orderLine(overrides: Partial<AdminOrderLine> = {}): AdminOrderLine {
  return {
    id: SHOE_LINE_ID,
    product_id: '0190c000-0000-7000-8000-000000000001',
    variation_id: null,
    product_name: 'Trail shoe',
    variation_name: null,
    size: '42',
    color: 'Blue',
    product_type: 'physical',
    image_url: null,
    unit_price_cents: 65000,
    quantity: 2,
    line_total_cents: 130000,
    refunded_quantity: 0,
    download_url: null,
    ...overrides,
  };
}

/** Karoo's part, delivered: two trail shoes and three pairs of socks (one pair refunded already). */
export function karooPart(overrides: Partial<AdminOrderPart> = {}): AdminOrderPart {
  return {
    id: KAROO_PART_ID,
    vendor_id: KAROO_VENDOR_ID,
    vendor_name: 'Karoo Outdoor Co.',
    vendor_slug: 'karoo-outdoor',
    subtotal_cents: 166000,
    discount_cents: 0,
    shipping_cents: 6500,
    delivery_from: '2026-11-24',
    delivery_to: '2026-11-28',
    status: 'delivered',
    courier: 'courier_guy',
    courier_name: 'The Courier Guy',
    tracking_number: 'TCG123456',
    tracking_url: 'https://tracking.example.com/TCG123456',
    shipped_at: '2026-11-21T10:00:00Z',
    delivered_at: '2026-11-23T10:00:00Z',
    cancelled_at: null,
    cancel_reason: null,
    refund_due_cents: 0,
    items: [
      orderLine(),
      orderLine({
        id: SOCKS_LINE_ID,
        product_name: 'Merino socks',
        size: 'M',
        color: '',
        unit_price_cents: 12000,
        quantity: 3,
        line_total_cents: 36000,
        refunded_quantity: 1,
      }),
    ],
    ...overrides,
  };
}

/** Cape's part, being prepared: one headlamp. */
export function capePart(overrides: Partial<AdminOrderPart> = {}): AdminOrderPart {
  return {
    ...karooPart(),
    id: CAPE_PART_ID,
    vendor_id: CAPE_VENDOR_ID,
    vendor_name: 'Cape Trail Co',
    subtotal_cents: 45000,
    shipping_cents: 0,
    status: 'processing',
    courier: null,
    courier_name: null,
    tracking_number: null,
    tracking_url: null,
    shipped_at: null,
    delivered_at: null,
    items: [
      orderLine({
        id: LAMP_LINE_ID,
        product_name: 'Headlamp',
        size: '',
        color: '',
        unit_price_cents: 45000,
        quantity: 1,
        line_total_cents: 45000,
      }),
    ],
    ...overrides,
  };
}

export function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: REFUND_ID,
    part_id: KAROO_PART_ID,
    value_cents: 12000,
    money_cents: 12000,
    points_returned: 0,
    points_reversed: 12,
    lines: [{ item_id: SOCKS_LINE_ID, quantity: 1 }],
    restocked: false,
    reason: 'Arrived with a hole',
    status: 'paid',
    gateway_reference: 'PF-R-1',
    gateway_message: null,
    created_at: '2026-11-24T09:00:00Z',
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '0190f000-0000-7000-8000-00000000f001',
    actor_id: '0190b000-0000-7000-8000-000000000009',
    actor_email: 'ops@bazaar.example',
    action: 'order.set_status',
    subject_type: 'order',
    subject_id: ORDER_ID,
    details: { from: 'paid', to: 'processing' } as unknown as AuditEntry['details'],
    created_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

/** The order of orderRow() as GET /admin/orders/{id} has it: two stores' parts, one refund paid, its books and history. */
export function orderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const row = orderRow();
  return {
    order: {
      id: row.id,
      order_number: row.order_number,
      status: 'processing',
      currency: 'ZAR',
      created_at: row.created_at,
      paid_at: row.paid_at,
      cancelled_at: null,
      cancel_reason: null,
      can_cancel: false,
      coupon_code: null,
      subtotal_cents: 211000,
      discount_cents: 0,
      points_discount_cents: 0,
      shipping_cents: 6500,
      vat_cents: 28370,
      total_cents: 217500,
      points_spent: 0,
      points_earned: 217,
      refund_due_cents: 0,
      reserved_until: null,
      payment: null,
      shipping_address: {
        recipient: 'Thandi Mokoena',
        line1: '12 Long Street',
        line2: null,
        suburb: 'Gardens',
        city: 'Cape Town',
        postal_code: '8001',
        province: 'Western Cape',
        country: 'ZA',
        phone: '082 123 4567',
      },
      parts: [karooPart(), capePart()],
    },
    user_id: BUYER_ID,
    email: row.email,
    payments: [
      {
        id: '0190f000-0000-7000-8000-00000000aa01',
        provider: 'payfast',
        reference: 'PF-1234567',
        status: 'accepted',
        reason: null,
        received_at: '2026-11-20T08:05:00Z',
      },
    ],
    ledger: [
      {
        journal_id: '0190f000-0000-7000-8000-0000000bb001',
        kind: 'sale',
        memo: 'Order BZ-20261120-0042',
        account: 'gateway',
        vendor_id: null,
        amount_cents: 217500,
        effective_at: '2026-11-20T08:05:00Z',
      },
      {
        journal_id: '0190f000-0000-7000-8000-0000000bb001',
        kind: 'sale',
        memo: 'Order BZ-20261120-0042',
        account: 'vendor_pending',
        vendor_id: KAROO_VENDOR_ID,
        amount_cents: -217500,
        effective_at: '2026-11-20T08:05:00Z',
      },
      {
        journal_id: '0190f000-0000-7000-8000-0000000bb002',
        kind: 'return',
        memo: 'Refund: Arrived with a hole',
        account: 'refunds_due',
        vendor_id: null,
        amount_cents: -12000,
        effective_at: '2026-11-24T09:00:00Z',
      },
      {
        journal_id: '0190f000-0000-7000-8000-0000000bb002',
        kind: 'return',
        memo: 'Refund: Arrived with a hole',
        account: 'vendor_available',
        vendor_id: KAROO_VENDOR_ID,
        amount_cents: 12000,
        effective_at: '2026-11-24T09:00:00Z',
      },
    ],
    refunds: [refund()],
    audit: [
      auditEntry({
        id: '0190f000-0000-7000-8000-00000000f002',
        action: 'order.refund',
        details: {
          refund_id: REFUND_ID,
          part_id: KAROO_PART_ID,
          reason: 'Arrived with a hole',
          value_cents: 12000,
          money_cents: 12000,
          restocked: false,
          lines: [{ item_id: SOCKS_LINE_ID, quantity: 1 }],
          before: { refund_due_cents: 0 },
          after: { refund_due_cents: 12000 },
        } as unknown as AuditEntry['details'],
        created_at: '2026-11-24T09:00:00Z',
      }),
      auditEntry(),
    ],
    ...overrides,
  };
}
