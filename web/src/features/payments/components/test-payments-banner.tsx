'use client';

import { usePathname } from 'next/navigation';
import { FlaskConical } from 'lucide-react';
import { isHeaderHidden } from '@/components/layout/site-header';

/**
 * A slim notice above the header while the shop takes test payments (PayFast sandbox or the
 * simulator), so nobody mistakes a test order for a real one. Hidden where the header is hidden
 * (/admin, /vendor).
 *
 * `bazaar serve` marks every page it serves with the payment mode while payments are tests
 * (`<html data-test-payments="sandbox|simulator">`, crates/api/src/web/head.rs), and CSS shows
 * the notice from that mark: it is in the first paint, instead of pushing the page down once a
 * request for the payment settings has answered.
 */
export function TestPaymentsBanner() {
  const pathname = usePathname();
  if (isHeaderHidden(pathname)) return null;

  return (
    <aside
      aria-label="Test payments"
      data-testid="test-payments-banner"
      className="hidden border-b border-amber-300 bg-amber-50 text-amber-900 [html[data-test-payments]_&]:block"
    >
      <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5 px-4 py-1.5 text-center text-xs font-medium sm:px-6 sm:text-sm">
        <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
        <span>Test payments: no real money is charged.</span>
        <span className="hidden [html[data-test-payments=simulator]_&]:inline">
          Payments go to the PayFast simulator.
        </span>
      </p>
    </aside>
  );
}
