import { cn } from '@/lib/cn';

/** SPEC §4 "Order status colours": confirmed blue, processing yellow, shipped orange, delivered green, cancelled red. */
const STATUSES: Record<string, { label: string; className: string }> = {
  pending_payment: { label: 'Awaiting payment', className: 'bg-neutral-100 text-neutral-700' },
  paid: { label: 'Confirmed', className: 'bg-blue-100 text-blue-800' },
  processing: { label: 'Processing', className: 'bg-yellow-100 text-yellow-800' },
  shipped: { label: 'Shipped', className: 'bg-orange-100 text-orange-800' },
  delivered: { label: 'Delivered', className: 'bg-green-100 text-green-800' },
  cancelled: { label: 'Cancelled', className: 'bg-red-100 text-red-800' },
};

export function orderStatusLabel(status: string): string {
  return STATUSES[status]?.label ?? status.replace(/_/g, ' ');
}

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="order-status"
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        STATUSES[status]?.className ?? 'bg-neutral-100 text-neutral-700',
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}
