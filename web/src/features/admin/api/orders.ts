import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api/client';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';

/**
 * Orders for admins: GET /api/v1/admin/orders (searched, filtered, paged), GET …/{id} (the order
 * with its payments, the books' entries, refunds and history), POST …/{id}/status (move the whole
 * order on), POST …/{id}/refunds (refund one store's part), POST /api/v1/admin/refunds/{id}/retry
 * (ask PayFast again) and POST …/{id}/refunds/paid (money owed back, paid by other means).
 */

export type AdminOrderList = Schema<'AdminOrderList'>;
export type AdminOrderRow = Schema<'AdminOrderRow'>;
export type AdminOrderDetail = Schema<'AdminOrderDetail'>;
export type AdminOrder = Schema<'OrderView'>;
export type AdminOrderPart = Schema<'OrderPartView'>;
export type AdminOrderLine = Schema<'OrderItemView'>;
export type AdminPayment = Schema<'AdminPayment'>;
export type AdminLedgerEntry = Schema<'AdminLedgerEntry'>;
export type Refund = Schema<'RefundView'>;
export type RefundInput = Schema<'RefundInput'>;
export type RefundIssued = Schema<'RefundIssued'>;

/** Where an order stands, in the order it goes. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses an admin may move an order to (POST …/status). */
export type OrderMove = Extract<OrderStatus, 'processing' | 'shipped' | 'delivered' | 'cancelled'>;

export interface OrderFilters {
  q: string;
  /** A status, or '' for every one. */
  status: string;
  /** YYYY-MM-DD, or ''. */
  from: string;
  to: string;
  /** Only orders with money still owed back. */
  refundDue: boolean;
  page: number;
}

const ROOT = ['admin', 'orders'] as const;

/** Every cached admin order list and order; changes invalidate through it. */
export const adminOrdersKey = ROOT;

/**
 * What an order's change touches besides the order: a refund or a move changes the books, the
 * vendors' balances, buyers' points, stock and the audit log, all under the admin's keys. Only the
 * queries on screen are read again at once; the rest when next shown.
 */
const ADMIN_ROOT = ['admin'] as const;

export function adminOrdersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: [...ROOT, 'list', filters] as const,
    queryFn: ({ signal }): Promise<AdminOrderList> =>
      api.get('/api/v1/admin/orders', {
        query: {
          q: filters.q.trim() || undefined,
          status: filters.status || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          refund_due: filters.refundDue || undefined,
          page: filters.page,
          per_page: ADMIN_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useAdminOrders(filters: OrderFilters) {
  return useQuery({ ...adminOrdersQueryOptions(filters), placeholderData: keepPreviousData });
}

export function adminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ROOT, 'detail', id] as const,
    queryFn: ({ signal }): Promise<AdminOrderDetail> => api.get('/api/v1/admin/orders/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQueryOptions(id));
}

/** Reads every admin query again except `keep` (whose answer is already in the cache). */
function invalidateAdmin(queryClient: ReturnType<typeof useQueryClient>, keep?: readonly unknown[]) {
  return queryClient.invalidateQueries({
    queryKey: ADMIN_ROOT,
    predicate: keep ? (query) => JSON.stringify(query.queryKey) !== JSON.stringify(keep) : undefined,
  });
}

/** Moves the whole order on; a 409 (the state machine refuses) carries the reason. The order is read again either way. */
export function useSetOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderMove) => api.post('/api/v1/admin/orders/{id}/status', { path: { id }, body: { status } }),
    onSettled: () => invalidateAdmin(queryClient),
  });
}

/** Refunds one store's part; the answer carries the order as it now is, which the page takes at once. */
export function useIssueRefund(id: string) {
  const queryClient = useQueryClient();
  const detailKey = adminOrderQueryOptions(id).queryKey;
  return useMutation({
    mutationFn: (input: RefundInput): Promise<RefundIssued> =>
      api.post('/api/v1/admin/orders/{id}/refunds', { path: { id }, body: input }),
    onSuccess: (issued) => {
      queryClient.setQueryData(detailKey, issued.order);
      return invalidateAdmin(queryClient, detailKey);
    },
    onError: () => invalidateAdmin(queryClient),
  });
}

/** Asks PayFast again for a refund it refused (status failed); the order is read again for its new state. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string): Promise<Refund> =>
      api.post('/api/v1/admin/refunds/{id}/retry', { path: { id: refundId } }),
    onSettled: () => invalidateAdmin(queryClient),
  });
}

/** Records money owed back as paid by other means (an EFT, PayFast's dashboard). */
export function useRecordRefundPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amountCents: number) =>
      api.post('/api/v1/admin/orders/{id}/refunds/paid', { path: { id: orderId }, body: { amount_cents: amountCents } }),
    onSettled: () => invalidateAdmin(queryClient),
  });
}
