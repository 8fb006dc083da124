import type { StatusTone } from '@/components/area/status-badge';
import type { BulkAction, EditableStatus, ProductStatus } from '@/features/products/api/vendor-product-types';

/** How a product's status reads in the areas: a label and a colour. */

const LOOKS: Record<ProductStatus, { label: string; tone: StatusTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  pending_review: { label: 'Waiting for review', tone: 'info' },
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Inactive', tone: 'warning' },
  archived: { label: 'Archived', tone: 'neutral' },
};

export function productStatus(status: string): { label: string; tone: StatusTone } {
  return LOOKS[status as ProductStatus] ?? { label: status, tone: 'neutral' };
}

export const PRODUCT_STATUSES: readonly ProductStatus[] = ['draft', 'pending_review', 'active', 'inactive', 'archived'];

export function isProductStatus(value: string | null | undefined): value is ProductStatus {
  return (PRODUCT_STATUSES as readonly (string | null | undefined)[]).includes(value);
}

/** What an activation waiting for an admin tells the vendor. */
export const PENDING_REVIEW_MESSAGE = 'Waiting for review — it goes on sale once an admin approves it.';

/** The editor's status choices, with what each means for shoppers. */
export const EDITABLE_STATUSES: readonly { value: EditableStatus; label: string; hint: string }[] = [
  { value: 'draft', label: 'Draft', hint: 'Only you see it while you work on it.' },
  { value: 'active', label: 'Active', hint: 'On sale in your store, in listings and in search.' },
  { value: 'inactive', label: 'Inactive', hint: 'Taken off sale; it keeps its details.' },
];

/**
 * The status the editor starts from: a product waiting for review was asked to be active, and
 * an archived one is off sale.
 */
export function editableStatus(status: string): EditableStatus {
  if (status === 'active' || status === 'pending_review') return 'active';
  if (status === 'inactive' || status === 'archived') return 'inactive';
  return 'draft';
}

/** The list's bulk actions: the button, and the toast's verb. */
export const BULK_ACTIONS: readonly { action: BulkAction; label: string; done: string; already: string }[] = [
  { action: 'activate', label: 'Activate', done: 'activated', already: 'already active' },
  { action: 'deactivate', label: 'Deactivate', done: 'deactivated', already: 'already off sale' },
  { action: 'archive', label: 'Archive', done: 'archived', already: 'already archived' },
];
