import { pageFromParam } from '@/lib/page-param';
import type { OrderFilter } from '@/features/fulfilment/api/fulfilment-types';

/**
 * The vendor's orders keep their state in the URL (STYLE.md "Lists"):
 * /vendor/orders/?status=…&page=N, and `&id=<part id>` for the part open in place of the list (a
 * static export has no page per id). The packing slip is /vendor/orders/slip/?id=<part id>. The
 * defaults (To ship, page 1) are left out.
 */

export const VENDOR_ORDERS_PATH = '/vendor/orders/';
export const PACKING_SLIP_PATH = '/vendor/orders/slip/';

export const DEFAULT_FILTER: OrderFilter = 'to_ship';

/** The status tabs, the work to do first. */
export const ORDER_FILTERS: readonly { value: OrderFilter; label: string }[] = [
  { value: 'to_ship', label: 'To ship' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];

export function isOrderFilter(value: string | null | undefined): value is OrderFilter {
  return ORDER_FILTERS.some((filter) => filter.value === value);
}

export interface OrderListParams {
  status: OrderFilter;
  page: number;
  /** The part open instead of the list. */
  id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A part id from the URL; anything else would only be refused by the API. */
export function partIdFrom(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return UUID.test(text) ? text.toLowerCase() : null;
}

export function orderListParamsFrom(params: { get(name: string): string | null } | null): OrderListParams {
  const status = params?.get('status');
  return {
    status: isOrderFilter(status) ? status : DEFAULT_FILTER,
    page: pageFromParam(params?.get('page')),
    id: params?.get('id') ? (partIdFrom(params.get('id')) ?? '') : null,
  };
}

export function orderListHref(params: OrderListParams): string {
  const query = new URLSearchParams();
  if (params.status !== DEFAULT_FILTER) query.set('status', params.status);
  if (params.page > 1) query.set('page', String(params.page));
  if (params.id) query.set('id', params.id);
  const text = query.toString();
  return text ? `${VENDOR_ORDERS_PATH}?${text}` : VENDOR_ORDERS_PATH;
}

/** The packing slip of a part, to print. */
export function packingSlipHref(id: string): string {
  return `${PACKING_SLIP_PATH}?id=${encodeURIComponent(id)}`;
}

/** The empty list's heading for a filter. */
export function emptyTitle(filter: OrderFilter): string {
  switch (filter) {
    case 'to_ship':
      return 'Nothing to ship';
    case 'shipped':
      return 'Nothing on its way';
    case 'delivered':
      return 'Nothing delivered yet';
    case 'cancelled':
      return 'No cancelled orders';
    case 'all':
      return 'No orders yet';
  }
}
