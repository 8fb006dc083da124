'use client';

import { useId, type ReactNode } from 'react';
import { Select } from '@/components/ui/select';
import { useStoreChoices } from '@/features/admin/api/products';
import { MEDIA_KIND_FILTERS, type MediaFilters } from '@/features/admin/api/media';

/** The store, kind and "Only unused" filters; each choice goes to the URL at once. */
export function MediaFilterControls({
  filters,
  onChange,
}: {
  filters: MediaFilters;
  onChange: (next: Partial<MediaFilters>) => void;
}) {
  const stores = useStoreChoices();
  const unusedId = useId();
  const known = stores.data?.some((store) => store.id === filters.vendor) ?? false;
  return (
    <div role="group" aria-label="Filters" className="grid items-end gap-3 sm:grid-cols-3">
      <FilterSelect label="Store" value={filters.vendor} onChange={(vendor) => onChange({ vendor })}>
        <option value="">All stores</option>
        {filters.vendor && !known ? (
          <option value={filters.vendor}>{stores.isPending ? 'Loading stores…' : 'A store not listed'}</option>
        ) : null}
        {stores.data?.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Kind" value={filters.kind} onChange={(kind) => onChange({ kind })}>
        {MEDIA_KIND_FILTERS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
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

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <Select id={id} className="w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}
