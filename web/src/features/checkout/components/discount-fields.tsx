'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fetchQuote, quoteQueryOptions } from '@/features/checkout/api/checkout';
import type { Quote } from '@/features/checkout/api/checkout-types';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';

/** The coupon and points the quote was asked with. */
export interface Applied {
  coupon_code?: string;
  points?: number;
}

type Errors = { coupon_code?: string; points?: string };

/** SPEC §9: 10 points = R1, so a point is worth 10 cents. */
export const CENTS_PER_POINT = 10;

/**
 * Coupon and points. Each is tried with a quote first: accepted, it becomes part of the order;
 * refused, the server's message shows next to its field and the order keeps what it had.
 */
export function DiscountFields({
  userId,
  quote,
  applied,
  onApplied,
  errors,
  onErrors,
}: {
  userId: string;
  quote: Quote;
  applied: Applied;
  onApplied: (applied: Applied) => void;
  errors: Errors;
  onErrors: (errors: Errors) => void;
}) {
  const queryClient = useQueryClient();
  const [coupon, setCoupon] = useState(applied.coupon_code ?? '');
  const [points, setPoints] = useState(applied.points ? String(applied.points) : '');
  const [busy, setBusy] = useState<'coupon' | 'points' | null>(null);

  async function tryApplied(next: Applied, field: 'coupon_code' | 'points') {
    setBusy(field === 'coupon_code' ? 'coupon' : 'points');
    try {
      const answer = await fetchQuote(next);
      queryClient.setQueryData(quoteQueryOptions(userId, next).queryKey, answer);
      onErrors({ ...errors, [field]: undefined });
      onApplied(next);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields?.[field] : undefined;
      const message =
        typeof fieldMessage === 'string'
          ? fieldMessage
          : error instanceof ApiError && error.isClientError
            ? error.message
            : 'Could not check this right now. Please try again.';
      onErrors({ ...errors, [field]: message });
    } finally {
      setBusy(null);
    }
  }

  function applyCoupon(event: React.FormEvent) {
    event.preventDefault();
    const code = coupon.trim().toUpperCase();
    if (!code) {
      onErrors({ ...errors, coupon_code: 'Enter a coupon code' });
      return;
    }
    void tryApplied({ ...applied, coupon_code: code }, 'coupon_code');
  }

  function removeCoupon() {
    setCoupon('');
    onErrors({ ...errors, coupon_code: undefined });
    onApplied({ ...applied, coupon_code: undefined });
  }

  function applyPoints(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = points.trim();
    const amount = trimmed === '' ? 0 : Number(trimmed);
    if (!Number.isInteger(amount) || amount < 0) {
      onErrors({ ...errors, points: 'Enter a whole number of points' });
      return;
    }
    if (amount > quote.points_usable) {
      onErrors({ ...errors, points: `You can use at most ${quote.points_usable} points on this order` });
      return;
    }
    void tryApplied({ ...applied, points: amount || undefined }, 'points');
  }

  return (
    <section aria-labelledby="discounts-heading" className="flex flex-col gap-5 rounded-lg border border-neutral-200 bg-white p-5">
      <h2 id="discounts-heading" className="text-lg font-semibold">
        Discounts
      </h2>
      <form onSubmit={applyCoupon} noValidate className="flex gap-2">
        <div className="flex-1">
          <FormField
            label="Coupon code"
            error={errors.coupon_code}
            hint={applied.coupon_code ? `Applied: ${applied.coupon_code}` : undefined}
          >
            <Input
              value={coupon}
              onChange={(event) => setCoupon(event.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
            />
          </FormField>
        </div>
        {applied.coupon_code && coupon.trim().toUpperCase() === applied.coupon_code ? (
          <Button variant="secondary" className="mt-[1.625rem] h-11 self-start" onClick={removeCoupon}>
            Remove
          </Button>
        ) : (
          <Button type="submit" variant="secondary" className="mt-[1.625rem] h-11 self-start" disabled={busy !== null}>
            Apply coupon
          </Button>
        )}
      </form>
      <form onSubmit={applyPoints} noValidate className="flex gap-2">
        <div className="flex-1">
          <FormField
            label="Points to use"
            error={errors.points}
            hint={
              <span data-testid="points-hint">
                Balance: {quote.points_balance} points. You can use up to {quote.points_usable} points (
                {formatMoney(quote.points_usable * CENTS_PER_POINT)}) on this order.
              </span>
            }
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={quote.points_usable}
              step={1}
              value={points}
              onChange={(event) => setPoints(event.target.value)}
              disabled={quote.points_balance === 0}
            />
          </FormField>
        </div>
        <Button
          type="submit"
          variant="secondary"
          className="mt-[1.625rem] h-11 self-start"
          disabled={busy !== null || quote.points_balance === 0}
        >
          Use points
        </Button>
      </form>
    </section>
  );
}
