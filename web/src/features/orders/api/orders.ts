import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fetchOrder } from '@/features/checkout/api/checkout';
import type { Order } from '@/features/checkout/api/checkout-types';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import type { ListMeta } from '@/lib/catalogue-types';

/** GET /api/v1/orders, GET /api/v1/orders/{id}, POST /api/v1/orders/{id}/cancel (docs/contracts.md). */

export type OrderSummary = Schema<'OrderSummaryView'>;

export type OrderList = Schema<'OrderList'>;

export type CancelResponse = Schema<'CancelResponse'>;

export const ORDERS_PER_PAGE = 10;

export function ordersKey(userId: string) {
  return ['orders', userId] as const;
}

export function useOrders(userId: string, page: number) {
  return useQuery({
    queryKey: [...ordersKey(userId), 'list', page] as const,
    queryFn: ({ signal }): Promise<OrderList> =>
      api.get('/api/v1/orders', { query: { page, per_page: ORDERS_PER_PAGE }, signal }),
    staleTime: 0,
  });
}

export function useOrder(userId: string, orderId: string) {
  return useQuery({
    queryKey: [...ordersKey(userId), orderId] as const,
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    staleTime: 0,
  });
}

/** Cancels an order; SPEC §8's "{n} points refunded to your account!" when points come back. */
export function useCancelOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api.post('/api/v1/orders/{id}/cancel', { path: { id: orderId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData([...ordersKey(userId), answer.order.id], answer.order);
      void queryClient.invalidateQueries({ queryKey: [...ordersKey(userId), 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['points', userId] });
      if (answer.points_refunded > 0) toast.success(`${answer.points_refunded} points refunded to your account!`);
      else toast.success(answer.message || 'Order cancelled');
    },
    onError: (error) => {
      const message = error instanceof ApiError && error.isClientError ? error.message : 'Failed to cancel the order';
      toast.error('Error', { description: message });
    },
  });
}
