import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutInput, Order, Quote } from '@/features/checkout/api/checkout-types';
import { api } from '@/lib/api/client';

/** POST /api/v1/checkout/quote and /checkout, GET /api/v1/orders/{id} (docs/contracts.md). */

export function fetchQuote(input: CheckoutInput, signal?: AbortSignal): Promise<Quote> {
  return api.post('/api/v1/checkout/quote', { body: input, signal }).then(
    (body) => body.quote,
  );
}

export function placeOrder(input: CheckoutInput): Promise<Order> {
  return api.post('/api/v1/checkout', { body: input }).then((body) => body.order);
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get('/api/v1/orders/{id}', { path: { id }, signal }).then((body) => body.order);
}

/** The quote for the applied coupon and points; always fresh (prices and stock move). */
export function quoteQueryOptions(userId: string, input: { coupon_code?: string; points?: number }) {
  return queryOptions({
    queryKey: ['checkout', 'quote', userId, input.coupon_code ?? null, input.points ?? 0] as const,
    queryFn: ({ signal }) => fetchQuote(input, signal),
    staleTime: 0,
  });
}

export function useQuote(userId: string, input: { coupon_code?: string; points?: number }) {
  return useQuery({ ...quoteQueryOptions(userId, input), placeholderData: keepPreviousData });
}
