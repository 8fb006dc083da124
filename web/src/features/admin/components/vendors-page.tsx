'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { Pagination } from '@/components/ui/pagination';
import { pageCount } from '@/lib/page-param';
import { storePath } from '@/lib/paths';
import { formatCommission } from '@/lib/selling/commission';
import { VENDOR_FILTERS, vendorStatus } from '@/lib/selling/statuses';
import type { AdminVendor } from '@/lib/selling/types';
import { useMounted } from '@/lib/use-mounted';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import { useAdminVendors } from '@/features/admin/api/vendors';
import { SearchForm, StatusTabs } from '@/components/area/list-controls';
import { VendorActions } from '@/features/admin/components/vendor-actions';
import { listHref, listParamsFrom, type ListParams } from '@/features/admin/lib/list-params';

export const VENDORS_PATH = '/admin/vendors/';
const DEFAULT_STATUS = 'all';
const STATUSES = VENDOR_FILTERS.map((filter) => filter.value);

/** What a vendor pays: their override, or the agreement's rate. */
export function commissionText(vendor: Pick<AdminVendor, 'commission_rate_bps' | 'effective_commission_bps'>): string {
  return vendor.commission_rate_bps !== null
    ? formatCommission(vendor.commission_rate_bps)
    : `agreement rate (${formatCommission(vendor.effective_commission_bps)})`;
}

/** /admin/vendors/?status=…&q=…&page=N: every store, with suspend, reinstate and the commission. */
export function AdminVendorsPage() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton />;
  return <VendorsList params={listParamsFrom(searchParams, DEFAULT_STATUS, STATUSES)} />;
}

function hrefFor(params: ListParams): string {
  return listHref(VENDORS_PATH, params, DEFAULT_STATUS);
}

function VendorsList({ params }: { params: ListParams }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminVendors({
    status: params.status,
    q: params.q,
    page: params.page,
  });

  return (
    <>
      <PageHeader title="Vendors" description="Every store on the site: suspend or reinstate it, and set its commission." />
      <div className="flex flex-col gap-4">
        <StatusTabs
          label="Vendor status"
          options={VENDOR_FILTERS}
          current={params.status}
          hrefFor={(status) => hrefFor({ ...params, status, page: 1 })}
        />
        <SearchForm
          key={params.q}
          label="Search vendors"
          placeholder="Store name, address or owner email"
          initial={params.q}
          onSearch={(q) => router.replace(hrefFor({ ...params, q, page: 1 }), { scroll: false })}
        />
        {isPending ? (
          <ListSkeleton label="Loading vendors" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.vendors.length === 0 ? (
          <EmptyState title="No vendors here">
            <p className="text-neutral-600">
              {params.q ? `Nothing matches “${params.q}”.` : 'There are no vendors with this status.'}
            </p>
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite">
              {data.total === 1 ? '1 vendor' : `${data.total} vendors`}
            </p>
            <ul className="flex flex-col gap-3" aria-label="Vendors" aria-busy={isFetching || undefined}>
              {data.vendors.map((vendor) => (
                <li key={vendor.id}>
                  <VendorCard vendor={vendor} />
                </li>
              ))}
            </ul>
            <Pagination
              page={params.page}
              pageCount={pageCount(data.total, ADMIN_PAGE_SIZE)}
              hrefFor={(page) => hrefFor({ ...params, page })}
              label="Vendor pages"
            />
          </>
        )}
      </div>
    </>
  );
}

function VendorCard({ vendor }: { vendor: AdminVendor }) {
  const { label, tone } = vendorStatus(vendor.status);
  const headingId = `vendor-${vendor.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-neutral-200 bg-white p-4 sm:p-5"
      data-testid="vendor-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-neutral-900">
            {vendor.store_name}
          </h2>
          <p className="text-sm text-neutral-600">
            <Link href={storePath(vendor.store_slug)} className="underline-offset-4 hover:text-brand-700 hover:underline">
              /store/{vendor.store_slug}
            </Link>
            {vendor.category_focus ? ` · ${vendor.category_focus}` : null}
          </p>
        </div>
        <StatusBadge label={label} tone={tone} />
      </div>
      {vendor.status === 'suspended' && vendor.suspended_reason ? (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-200">
          Suspended: {vendor.suspended_reason}
        </p>
      ) : null}
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="inline text-neutral-600">Owner: </dt>
          <dd className="inline text-neutral-900">{vendor.owner?.email ?? 'None'}</dd>
        </div>
        <div>
          <dt className="inline text-neutral-600">Products: </dt>
          <dd className="inline text-neutral-900 tabular-nums">{vendor.products}</dd>
        </div>
        <div>
          <dt className="inline text-neutral-600">Commission: </dt>
          <dd className="inline text-neutral-900" data-testid="vendor-commission">
            {commissionText(vendor)}
          </dd>
        </div>
      </dl>
      <VendorActions vendor={vendor} />
    </article>
  );
}
