import { describe, expect, it } from 'vitest';
import { dealProductChoices } from '@/features/deals/api/deals';
import { addDays, canWithdraw, dealStatus, formatDealDate } from '@/features/deals/lib/deal-dates';
import { belowPriceMessage, checkDeal, dealBody, DEAL_MESSAGES, dealErrorsOf } from '@/features/deals/lib/deal-form';
import { vendorProductLine, vendorProductList } from '@/test/vendor-products';

const cap = { id: 'p-cap', name: 'Cape Trail Cap', price_cents: 29900 };

describe('deal dates', () => {
  it('counts calendar days, across months and years', () => {
    expect(addDays('2026-12-01', 1)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-12-01', 90)).toBe('2027-03-01');
    expect(formatDealDate('2026-12-01')).toBe('Tue, 01 Dec 2026');
  });

  it('names the statuses and which may be withdrawn', () => {
    expect(dealStatus('proposed')).toEqual({ label: 'Proposed', tone: 'info' });
    expect(dealStatus('rejected').label).toBe('Rejected');
    expect(canWithdraw('proposed')).toBe(true);
    expect(canWithdraw('approved')).toBe(true);
    expect(canWithdraw('rejected')).toBe(false);
    expect(canWithdraw('withdrawn')).toBe(false);
  });
});

describe('the propose-a-deal form', () => {
  const today = '2026-12-01';
  const good = { product_id: cap.id, deal_date: '2026-12-02', price: '199' };

  it('sends the deal price in cents', () => {
    expect(checkDeal(good, today, cap)).toEqual({});
    expect(dealBody(good)).toEqual({ product_id: cap.id, deal_date: '2026-12-02', deal_price_cents: 19900 });
  });

  it('checks the product, the date and the price in the API’s words', () => {
    expect(checkDeal({ ...good, product_id: '' }, today, undefined).product_id).toBe(DEAL_MESSAGES.product);
    expect(checkDeal({ ...good, deal_date: today }, today, cap).deal_date).toBe(DEAL_MESSAGES.dateTooSoon);
    expect(checkDeal({ ...good, deal_date: '2027-03-02' }, today, cap).deal_date).toBe(DEAL_MESSAGES.dateTooLate);
    expect(checkDeal({ ...good, deal_date: '2027-03-01' }, today, cap).deal_date).toBeUndefined();
    expect(checkDeal({ ...good, deal_date: '' }, today, cap).deal_date).toBe(DEAL_MESSAGES.dateFormat);
    expect(checkDeal({ ...good, price: 'cheap' }, today, cap).deal_price_cents).toBe(DEAL_MESSAGES.amount);
    expect(checkDeal({ ...good, price: '299.00' }, today, cap).deal_price_cents).toBe(belowPriceMessage(29900));
    expect(belowPriceMessage(29900)).toBe("The deal price must be below today's price of R299.00");
  });

  it('sorts the API’s field errors into the form’s and the others', () => {
    expect(dealErrorsOf({ deal_date: 'Propose a date from tomorrow', note: 'x' })).toEqual({
      errors: { deal_date: 'Propose a date from tomorrow' },
      other: ['x'],
    });
  });

  it('offers only active products without variations, by name, at what customers pay now', () => {
    const list = vendorProductList([
      vendorProductLine({ id: 'p-tee', name: 'Trail Tee', variation_count: 2 }),
      vendorProductLine({ id: 'p-sock', name: 'Trail Socks', min_price_cents: 9900 }),
      vendorProductLine({ id: 'p-cap', name: 'Cape Trail Cap', min_price_cents: 29900 }),
      vendorProductLine({ id: 'p-old', name: 'Old Cap', status: 'pending_review' }),
    ]);
    expect(dealProductChoices(list)).toEqual([
      { id: 'p-cap', name: 'Cape Trail Cap', price_cents: 29900 },
      { id: 'p-sock', name: 'Trail Socks', price_cents: 9900 },
    ]);
  });
});
