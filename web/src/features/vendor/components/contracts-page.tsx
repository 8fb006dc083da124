'use client';

import { CircleCheck, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorState, errorMessage, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/selling/statuses';
import type { VendorAgreements } from '@/lib/selling/types';
import { useAcceptAgreement, useVendorAgreements } from '@/features/vendor/api/agreements';
import { AgreementFacts, AgreementTerms } from '@/features/vendor/components/agreement-terms';

/** /vendor/contracts: the current agreement, accepting it, and what the vendor accepted before. */
export function ContractsPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useVendorAgreements();
  if (isPending) return <PageSkeleton label="Loading your contracts" />;
  if (isError) {
    return (
      <>
        <PageHeader title="Contracts" />
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </>
    );
  }
  return <Contracts agreements={data} />;
}

function Contracts({ agreements }: { agreements: VendorAgreements }) {
  const { current, accepted_version: acceptedVersion, acceptances } = agreements;
  const accept = useAcceptAgreement();
  const accepted = acceptedVersion !== null && acceptedVersion >= current.version;

  return (
    <>
      <PageHeader title="Contracts" description="The vendor agreement your store sells under." />
      <div className="flex flex-col gap-6">
        <Panel
          title={current.title}
          description={`The current agreement, version ${current.version}.`}
          actions={
            accepted ? (
              <StatusBadge label="Accepted" tone="success" />
            ) : (
              <StatusBadge label="Not accepted" tone="warning" />
            )
          }
        >
          <div className="flex flex-col gap-5">
            <AgreementFacts agreement={current} />
            <AgreementTerms agreement={current} />
            {accepted ? (
              <p className="flex items-center gap-2 text-sm text-neutral-700" data-testid="agreement-accepted">
                <CircleCheck aria-hidden="true" className="size-5 text-green-600" />
                You accepted version {current.version}.
              </p>
            ) : (
              <div className="flex flex-col gap-3">
                <p className="text-sm text-neutral-700">
                  {acceptedVersion === null
                    ? 'Accept the agreement to publish your products.'
                    : `You accepted version ${acceptedVersion}. Accept the new version to keep publishing products.`}
                </p>
                <div>
                  <Button
                    className="h-11"
                    disabled={accept.isPending}
                    onClick={() =>
                      accept.mutate(current.version, {
                        onSuccess: () => toast.success(`You accepted version ${current.version}`),
                        onError: (error) =>
                          toast.error('Error', { description: errorMessage(error, 'The agreement could not be accepted') }),
                      })
                    }
                  >
                    {accept.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
                    Accept version {current.version}
                  </Button>
                </div>
              </div>
            )}
          </div>
        </Panel>
        <Panel title="Acceptance history">
          {acceptances.length === 0 ? (
            <p className="text-sm text-neutral-600">You have not accepted an agreement yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-neutral-200 text-neutral-600">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">Version</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Agreement</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Accepted</th>
                    <th scope="col" className="py-2 font-medium">From address</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-neutral-200">
                  {acceptances.map((acceptance) => (
                    <tr key={`${acceptance.version}-${acceptance.accepted_at}`}>
                      <td className="py-2 pr-4 tabular-nums">{acceptance.version}</td>
                      <td className="py-2 pr-4">{acceptance.title}</td>
                      <td className="py-2 pr-4">
                        <time dateTime={acceptance.accepted_at}>{formatDateTime(acceptance.accepted_at)}</time>
                      </td>
                      <td className="py-2 font-mono text-xs">{acceptance.accepted_from}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>
      </div>
    </>
  );
}
