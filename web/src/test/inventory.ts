import type {
  StockImportReport,
  StockLevel,
  StockLevelList,
  StockMovement,
  StockMovementList,
} from '@/features/inventory/api/inventory-types';

/** The vendor inventory's payloads shaped as the API has them. */

export const TEE_ID = '0190f000-0000-7000-8000-00000000a001';
export const TEE_M_ID = '0190f000-0000-7000-8000-00000000b001';
export const CAP_ID = '0190f000-0000-7000-8000-00000000a002';

export function stockLevel(overrides: Partial<StockLevel> = {}): StockLevel {
  return {
    product_id: CAP_ID,
    variation_id: null,
    product_name: 'Cape Trail Cap',
    variation_name: null,
    sku: 'CTC-CAP',
    status: 'active',
    image_url: '/media/v/cape-trail-co/cap.jpg',
    stock_quantity: 12,
    manage_stock: true,
    low_stock_threshold: 5,
    low: false,
    ...overrides,
  };
}

export function stockLevelList(items: StockLevel[], lowCount = items.filter((level) => level.low).length, total = items.length): StockLevelList {
  return { items, meta: { total, page: 1, per_page: 20 }, low_count: lowCount };
}

export function stockMovement(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    id: '0190f000-0000-7000-8000-00000000c001',
    product_id: TEE_ID,
    variation_id: TEE_M_ID,
    product_name: 'Cape Trail Tee',
    sku: 'CTC-TEE-M',
    quantity_change: -1,
    stock_after: 2,
    reason: 'sale',
    order_number: 'BZ-2026112601',
    actor_email: null,
    created_at: '2026-11-26T09:30:00Z',
    ...overrides,
  };
}

export function stockMovementList(items: StockMovement[], total = items.length): StockMovementList {
  return { items, meta: { total, page: 1, per_page: 20 } };
}

export function importReport(overrides: Partial<StockImportReport> = {}): StockImportReport {
  const rows = overrides.rows ?? [
    { row: 2, sku: 'CTC-TEE-M', outcome: 'updated', from: 3, to: 10, error: null },
    { row: 3, sku: 'CTC-CAP', outcome: 'unchanged', from: 12, to: 12, error: null },
  ];
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  return {
    rows,
    applied: false,
    updated: count('updated'),
    unchanged: count('unchanged'),
    rejected: count('rejected'),
    ...overrides,
  };
}
