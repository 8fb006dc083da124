import type { Schema } from '@/lib/api/client';

/** The vendor's orders API's shapes (GET /api/v1/vendor/orders…), from the generated schema. */

/** One vendor's part of a customer order, as a row of the list. */
export type VendorOrderRow = Schema<'VendorOrderRow'>;
export type VendorOrderList = Schema<'VendorOrderList'>;
/** A part with its lines, delivery address, shipment and the moves open to the vendor now. */
export type VendorOrder = Schema<'VendorOrder'>;
export type VendorOrderLine = Schema<'VendorOrderLine'>;
export type VendorOrderMove = Schema<'VendorOrderMove'>;
export type Courier = Schema<'CourierView'>;

/** Where a part stands. */
export type PartStatus = 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** A move the vendor may make (VendorOrder.next). */
export type PartMove = 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** The list's filters as the API takes them; `all` sends none (every paid order). */
export type OrderFilter = 'to_ship' | 'shipped' | 'delivered' | 'cancelled' | 'all';
