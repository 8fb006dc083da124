'use client';

import { PageHeader } from '@/components/area/area-states';
import { AdjustmentForm } from '@/features/money/components/adjustment-form';
import { LedgerPanel } from '@/features/money/components/ledger-panel';
import { PayoutRunPanel } from '@/features/money/components/payout-run-panel';

/** /admin/payouts: the books and their balance check, payout runs and their settlement, and balance adjustments. */
export function AdminPayoutsPage() {
  return (
    <>
      <PageHeader
        title="Payouts"
        description="The books, payout runs to vendors’ bank accounts, and corrections to a vendor’s balance."
      />
      <div className="flex flex-col gap-6">
        <LedgerPanel />
        <PayoutRunPanel />
        <AdjustmentForm />
      </div>
    </>
  );
}
