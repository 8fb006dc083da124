'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { ChevronRight } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { Pagination } from '@/components/ui/pagination';
import { pageCount } from '@/lib/page-param';
import { APPLICATION_FILTERS, applicationStatus, formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { ADMIN_PAGE_SIZE, useAdminApplications } from '@/features/admin/api/applications';
import { ApplicationDetail } from '@/features/admin/components/application-detail';
import { SearchForm, StatusTabs } from '@/components/area/list-controls';
import { listHref, listParamsFrom, type ListParams } from '@/features/admin/lib/list-params';

export const APPLICATIONS_PATH = '/admin/applications/';
const DEFAULT_STATUS = 'submitted';
const STATUSES = APPLICATION_FILTERS.map((filter) => filter.value);

/**
 * /admin/applications/?status=…&q=…&page=N: vendor applications to decide, submitted ones first;
 * `&id=…` opens one (its fields, history and the decision).
 */
export function AdminApplicationsPage() {
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
  const params = listParamsFrom(searchParams, DEFAULT_STATUS, STATUSES);
  return params.id ? <DetailView params={params} /> : <ListView params={params} />;
}

function hrefFor(params: ListParams): string {
  return listHref(APPLICATIONS_PATH, params, DEFAULT_STATUS);
}

function DetailView({ params }: { params: ListParams }) {
  const back = hrefFor({ ...params, id: null });
  return (
    <>
      <p className="mb-4">
        <Link href={back} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          ← All applications
        </Link>
      </p>
      <ApplicationDetail id={params.id ?? ''} />
    </>
  );
}

function ListView({ params }: { params: ListParams }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminApplications({
    status: params.status,
    q: params.q,
    page: params.page,
  });
  const pages = data ? pageCount(data.total, ADMIN_PAGE_SIZE) : 1;

  return (
    <>
      <PageHeader title="Vendor applications" description="Review applications to sell and decide on them." />
      <div className="flex flex-col gap-4">
        <StatusTabs
          label="Application status"
          options={APPLICATION_FILTERS}
          current={params.status}
          hrefFor={(status) => hrefFor({ ...params, status, page: 1, id: null })}
        />
        <SearchForm
          key={params.q}
          label="Search applications"
          placeholder="Store name, address or email"
          initial={params.q}
          onSearch={(q) => router.replace(hrefFor({ ...params, q, page: 1, id: null }), { scroll: false })}
        />
        {isPending ? (
          <ListSkeleton label="Loading applications" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.applications.length === 0 ? (
          <EmptyState title="No applications here">
            <p className="text-neutral-600">
              {params.q ? `Nothing matches “${params.q}”.` : 'There are no applications with this status.'}
            </p>
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite">
              {data.total === 1 ? '1 application' : `${data.total} applications`}
            </p>
            <ul
              className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white"
              aria-label="Applications"
              aria-busy={isFetching || undefined}
            >
              {data.applications.map((application) => {
                const { label, tone } = applicationStatus(application.status);
                return (
                  <li key={application.id}>
                    <Link
                      href={hrefFor({ ...params, id: application.id })}
                      className="flex items-center gap-3 px-4 py-3 hover:bg-neutral-50"
                      data-testid="application-row"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-neutral-900">{application.store_name}</span>
                        <span className="block truncate text-sm text-neutral-600">
                          /store/{application.store_slug} · {application.applicant.email} · {formatDate(application.submitted_at)}
                        </span>
                      </span>
                      <StatusBadge label={label} tone={tone} />
                      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
                    </Link>
                  </li>
                );
              })}
            </ul>
            <Pagination
              page={params.page}
              pageCount={pages}
              hrefFor={(page) => hrefFor({ ...params, page, id: null })}
              label="Application pages"
            />
          </>
        )}
      </div>
    </>
  );
}
