'use client';

import { useId, type ReactNode } from 'react';
import { Select } from '@/components/ui/select';
import { useStoreChoices } from '@/features/admin/api/products';

/** A labelled select of the stock page's filters; each choice goes to the URL at once. */
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
