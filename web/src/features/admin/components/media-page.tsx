'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { SearchForm } from '@/components/area/list-controls';
import { Pagination } from '@/components/ui/pagination';
import { useMounted } from '@/lib/use-mounted';
import {
  adminMediaHref,
  MEDIA_PAGE_SIZE,
  mediaFiltersFrom,
  NO_MEDIA_FILTERS,
  useAdminMedia,
  type ListTotal,
  type MediaFilters,
} from '@/features/admin/api/media';
import { ClearFiltersLink } from '@/features/admin/components/admin-filters';
import { MediaFilterControls } from '@/features/admin/components/media-filters';
import { MediaGrid } from '@/features/admin/components/media-grid';
import { countText, pagesFor } from '@/features/admin/lib/list-total';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /admin/media/?q=…&vendor_id=…&kind=image|video&unused=true&page=N: every store's pictures and
 * videos with their store and where each is used; what nothing uses can be removed, one item or a
 * selection at once. The filters live in the URL.
 */
export function AdminMediaPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading media" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading media" />;
  return <MediaList filters={mediaFiltersFrom(searchParams)} />;
}

/** "1 item", "24 items", "More than 10,000 items". */
export function mediaCountText(total: ListTotal): string {
  return countText(total, 'item', 'items');
}

function MediaList({ filters }: { filters: MediaFilters }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminMedia(filters);
  const go = (next: Partial<MediaFilters>) =>
    router.replace(adminMediaHref({ ...filters, page: 1, ...next }), { scroll: false });
  const filtered = adminMediaHref({ ...filters, page: 1 }) !== adminMediaHref(NO_MEDIA_FILTERS);

  return (
    <>
      <PageHeader
        title="Media"
        description="Every store’s pictures and videos. What no product, logo or banner uses can be removed."
      />
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3">
          <SearchForm
            key={filters.q}
            label="Search media"
            placeholder="File name or alt text"
            initial={filters.q}
            onSearch={(q) => go({ q })}
          />
          <MediaFilterControls filters={filters} onChange={go} />
          {filtered ? <ClearFiltersLink href={adminMediaHref(NO_MEDIA_FILTERS)} /> : null}
        </div>
        {isPending ? (
          <ListSkeleton label="Loading media" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.media.length === 0 ? (
          <NoMedia filters={filters} />
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="media-count">
              {mediaCountText(data.total)}
            </p>
            <MediaGrid key={adminMediaHref(filters)} items={data.media} updating={isFetching} />
            <Pagination
              page={filters.page}
              pageCount={pagesFor(data.total, filters.page, data.media.length, MEDIA_PAGE_SIZE)}
              hrefFor={(page) => adminMediaHref({ ...filters, page })}
              label="Media pages"
            />
          </>
        )}
      </div>
    </>
  );
}

function NoMedia({ filters }: { filters: MediaFilters }) {
  if (adminMediaHref(filters) === adminMediaHref(NO_MEDIA_FILTERS)) {
    return (
      <EmptyState title="No media yet">
        <p className="text-neutral-600">Pictures and videos appear here as soon as a store uploads them.</p>
      </EmptyState>
    );
  }
  // Without a search, an empty "unused" list means everything there is in use.
  const allInUse = filters.unused && !filters.q;
  return (
    <EmptyState title={allInUse ? 'Nothing unused: every item is in use' : 'No media matches'}>
      <p className="text-neutral-600">
        {allInUse
          ? 'Every picture and video here is shown by a product, or is a store’s logo or banner.'
          : filters.q
            ? `Nothing matches “${filters.q}” with these filters.`
            : 'No item has all of these.'}
      </p>
      <Link href={adminMediaHref(NO_MEDIA_FILTERS)} className={LINK}>
        Show all media
      </Link>
    </EmptyState>
  );
}
