'use client';

import { useId, useState, type ReactNode } from 'react';
import Link from 'next/link';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, SlidersHorizontal, X } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import type { FacetCount, SearchResponse } from '@/features/search/api/search';
import {
  activeFilterCount,
  clearFilters,
  isBandSelected,
  searchPath,
  toggleFacet,
  toggleOnSale,
  togglePriceBand,
  type SearchFilters,
} from '@/features/search/lib/search-filters';
import { cn } from '@/lib/cn';

type Facets = SearchResponse['facets'];

/** A chosen value the results no longer count (no matches) still shows, so it can be removed. */
function withSelected(values: FacetCount[], selected: string | null): FacetCount[] {
  if (!selected || values.some((v) => v.value.toLowerCase() === selected.toLowerCase())) return values;
  return [{ value: selected, label: selected, count: 0 }, ...values];
}

function sameValue(a: string | null, b: string): boolean {
  return a !== null && a.toLowerCase() === b.toLowerCase();
}

/**
 * The search filters: brand, category and price band with their counts, and on sale only. Each
 * is a link to the same search with that filter switched, so the URL always holds the state.
 */
export function SearchFacets({
  facets,
  filters,
  onNavigate,
}: {
  facets: Facets | undefined;
  filters: SearchFilters;
  onNavigate?: () => void;
}) {
  if (!facets) return <FacetsSkeleton />;
  const brands = withSelected(facets.brand, filters.brand);
  const categories = withSelected(facets.category, filters.category);
  return (
    <div className="flex flex-col gap-6" data-testid="search-facets">
      {activeFilterCount(filters) > 0 ? (
        <Link
          href={searchPath(clearFilters(filters))}
          onClick={onNavigate}
          className="self-start text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          Clear all filters
        </Link>
      ) : null}
      {categories.length > 0 ? (
        <FacetGroup title="Category">
          {categories.map((category) => (
            <FacetLink
              key={category.value}
              href={searchPath(toggleFacet(filters, 'category', category.value))}
              label={category.label}
              count={category.count}
              selected={sameValue(filters.category, category.value)}
              onNavigate={onNavigate}
            />
          ))}
        </FacetGroup>
      ) : null}
      {brands.length > 0 ? (
        <FacetGroup title="Brand">
          {brands.map((brand) => (
            <FacetLink
              key={brand.value}
              href={searchPath(toggleFacet(filters, 'brand', brand.value))}
              label={brand.label}
              count={brand.count}
              selected={sameValue(filters.brand, brand.value)}
              onNavigate={onNavigate}
            />
          ))}
        </FacetGroup>
      ) : null}
      <FacetGroup title="Price">
        {facets.price.map((band) => (
          <FacetLink
            key={band.label}
            href={searchPath(togglePriceBand(filters, band))}
            label={band.label}
            count={band.count}
            selected={isBandSelected(filters, band)}
            onNavigate={onNavigate}
          />
        ))}
      </FacetGroup>
      <FacetGroup title="Offers">
        <FacetLink
          href={searchPath(toggleOnSale(filters))}
          label="On sale only"
          selected={filters.onSale}
          onNavigate={onNavigate}
        />
      </FacetGroup>
    </div>
  );
}

function FacetGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-neutral-900">
        {title}
      </h2>
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </section>
  );
}

/** One filter value. With nothing to find (count 0) and not chosen, it is shown but not a link. */
function FacetLink({
  href,
  label,
  count,
  selected,
  onNavigate,
}: {
  href: string;
  label: string;
  count?: number;
  selected: boolean;
  onNavigate?: () => void;
}) {
  const box = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-4 shrink-0 items-center justify-center rounded border',
        selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-neutral-400 bg-white',
      )}
    >
      {selected ? <Check className="size-3" strokeWidth={3} /> : null}
    </span>
  );
  const content = (
    <>
      {box}
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {count !== undefined ? <span className="text-neutral-500 tabular-nums">({count})</span> : null}
    </>
  );
  const row = 'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm';
  if (count === 0 && !selected) {
    return <li className={cn(row, 'text-neutral-400')}>{content}</li>;
  }
  return (
    <li>
      <Link
        href={href}
        onClick={onNavigate}
        scroll={false}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          row,
          selected ? 'font-medium text-neutral-900' : 'text-neutral-700',
          'hover:bg-neutral-100 hover:text-neutral-900',
        )}
      >
        {content}
      </Link>
    </li>
  );
}

function FacetsSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-hidden="true" data-testid="search-facets-skeleton">
      {[4, 3, 5].map((rows, group) => (
        <div key={group} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-20" />
          {Array.from({ length: rows }, (_, row) => (
            <Skeleton key={row} className="h-5 w-40" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Below the large breakpoint the filters open in a drawer from the side. */
export function FiltersDrawer({ facets, filters }: { facets: Facets | undefined; filters: SearchFilters }) {
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filters);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="inline-flex h-10 items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-800 hover:border-brand-600 hover:text-brand-700 lg:hidden"
        data-testid="filters-trigger"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
        {active > 0 ? (
          <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white tabular-nums">
            <span className="sr-only">(</span>
            {active}
            <span className="sr-only"> active)</span>
          </span>
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white text-neutral-800 shadow-xl"
          data-testid="filters-drawer"
        >
          <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold text-neutral-900">Filters</Dialog.Title>
            <Dialog.Close
              aria-label="Close filters"
              className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">
            <SearchFacets facets={facets} filters={filters} onNavigate={() => setOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
