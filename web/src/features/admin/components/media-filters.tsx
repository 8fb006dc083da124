'use client';

import { useId } from 'react';
import { MEDIA_KIND_FILTERS, type MediaFilters } from '@/features/admin/api/media';
import { FilterOptions, FilterSelect, StoreSelect } from '@/features/admin/components/admin-filters';

/** The store, kind and "Only unused" filters; each choice goes to the URL at once. */
export function MediaFilterControls({
  filters,
  onChange,
}: {
  filters: MediaFilters;
  onChange: (next: Partial<MediaFilters>) => void;
}) {
  const unusedId = useId();
  return (
    <div role="group" aria-label="Filters" className="grid items-end gap-3 sm:grid-cols-3">
      <StoreSelect value={filters.vendor} onChange={(vendor) => onChange({ vendor })} />
      <FilterSelect label="Kind" value={filters.kind} onChange={(kind) => onChange({ kind })}>
        <FilterOptions options={MEDIA_KIND_FILTERS} />
      </FilterSelect>
      <label htmlFor={unusedId} className="inline-flex h-11 items-center gap-2 text-sm font-medium text-neutral-800">
        <input
          id={unusedId}
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={filters.unused}
          onChange={(event) => onChange({ unused: event.target.checked })}
        />
        Only unused
      </label>
    </div>
  );
}
