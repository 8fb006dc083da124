'use client';

import { useId, useRef, useState } from 'react';
import { usePathname } from 'next/navigation';
import { Search, X } from 'lucide-react';
import { SearchBox } from '@/features/search/components/search-box';

/**
 * The header's search: the box itself on wide screens; on smaller ones a search icon that opens
 * the same box in a row under the header.
 */
export function HeaderSearch() {
  const pathname = usePathname();
  // The small-screen box belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn !== null && openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  return (
    <>
      <SearchBox className="hidden w-64 lg:block xl:w-80" popupClassName="right-0 w-[26rem]" />
      <button
        ref={toggleRef}
        type="button"
        aria-label={open ? 'Close search' : 'Open search'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 lg:hidden"
        data-testid="search-toggle"
      >
        {open ? <X aria-hidden="true" className="size-5" /> : <Search aria-hidden="true" className="size-5" />}
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full border-b border-neutral-200 bg-white px-4 py-3 shadow-md lg:hidden"
        >
          <SearchBox autoFocus onNavigate={() => close(false)} onEscape={() => close(true)} />
        </div>
      ) : null}
    </>
  );
}
