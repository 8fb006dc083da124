'use client';

import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * The controls of the areas' lists (STYLE.md "Lists": the filters live in the URL), shared by the
 * admin's and the vendor's lists.
 */

/** Status filters as tabs of links (the filter is in the URL). */
export function StatusTabs({
  label,
  options,
  current,
  hrefFor,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  current: string;
  hrefFor: (status: string) => string;
}) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1 border-b border-neutral-200">
        {options.map((option) => {
          const active = option.value === current;
          return (
            <li key={option.value}>
              <Link
                href={hrefFor(option.value)}
                aria-current={active ? 'page' : undefined}
                scroll={false}
                className={cn(
                  '-mb-px inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
                  active
                    ? 'border-brand-700 text-brand-700'
                    : 'border-transparent text-neutral-600 hover:text-neutral-900',
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

/** A search box that submits its text (trimmed) to `onSearch`. */
export function SearchForm({
  label,
  placeholder,
  initial,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  initial: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex w-full max-w-md gap-2">
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-10"
      />
      <Button type="submit" variant="secondary" className="h-10">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </form>
  );
}
