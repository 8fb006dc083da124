import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  leftToRefund,
  linesWorth,
  randToCents,
  REFUND_MESSAGES,
  refundableParts,
  refundFailure,
  refundRequest,
  type RefundDraft,
} from '@/features/admin/components/refund-dialog';
import { refundOutcome } from '@/features/admin/components/order-refunds';
import { capePart, KAROO_PART_ID, karooPart, orderDetail, SHOE_LINE_ID, SOCKS_LINE_ID } from '@/test/admin-orders';

function draft(overrides: Partial<RefundDraft> = {}): RefundDraft {
  return { partId: KAROO_PART_ID, lines: {}, amount: '', restock: false, reason: 'Damaged in transit', ...overrides };
}

describe('refundRequest', () => {
  const part = karooPart();

  it('sends the ticked lines with their quantities, the part, the stock choice and the trimmed reason', () => {
    const request = refundRequest(
      draft({
        lines: {
          [SHOE_LINE_ID]: { checked: true, quantity: '1' },
          [SOCKS_LINE_ID]: { checked: false, quantity: '2' },
        },
        restock: true,
        reason: '  Damaged in transit  ',
      }),
      part,
    );
    expect(request).toEqual({
      body: {
        lines: [{ item_id: SHOE_LINE_ID, quantity: 1 }],
        part_id: KAROO_PART_ID,
        restock: true,
        reason: 'Damaged in transit',
      },
    });
  });

  it('sends an amount in cents, alone (never restocking) or with lines', () => {
    expect(refundRequest(draft({ amount: 'R 99.9', restock: true }), part)).toEqual({
      body: { lines: [], value_cents: 9990, part_id: KAROO_PART_ID, restock: false, reason: 'Damaged in transit' },
    });
    expect(refundRequest(draft({ amount: '50', lines: { [SHOE_LINE_ID]: { checked: true, quantity: '2' } } }), part)).toMatchObject({
      body: { lines: [{ item_id: SHOE_LINE_ID, quantity: 2 }], value_cents: 5000 },
    });
  });

  it('refuses nothing to refund, a quantity beyond what is left, a bad amount and a short reason', () => {
    expect(refundRequest(draft(), part)).toEqual({ errors: { lines: REFUND_MESSAGES.nothing } });
    // The socks: 3 bought, 1 refunded already.
    expect(refundRequest(draft({ lines: { [SOCKS_LINE_ID]: { checked: true, quantity: '3' } } }), part)).toEqual({
      errors: { lines: 'Refund 1 to 2 of “Merino socks”' },
    });
    expect(refundRequest(draft({ lines: { [SOCKS_LINE_ID]: { checked: true, quantity: '0' } } }), part)).toMatchObject({
      errors: { lines: 'Refund 1 to 2 of “Merino socks”' },
    });
    expect(refundRequest(draft({ amount: '12,50' }), part)).toEqual({ errors: { amount: REFUND_MESSAGES.amount } });
    expect(refundRequest(draft({ amount: '0' }), part)).toEqual({ errors: { amount: REFUND_MESSAGES.amount } });
    expect(refundRequest(draft({ amount: '10', reason: ' no ' }), part)).toEqual({ errors: { reason: REFUND_MESSAGES.reason } });
    expect(refundRequest(draft({ amount: '10', reason: 'x'.repeat(501) }), part)).toEqual({ errors: { reason: REFUND_MESSAGES.reason } });
    expect(refundRequest(draft({ amount: '10' }), undefined)).toEqual({ errors: { part: REFUND_MESSAGES.part } });
  });
});

describe('the refund’s figures', () => {
  it('counts what is left of a line and the worth of what is ticked', () => {
    expect(leftToRefund({ quantity: 3, refunded_quantity: 1 })).toBe(2);
    expect(leftToRefund({ quantity: 1, refunded_quantity: 1 })).toBe(0);
    expect(
      linesWorth(
        draft({
          lines: {
            [SHOE_LINE_ID]: { checked: true, quantity: '2' },
            [SOCKS_LINE_ID]: { checked: true, quantity: 'x' },
          },
        }),
        karooPart(),
      ),
    ).toBe(130000);
    expect(randToCents('R1250.5')).toBe(125050);
    expect(randToCents('abc')).toBeNull();
  });

  it('offers the parts not cancelled of a paid order, and none of an unpaid or cancelled one', () => {
    const detail = orderDetail();
    const withCancelled = { ...detail, order: { ...detail.order, parts: [karooPart(), capePart({ status: 'cancelled' })] } };
    expect(refundableParts(withCancelled).map((part) => part.vendor_name)).toEqual(['Karoo Outdoor Co.']);
    expect(refundableParts({ ...detail, order: { ...detail.order, status: 'pending_payment' } })).toEqual([]);
    expect(refundableParts({ ...detail, order: { ...detail.order, status: 'cancelled' } })).toEqual([]);
  });

  it('says what became of the money', () => {
    expect(refundOutcome({ status: 'paid', money_cents: 24000, gateway_message: null })).toBe('Paid: R240.00 went back to the buyer.');
    expect(refundOutcome({ status: 'failed', money_cents: 24000, gateway_message: 'Card expired' })).toContain('(Card expired)');
    expect(refundOutcome({ status: 'due', money_cents: 5000, gateway_message: null })).toMatch(/^R50\.00 is owed back/);
  });
});

describe('refundFailure', () => {
  it('puts a 400’s field messages on the fields, and anything else above the buttons', () => {
    expect(refundFailure(new ApiError(400, 'validation_failed', 'Too much', { value_cents: 'Too much', reason: 'Too short' }))).toEqual({
      amount: 'Too much',
      reason: 'Too short',
    });
    expect(refundFailure(new ApiError(409, 'not_paid', 'Only a paid order can be refunded'))).toEqual({
      form: 'Only a paid order can be refunded',
    });
    expect(refundFailure(new ApiError(500, 'internal', 'boom'))).toEqual({
      form: 'The refund could not be issued. Please try again.',
    });
  });
});
