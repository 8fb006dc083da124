import type {
  Courier,
  VendorOrder,
  VendorOrderLine,
  VendorOrderList,
  VendorOrderRow,
} from '@/features/fulfilment/api/fulfilment-types';

/** The vendor's orders payloads shaped as the API has them. */

export const PART_ID = '0190f000-0000-7000-8000-00000000d001';
export const OTHER_PART_ID = '0190f000-0000-7000-8000-00000000d002';

export function vendorOrderRow(overrides: Partial<VendorOrderRow> = {}): VendorOrderRow {
  return {
    id: PART_ID,
    order_number: 'BZ-2026112601',
    status: 'paid',
    currency: 'ZAR',
    total_cents: 64800,
    item_count: 3,
    courier_name: null,
    tracking_number: null,
    ordered_at: '2026-11-26T09:00:00Z',
    paid_at: '2026-11-26T09:02:00Z',
    ...overrides,
  };
}

export function vendorOrderList(items: VendorOrderRow[], total = items.length): VendorOrderList {
  return { items, meta: { total, page: 1, per_page: 20 } };
}

export function vendorOrderLine(overrides: Partial<VendorOrderLine> = {}): VendorOrderLine {
  return {
    product_id: '0190f000-0000-7000-8000-00000000a001',
    product_name: 'Cape Trail Tee',
    variation_name: 'Blue / M',
    size: 'M',
    color: 'Blue',
    quantity: 2,
    unit_price_cents: 24900,
    line_total_cents: 49800,
    image_url: null,
    product_type: 'physical',
    ...overrides,
  };
}

export function vendorOrder(overrides: Partial<VendorOrder> = {}): VendorOrder {
  return {
    id: PART_ID,
    order_id: '0190f000-0000-7000-8000-00000000e001',
    order_number: 'BZ-2026112601',
    status: 'paid',
    currency: 'ZAR',
    items: [
      vendorOrderLine(),
      vendorOrderLine({
        product_id: '0190f000-0000-7000-8000-00000000a002',
        product_name: 'Cape Trail Cap',
        variation_name: null,
        size: '',
        color: '',
        quantity: 1,
        unit_price_cents: 15000,
        line_total_cents: 15000,
      }),
    ],
    subtotal_cents: 64800,
    discount_cents: 0,
    shipping_cents: 0,
    total_cents: 64800,
    shipping_address: {
      recipient: 'Thandi Mokoena',
      phone: '082 123 4567',
      line1: '12 Long Street',
      line2: 'Unit 4',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'Western Cape',
      postal_code: '8001',
    },
    delivery_from: '2026-11-30',
    delivery_to: '2026-12-04',
    courier: null,
    courier_name: null,
    tracking_number: null,
    tracking_url: null,
    ordered_at: '2026-11-26T09:00:00Z',
    paid_at: '2026-11-26T09:02:00Z',
    processing_at: null,
    shipped_at: null,
    delivered_at: null,
    cancelled_at: null,
    cancel_reason: null,
    refund_due_cents: 0,
    next: ['processing', 'shipped', 'cancelled'],
    ...overrides,
  };
}

export const COURIERS: Courier[] = [
  { code: 'the_courier_guy', name: 'The Courier Guy', tracking_page: 'https://www.thecourierguy.co.za/tracking' },
  { code: 'pargo', name: 'Pargo', tracking_page: 'https://pargo.co.za/track-trace/' },
  { code: 'other', name: 'Other courier', tracking_page: null },
];
