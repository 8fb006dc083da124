'use client';

import { Suspense, useId, useState } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { ExternalLink, Star } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { SearchForm, StatusTabs } from '@/components/area/list-controls';
import { StatusBadge } from '@/components/area/status-badge';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { productPath } from '@/lib/paths';
import { formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import {
  NO_REVIEW_FILTERS,
  RATING_FILTERS,
  reviewFiltersFrom,
  reviewsHref,
  useAdminReviews,
  VISIBILITY_FILTERS,
  type AdminReview,
  type ReviewFilters,
} from '@/features/admin/api/reviews';
import { ClearFiltersLink } from '@/features/admin/components/admin-filters';
import { HideReviewDialog, RestoreReviewDialog } from '@/features/admin/components/review-hide-dialog';
import { countText, pagesFor } from '@/features/admin/lib/list-total';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /admin/reviews/?q=…&rating=…&visibility=…&product_id=…&page=N: every product review, searched and
 * filtered on the server (the filters live in the URL); a review can be hidden with a reason, and
 * a hidden one shown again. Either changes the product's rating at once.
 */
export function AdminReviewsPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading reviews" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading reviews" />;
  return <ReviewsList filters={reviewFiltersFrom(searchParams)} />;
}

/** "1 review", "20 reviews", "More than 500 reviews". */
export function reviewCountText(total: { count: number; capped: boolean }): string {
  return countText(total, 'review', 'reviews');
}

/** "4 of 5 stars", what the stars say in words. */
export function ratingText(rating: number): string {
  return `${rating} of 5 stars`;
}

function ReviewsList({ filters }: { filters: ReviewFilters }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminReviews(filters);
  const go = (next: Partial<ReviewFilters>) =>
    router.replace(reviewsHref({ ...filters, page: 1, ...next }), { scroll: false });
  const filtered = reviewsHref({ ...filters, page: 1 }) !== reviewsHref(NO_REVIEW_FILTERS);

  return (
    <>
      <PageHeader
        title="Reviews"
        description="What shoppers wrote about products: hide what breaks the rules, and show it again if that was a mistake."
      />
      <div className="flex flex-col gap-4">
        <StatusTabs
          label="Visibility"
          options={VISIBILITY_FILTERS}
          current={filters.visibility}
          hrefFor={(visibility) => reviewsHref({ ...filters, visibility, page: 1 })}
        />
        <div className="flex flex-wrap items-end gap-3">
          <SearchForm
            key={filters.q}
            label="Search reviews"
            placeholder="Title, text, author or product"
            initial={filters.q}
            onSearch={(q) => go({ q })}
          />
          <RatingFilter rating={filters.rating} onChange={(rating) => go({ rating })} />
        </div>
        {filters.product ? <ProductFilterNote filters={filters} reviews={data?.reviews} /> : null}
        {filtered ? <ClearFiltersLink href={reviewsHref(NO_REVIEW_FILTERS)} /> : null}
        {isPending ? (
          <ListSkeleton label="Loading reviews" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.reviews.length === 0 ? (
          <NoReviews filters={filters} />
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="reviews-total">
              {reviewCountText(data.total)}
            </p>
            <ul aria-label="Reviews" aria-busy={isFetching || undefined} className="flex flex-col gap-3">
              {data.reviews.map((review) => (
                <ReviewRow key={review.id} review={review} filters={filters} />
              ))}
            </ul>
            <Pagination
              page={filters.page}
              pageCount={pagesFor(data.total, filters.page, data.reviews.length, ADMIN_PAGE_SIZE)}
              hrefFor={(page) => reviewsHref({ ...filters, page })}
              label="Review pages"
            />
          </>
        )}
      </div>
    </>
  );
}

function RatingFilter({ rating, onChange }: { rating: string; onChange: (rating: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        Rating
      </label>
      <Select id={id} className="w-44" value={rating} onChange={(event) => onChange(event.target.value)}>
        {RATING_FILTERS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Which product the list is narrowed to (its name from the rows, when there are any). */
function ProductFilterNote({ filters, reviews }: { filters: ReviewFilters; reviews: AdminReview[] | undefined }) {
  const name = reviews?.find((review) => review.product_id === filters.product)?.product_name;
  return (
    <p className="text-sm text-neutral-700" data-testid="review-product-filter">
      Only reviews of {name ? <span className="font-medium text-neutral-900">{name}</span> : 'one product'}.{' '}
      <Link href={reviewsHref({ ...filters, product: '', page: 1 })} scroll={false} className={LINK}>
        Show every product
      </Link>
    </p>
  );
}

function NoReviews({ filters }: { filters: ReviewFilters }) {
  if (reviewsHref(filters) === reviewsHref(NO_REVIEW_FILTERS)) {
    return (
      <EmptyState title="No reviews yet">
        <p className="text-neutral-600">Reviews appear here as soon as shoppers write them.</p>
      </EmptyState>
    );
  }
  if (reviewsHref(filters) === reviewsHref({ ...NO_REVIEW_FILTERS, visibility: 'hidden' })) {
    return (
      <EmptyState title="No hidden reviews">
        <p className="text-neutral-600">Every review shows on its product’s page.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No reviews match">
      <p className="text-neutral-600">{filters.q ? `Nothing matches “${filters.q}” with these filters.` : 'No review has all of these.'}</p>
      <Link href={reviewsHref(NO_REVIEW_FILTERS)} className={LINK}>
        Show all reviews
      </Link>
    </EmptyState>
  );
}

/** One review: its stars, title, text, who wrote it on what, and Hide or Show again. */
function ReviewRow({ review, filters }: { review: AdminReview; filters: ReviewFilters }) {
  const titleId = useId();
  return (
    <li
      className={cn(
        'rounded-xl border bg-white p-4 sm:p-5',
        review.hidden ? 'border-dashed border-neutral-300 bg-neutral-50' : 'border-neutral-200',
      )}
      data-testid="review-row"
      data-hidden={review.hidden ? 'true' : 'false'}
    >
      <article aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Stars rating={review.rating} />
              {review.hidden ? <StatusBadge label="Hidden" tone="warning" /> : null}
            </div>
            <h2 id={titleId} className="text-base font-semibold break-words text-neutral-900" data-testid="review-title">
              {review.title || 'Untitled review'}
            </h2>
            <p className="text-xs text-neutral-600" data-testid="review-author">
              By {review.author_name} · <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            {review.hidden ? (
              <RestoreReviewDialog review={review} describedBy={titleId} />
            ) : (
              <HideReviewDialog review={review} describedBy={titleId} />
            )}
          </div>
        </div>
        <ReviewBody body={review.body} />
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-600">
          <a
            href={productPath(review.product_slug)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
            data-testid="review-product"
          >
            {review.product_name}
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-neutral-500" />
            <span className="sr-only">{' (opens in a new tab)'}</span>
          </a>
          <span aria-hidden="true">·</span>
          <span data-testid="review-store">{review.vendor_name ?? 'Sold by the platform'}</span>
          {filters.product !== review.product_id ? (
            <>
              <span aria-hidden="true">·</span>
              <Link
                href={reviewsHref({ ...filters, product: review.product_id, page: 1 })}
                scroll={false}
                className="text-brand-700 underline-offset-4 hover:underline"
              >
                Only this product’s reviews
              </Link>
            </>
          ) : null}
        </p>
        {review.hidden ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="review-hidden-reason">
            <span className="font-medium">
              Hidden{review.hidden_at ? <> on <time dateTime={review.hidden_at}>{formatDate(review.hidden_at)}</time></> : null}:
            </span>{' '}
            {review.hidden_reason ? `“${review.hidden_reason}”` : 'no reason kept'}
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** Five stars for the eye; "4 of 5 stars" for screen readers (and for tests). */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center" data-testid="review-rating" data-rating={rating}>
      <span className="flex" aria-hidden="true">
        {Array.from({ length: 5 }, (_, index) => (
          <Star
            key={index}
            className={index < rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-neutral-300'}
          />
        ))}
      </span>
      <span className="sr-only">{ratingText(rating)}</span>
    </span>
  );
}

/** A body longer than this (or of more lines) is clamped to three lines until opened. */
export const BODY_CLAMP_CHARS = 280;
const BODY_CLAMP_LINES = 3;

export function isLongBody(body: string): boolean {
  return body.length > BODY_CLAMP_CHARS || body.split('\n').length > BODY_CLAMP_LINES;
}

function ReviewBody({ body }: { body: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = isLongBody(body);
  if (!body.trim()) return <p className="text-sm text-neutral-500 italic">No text, only the stars.</p>;
  return (
    <div className="flex flex-col items-start gap-1">
      <p
        id={id}
        className={cn('text-sm break-words whitespace-pre-line text-neutral-800', long && !open && 'line-clamp-3')}
        data-testid="review-body"
      >
        {body}
      </p>
      {long ? (
        <button
          type="button"
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show less' : 'Read all'}
        </button>
      ) : null}
    </div>
  );
}
