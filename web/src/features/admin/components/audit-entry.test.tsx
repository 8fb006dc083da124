import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/features/admin/api/audit';
import {
  auditActionLabel,
  AuditEntryView,
  auditSubjectHref,
  describeDetails,
} from '@/features/admin/components/audit-entry';
import { auditEntry, ORDER_ID } from '@/test/admin-orders';

function details(value: Record<string, unknown>): AuditEntry['details'] {
  return value as unknown as AuditEntry['details'];
}

describe('auditActionLabel', () => {
  it('says known actions in words and reads unknown ones from their code', () => {
    expect(auditActionLabel('user.suspend')).toBe('Suspended a user');
    expect(auditActionLabel('order.refund_retry')).toBe('Asked PayFast again for a refund');
    expect(auditActionLabel('coupon.expire_all')).toBe('Coupon: expire all');
    expect(auditActionLabel('vendor_payout.hold_back.now')).toBe('Vendor payout: hold back now');
    expect(auditActionLabel('maintenance_mode')).toBe('Maintenance mode');
  });
});

describe('auditSubjectHref', () => {
  it('links users, orders, products and applications to their admin pages, and nothing else', () => {
    expect(auditSubjectHref('user', 'u-1')).toBe('/admin/users/?id=u-1');
    expect(auditSubjectHref('order', ORDER_ID)).toBe(`/admin/orders/?id=${ORDER_ID}`);
    expect(auditSubjectHref('product', 'p 1')).toBe('/admin/products/?id=p%201');
    expect(auditSubjectHref('vendor_application', 'a-1')).toBe('/admin/applications/?id=a-1');
    expect(auditSubjectHref('vendor', 'v-1')).toBeNull();
    expect(auditSubjectHref('payout_run', 'r-1')).toBeNull();
  });
});

describe('describeDetails', () => {
  it('reads before and after key by key, leaving out what did not change', () => {
    expect(
      describeDetails({
        reason: 'Chargeback fraud',
        before: { role: 'customer', suspended: false },
        after: { role: 'customer', suspended: true },
      }),
    ).toEqual({
      reason: 'Chargeback fraud',
      changes: [{ key: 'suspended', label: 'Suspended', before: 'no', after: 'yes' }],
      figures: [],
    });
  });

  it('reads from/to and from_x/to_x pairs, money in rand and rates as percentages', () => {
    expect(describeDetails({ from: 'pending_payment', to: 'cancelled' }).changes).toEqual([
      { key: 'status', label: 'Status', before: 'pending payment', after: 'cancelled' },
    ]);
    expect(describeDetails({ store_slug: 'karoo', from_bps: null, to_bps: 850 })).toEqual({
      reason: null,
      changes: [{ key: 'bps', label: 'Commission', before: 'none', after: '8.5%' }],
      figures: [{ key: 'store_slug', label: 'Store', value: 'karoo' }],
    });
  });

  it('lists a refund’s figures, counting its lines and leaving ids out', () => {
    const described = describeDetails({
      refund_id: 'r-1',
      part_id: 'p-1',
      reason: 'Wrong size',
      value_cents: 24000,
      points_reversed: 1200,
      restocked: true,
      lines: [
        { item_id: 'l-1', quantity: 2 },
        { item_id: 'l-2', quantity: 1 },
      ],
      before: { refund_due_cents: 0 },
      after: { refund_due_cents: 24000 },
    });
    expect(described.changes).toEqual([{ key: 'refund_due_cents', label: 'Owed back', before: 'R0.00', after: 'R240.00' }]);
    expect(described.figures).toEqual([
      { key: 'value_cents', label: 'Goods’ worth', value: 'R240.00' },
      { key: 'points_reversed', label: 'Points taken back', value: '1,200' },
      { key: 'restocked', label: 'Back in stock', value: 'yes' },
      { key: 'lines', label: 'Lines', value: '2 lines, 3 items' },
    ]);
  });

  it('copes with details that are not an object', () => {
    expect(describeDetails(null)).toEqual({ reason: null, changes: [], figures: [] });
    expect(describeDetails({ before: 'a', after: 'b' }).changes).toEqual([{ key: 'value', label: 'Value', before: 'a', after: 'b' }]);
  });
});

describe('AuditEntryView', () => {
  it('shows who, the action in words, the object linked to its page, the reason and before → after', () => {
    render(
      <AuditEntryView
        entry={auditEntry({
          action: 'user.suspend',
          subject_type: 'user',
          subject_id: '0190b000-0000-7000-8000-000000000001',
          details: details({ reason: 'Chargeback fraud', before: { suspended: false }, after: { suspended: true } }),
        })}
      />,
    );
    const entry = screen.getByTestId('audit-entry');
    expect(entry).toHaveAttribute('data-action', 'user.suspend');
    expect(within(entry).getByTestId('audit-action')).toHaveTextContent('Suspended a user');
    expect(within(entry).getByTestId('audit-actor')).toHaveTextContent('ops@bazaar.example');
    expect(within(entry).getByRole('link', { name: 'user 0190b000…' })).toHaveAttribute(
      'href',
      '/admin/users/?id=0190b000-0000-7000-8000-000000000001',
    );
    expect(within(entry).getByTestId('audit-reason')).toHaveTextContent('Reason: Chargeback fraud');
    expect(within(entry).getByTestId('audit-change')).toHaveTextContent('Suspended:no');
    expect(within(entry).getByRole('img', { name: 'changed to' })).toBeInTheDocument();
  });

  it('leaves the object out where the page is about it, and names an object without a page in text', () => {
    const { unmount } = render(<AuditEntryView entry={auditEntry()} showSubject={false} />);
    expect(screen.queryByTestId('audit-subject')).not.toBeInTheDocument();
    unmount();
    render(<AuditEntryView entry={auditEntry({ action: 'vendor.suspend', subject_type: 'vendor', subject_id: 'v-1' })} />);
    expect(screen.getByTestId('audit-subject').tagName).toBe('SPAN');
    expect(screen.getByTestId('audit-subject')).toHaveTextContent('vendor v-1');
  });
});
