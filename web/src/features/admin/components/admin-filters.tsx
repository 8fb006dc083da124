'use client';

import { useId, type ReactNode } from 'react';
import Link from 'next/link';
import { Select } from '@/components/ui/select';
import { useStoreChoices } from '@/features/admin/api/products';

/**
 * The pieces the admin lists' filters share. Their state lives in the URL, so each choice is
 * handed on at once (there is no Apply button).
 */

/** A labelled select of one filter. */
export function FilterSelect({
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

/** A filter's choices, in the order given; '' is usually "any". */
export function FilterOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** Every store by name; a store the URL names that is not (yet) listed keeps its place. */
export function StoreSelect({ value, onChange }: { value: string; onChange: (vendor: string) => void }) {
  const stores = useStoreChoices();
  const known = stores.data?.some((store) => store.id === value) ?? false;
  return (
    <FilterSelect label="Store" value={value} onChange={onChange}>
      <option value="">All stores</option>
      {value && !known ? <option value={value}>{stores.isPending ? 'Loading stores…' : 'A store not listed'}</option> : null}
      {stores.data?.map((store) => (
        <option key={store.id} value={store.id}>
          {store.name}
        </option>
      ))}
    </FilterSelect>
  );
}

/** Back to the list's default view; `href` is that view's address. */
export function ClearFiltersLink({ href }: { href: string }) {
  return (
    <p>
      <Link href={href} scroll={false} className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Clear filters
      </Link>
    </p>
  );
}
