'use client';

import { usePathname } from 'next/navigation';
import { FlaskConical } from 'lucide-react';
import { isHeaderHidden } from '@/components/layout/site-header';
import { usePaymentsConfig } from '@/features/payments/api/payments-config';

/**
 * A slim notice above the header while the shop takes test payments (PayFast sandbox or the
 * simulator), so nobody mistakes a test order for a real one. Hidden where the header is hidden
 * (/admin, /vendor), and when the configuration cannot be read.
 */
export function TestPaymentsBanner() {
  const pathname = usePathname();
  const { data } = usePaymentsConfig();

  if (isHeaderHidden(pathname) || !data?.test_payments) return null;

  return (
    <aside
      aria-label="Test payments"
      data-testid="test-payments-banner"
      className="border-b border-amber-300 bg-amber-50 text-amber-900"
    >
      <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5 px-4 py-1.5 text-center text-xs font-medium sm:px-6 sm:text-sm">
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        <span>Test payments: no real money is charged.</span>
        {data.mode === 'simulator' ? <span>Payments go to the PayFast simulator.</span> : null}
      </p>
    </aside>
  );
}
