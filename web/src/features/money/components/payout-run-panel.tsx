'use client';

import { useId, useState } from 'react';
import { Eye, Loader2, Send } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage, Panel } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { ScrollTable } from '@/components/area/scroll-table';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';
import type { OwedWithoutAccount, Payout, PayoutRun } from '@/features/money/api/money-types';
import { downloadBankFile, useCreatePayoutRun, useVendorChoices } from '@/features/money/api/admin-money';
import { DownloadButton, PayoutAccount, PayoutStatusBadge } from '@/features/money/components/payout-parts';
import { SettleActions } from '@/features/money/components/settle-payout';

/**
 * Payout runs: "Preview payout run" (a dry run: who would be paid, and who is owed money but has
 * no payout account) and "Run payouts" (asked first), which shows the run made with its bank file
 * and each payout to settle. The API lists no runs, so the last one made stays here until the
 * page is left.
 */
export function PayoutRunPanel() {
  const create = useCreatePayoutRun();
  const [preview, setPreview] = useState<PayoutRun | null>(null);
  const [run, setRun] = useState<PayoutRun | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const dialog = useConfirmState();
  const previewing = create.isPending && create.variables === true;
  const running = create.isPending && create.variables === false;

  const previewRun = () => {
    setPreviewError(null);
    create.mutate(true, {
      onSuccess: setPreview,
      onError: (error) => setPreviewError(errorMessage(error, 'The preview could not be made. Please try again.')),
    });
  };

  const makeRun = () => {
    dialog.setError(null);
    create.mutate(false, {
      onSuccess: (made) => {
        dialog.close();
        setRun(made);
        // What the preview showed is paid now (or changed): it would only mislead.
        setPreview(null);
        toast.success(
          made.payouts.length === 0 ? 'Nobody was due a payout' : `${payoutCount(made.payouts.length)} sent`,
          made.payouts.length === 0 ? undefined : { description: 'Download the bank file and upload it to the bank.' },
        );
      },
      onError: (error) => dialog.setError(errorMessage(error, 'The payouts could not be run. Please try again.')),
    });
  };

  const settled = (payout: Payout) =>
    setRun((current) =>
      current ? { ...current, payouts: current.payouts.map((each) => (each.id === payout.id ? payout : each)) } : current,
    );

  return (
    <Panel
      title="Payout runs"
      description="A run pays every vendor whose available balance is at least the minimum payout, to the bank account on file, and makes the bank file to upload."
    >
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="h-10" onClick={previewRun} disabled={create.isPending}>
          {previewing ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Eye aria-hidden="true" className="size-4" />}
          Preview payout run
        </Button>
        <ConfirmDialog
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
          trigger={
            <Button className="h-10" disabled={create.isPending}>
              <Send aria-hidden="true" className="size-4" />
              Run payouts
            </Button>
          }
          title="Run payouts now?"
          description={
            preview && preview.payouts.length > 0
              ? `The last preview showed ${payoutCount(preview.payouts.length)}, ${formatMoney(preview.total_cents)} in all, paid from the vendors’ available balances to their bank accounts. This cannot be undone.`
              : 'Every vendor whose available balance is at least the minimum is paid from it, to the bank account on file. This cannot be undone.'
          }
          confirmLabel="Run payouts"
          onConfirm={makeRun}
          pending={running}
          error={dialog.error}
          testId="run-payouts-dialog"
        />
      </div>
      {previewError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-sale">
          {previewError}
        </p>
      ) : null}
      {preview ? <RunView run={preview} /> : null}
      {run ? <RunView run={run} onSettled={settled} /> : null}
    </Panel>
  );
}

function payoutCount(count: number): string {
  return count === 1 ? '1 payout' : `${count} payouts`;
}

/** A run (or a dry run): its payouts, its total, its bank file and the vendors left unpaid for want of an account. */
function RunView({ run, onSettled }: { run: PayoutRun; onSettled?: (payout: Payout) => void }) {
  const headingId = useId();
  const { dry_run: dryRun, payouts } = run;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 flex flex-col gap-4 border-t border-neutral-200 pt-5"
      data-testid={dryRun ? 'payout-preview' : 'payout-run'}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-neutral-900">
            {dryRun ? 'Preview: nothing is paid yet' : 'Payout run made'}
          </h3>
          <p className="mt-1 text-sm text-neutral-600" data-testid="run-summary">
            {payouts.length === 0
              ? `Nobody ${dryRun ? 'is' : 'was'} due a payout of at least ${formatMoney(run.minimum_cents)}.`
              : `${payoutCount(payouts.length)}, ${formatMoney(run.total_cents)} in all (at least ${formatMoney(run.minimum_cents)} each).`}
          </p>
        </div>
        {!dryRun && payouts.length > 0 ? (
          <DownloadButton
            label="Download bank file"
            download={() => downloadBankFile(run.id)}
            failure="The bank file could not be made. Please try again."
          />
        ) : null}
      </div>
      {payouts.length > 0 ? <RunPayoutsTable payouts={payouts} dryRun={dryRun} onSettled={onSettled} /> : null}
      {run.without_account.length > 0 ? <WithoutAccount owed={run.without_account} dryRun={dryRun} /> : null}
    </section>
  );
}

function RunPayoutsTable({
  payouts,
  dryRun,
  onSettled,
}: {
  payouts: Payout[];
  dryRun: boolean;
  onSettled?: (payout: Payout) => void;
}) {
  const label = dryRun ? 'Payouts the run would make' : 'Payouts of the run';
  return (
    <ScrollTable label={label} className="-mx-5 sm:-mx-6">
      <table className="w-full min-w-2xl text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-5 py-2 sm:px-6">
              Vendor
            </th>
            <th scope="col" className="px-3 py-2">
              Account
            </th>
            <th scope="col" className="px-3 py-2">
              Reference
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            {dryRun ? null : (
              <>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-5 py-2 text-right sm:px-6">
                  <span className="sr-only">Actions</span>
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {payouts.map((payout) => (
            <tr key={payout.id} data-testid="run-payout" data-status={payout.status}>
              <td className="px-5 py-3 font-medium text-neutral-900 sm:px-6">{payout.store_name}</td>
              <td className="px-3 py-3">
                <PayoutAccount payout={payout} />
                <span className="block text-xs text-neutral-600">Branch {payout.branch_code}</span>
              </td>
              <td className="px-3 py-3 font-mono text-xs whitespace-nowrap">{payout.reference}</td>
              <td className="px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums" data-testid="payout-amount">
                {formatMoney(payout.amount_cents)}
              </td>
              {dryRun ? null : (
                <>
                  <td className="px-3 py-3">
                    <PayoutStatusBadge status={payout.status} />
                    {payout.failure_reason ? (
                      <span className="mt-1 block text-xs text-sale">{payout.failure_reason}</span>
                    ) : null}
                  </td>
                  <td className="px-5 py-3 sm:px-6">
                    {payout.status === 'sent' && onSettled ? <SettleActions payout={payout} onSettled={onSettled} /> : null}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Vendors owed at least the minimum with no payout account on file: not paid until they add one. */
function WithoutAccount({ owed, dryRun }: { owed: OwedWithoutAccount[]; dryRun: boolean }) {
  const vendors = useVendorChoices();
  const nameOf = (id: string) => vendors.data?.find((vendor) => vendor.id === id)?.store_name ?? `Vendor ${id.slice(0, 8)}`;
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="without-account"
    >
      <p className="font-medium">
        Owed money but {dryRun ? 'not to be paid' : 'not paid'}: no payout account on file
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {owed.map((each) => (
          <li key={each.vendor_id} className="flex justify-between gap-4" data-testid="owed-without-account">
            <span>{nameOf(each.vendor_id)}</span>
            <span className="font-medium tabular-nums">{formatMoney(each.amount_cents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
