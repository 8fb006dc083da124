'use client';

import { Suspense, useId } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';
import { pageCount, pageFromParam } from '@/lib/page-param';
import { useMounted } from '@/lib/use-mounted';
import type { MediaKind } from '@/features/media/api/media-types';
import { MEDIA_PER_PAGE, useMediaList } from '@/features/media/api/media';
import { MediaCard } from '@/features/media/components/media-card';
import { UploadControl } from '@/features/media/components/upload-control';
import { formatStorage } from '@/features/media/lib/media-format';

export const MEDIA_PATH = '/vendor/media/';

const KINDS: readonly { value: MediaKind | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
];

interface LibraryParams {
  kind: MediaKind | null;
  page: number;
}

function paramsFrom(search: { get(name: string): string | null } | null): LibraryParams {
  const kind = search?.get('kind');
  return { kind: kind === 'image' || kind === 'video' ? kind : null, page: pageFromParam(search?.get('page')) };
}

/** The library's address for `params` (all kinds and page 1 are left out). */
export function mediaHref({ kind, page }: LibraryParams): string {
  const query = new URLSearchParams();
  if (kind) query.set('kind', kind);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${MEDIA_PATH}?${text}` : MEDIA_PATH;
}

/**
 * /vendor/media/?kind=image|video&page=N: the vendor's pictures and videos, the space they take,
 * uploading (several files at once), alt text and deleting. The filter and page live in the URL.
 */
export function MediaLibraryPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading your media" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const search = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading your media" />;
  return <Library params={paramsFrom(search)} />;
}

function Library({ params }: { params: LibraryParams }) {
  const { data, isPending, isError, error, refetch, isFetching } = useMediaList(params);
  const emptyTitle = params.kind === 'image' ? 'No images yet' : params.kind === 'video' ? 'No videos yet' : 'No media yet';

  return (
    <>
      <PageHeader
        title="Media library"
        description="Pictures and videos for your store and products. JPEG, PNG or WebP pictures up to 10 MB; MP4 or WebM videos up to 100 MB."
      />
      <div className="flex flex-col gap-6">
        <Panel>
          <div className="flex flex-col gap-5">
            {data ? <UsageBar used={data.used_bytes} quota={data.quota_bytes} /> : null}
            <UploadControl />
          </div>
        </Panel>
        <KindTabs current={params.kind} />
        {isPending ? (
          <ListSkeleton label="Loading your media" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.media.length === 0 ? (
          <EmptyState title={emptyTitle}>
            <p className="text-sm text-neutral-600">Upload pictures and videos to use them on your store and products.</p>
          </EmptyState>
        ) : (
          <>
            <ul
              aria-label="Media"
              aria-busy={isFetching || undefined}
              className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
            >
              {data.media.map((item) => (
                <MediaCard key={item.id} item={item} />
              ))}
            </ul>
            <Pagination
              page={params.page}
              pageCount={pageCount(data.total, MEDIA_PER_PAGE)}
              hrefFor={(page) => mediaHref({ ...params, page })}
              label="Media pages"
            />
          </>
        )}
      </div>
    </>
  );
}

/** How much of the library's space is taken. */
export function UsageBar({ used, quota }: { used: number; quota: number }) {
  const id = useId();
  const share = quota > 0 ? Math.min(1, used / quota) : 1;
  const text = `${formatStorage(used)} of ${formatStorage(quota)} used`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span id={id} className="font-medium text-neutral-800">
          Storage
        </span>
        <span className="text-neutral-700 tabular-nums" data-testid="media-usage">
          {text}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={Math.min(used, quota)}
        aria-valuetext={text}
        className="h-2.5 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className={cn('h-full rounded-full', share >= 0.9 ? 'bg-sale' : 'bg-brand-700')}
          style={{ width: `${(share * 100).toFixed(1)}%` }}
        />
      </div>
    </div>
  );
}

function KindTabs({ current }: { current: MediaKind | null }) {
  return (
    <nav aria-label="Kind of media" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1 border-b border-neutral-200">
        {KINDS.map((option) => {
          const active = option.value === current;
          return (
            <li key={option.label}>
              <Link
                href={mediaHref({ kind: option.value, page: 1 })}
                aria-current={active ? 'page' : undefined}
                scroll={false}
                className={cn(
                  '-mb-px inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
                  active ? 'border-brand-700 text-brand-700' : 'border-transparent text-neutral-600 hover:text-neutral-900',
                )}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
