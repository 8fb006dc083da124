import type { ReactNode } from 'react';
import Link from 'next/link';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

const ITEM =
  'inline-flex items-center gap-1 rounded-md border px-3 py-2 text-sm font-medium sm:px-4';
const ENABLED = 'border-neutral-300 bg-white text-neutral-800 hover:border-brand-600 hover:text-brand-700';
const DISABLED = 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-400';

/**
 * Previous / Next links for a paged list whose page lives in the URL, and "Page N of M" between
 * them. An unavailable direction stays in place as a disabled link, so the layout never jumps.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = 'Pagination',
  scroll = true,
  className,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
  /** Passed to next/link: false when the list scrolls itself into view on a page change. */
  scroll?: boolean;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <PageLink href={hasPrevious ? hrefFor(Math.min(page - 1, pageCount)) : null} rel="prev" name="Previous page" scroll={scroll}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </PageLink>
      <p className="text-sm text-neutral-600 tabular-nums">
        Page {page} of {pageCount}
      </p>
      <PageLink href={hasNext ? hrefFor(page + 1) : null} rel="next" name="Next page" scroll={scroll}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </PageLink>
    </nav>
  );
}

function PageLink({
  href,
  rel,
  name,
  scroll,
  children,
}: {
  href: string | null;
  rel: 'prev' | 'next';
  scroll: boolean;
  /** The accessible name; it starts with the visible text. */
  name: string;
  children: ReactNode;
}) {
  if (href === null) {
    return (
      <span role="link" aria-disabled="true" aria-label={name} className={cn(ITEM, DISABLED)}>
        {children}
      </span>
    );
  }
  return (
    <Link href={href} rel={rel} aria-label={name} scroll={scroll} className={cn(ITEM, ENABLED)}>
      {children}
    </Link>
  );
}
