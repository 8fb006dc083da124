'use client';

import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useRouter } from 'next/navigation';
import { ImageOff, Search } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { MAX_SUGGESTIONS, MIN_SUGGEST_CHARS, useSuggestions, type Suggestion } from '@/features/search/api/search';
import { searchPath } from '@/features/search/lib/search-filters';
import { cn } from '@/lib/cn';
import { formatMoney, type CurrencyFormat } from '@/lib/money';
import { productPath } from '@/lib/paths';
import { useStoreCurrency } from '@/lib/public-settings';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Suggestions are asked for once typing pauses this long. */
export const SUGGEST_DEBOUNCE_MS = 200;

/**
 * The header's product search (SPEC §2 "Header search"), an ARIA combobox: suggestions once the
 * text has more than 1 character (at most 5, each with picture, name, price and category), arrows
 * to move through them, Enter to open one, Escape to close the list. A suggestion opens
 * /products/{id}/; submitting goes to /search/?q=<trimmed text>.
 */
export function SearchBox({
  autoFocus = false,
  onNavigate,
  onEscape,
  className,
  popupClassName,
}: {
  autoFocus?: boolean;
  /** After the box has sent the visitor somewhere (a suggestion, or the search page). */
  onNavigate?: () => void;
  /** Escape pressed while the list is closed. */
  onEscape?: () => void;
  className?: string;
  popupClassName?: string;
}) {
  const router = useRouter();
  const currency = useStoreCurrency();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  const { data } = useSuggestions(debounced);
  const result = trimmed.length >= MIN_SUGGEST_CHARS && data ? data : null;
  const suggestions = result?.suggestions ?? [];
  const shown = open ? result : null;
  const expanded = shown !== null;
  const activeIndex = expanded && active < suggestions.length ? active : -1;

  function leave(path: string) {
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    router.push(path);
    onNavigate?.();
  }

  function choose(suggestion: Suggestion) {
    setText('');
    leave(productPath(suggestion.id));
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    // SPEC §5: submitting needs a non-empty trimmed query.
    if (!trimmed) return;
    leave(searchPath({ q: trimmed }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive(expanded ? (activeIndex + 1) % count : 0);
        break;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive(expanded && activeIndex > 0 ? activeIndex - 1 : count - 1);
        break;
      case 'Enter':
        if (activeIndex >= 0) {
          event.preventDefault();
          choose(suggestions[activeIndex]!);
        }
        break;
      case 'Escape':
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else if (onEscape) {
          onEscape();
        } else {
          setText('');
        }
        break;
    }
  }

  return (
    <div
      className={cn('relative', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <form role="search" onSubmit={submit} className="relative">
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search products"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded && suggestions.length > 0 ? listboxId : undefined}
          aria-activedescendant={activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
          placeholder="Search products..."
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={autoFocus}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="block h-10 w-full rounded-md border border-neutral-300 bg-white pr-10 pl-3 text-base text-neutral-900 placeholder:text-neutral-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label="Search"
          className="absolute inset-y-0 right-0 inline-flex w-10 items-center justify-center rounded-r-md text-neutral-600 hover:text-brand-700"
        >
          <Search aria-hidden="true" className="size-4" />
        </button>
      </form>

      <span role="status" className="sr-only">
        {shown
          ? suggestions.length === 0
            ? noProductsText(shown.q)
            : `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}`
          : ''}
      </span>

      {shown ? (
        <div
          className={cn(
            'absolute top-full z-40 mt-1 overflow-hidden rounded-lg border border-neutral-200 bg-white text-neutral-800 shadow-lg',
            popupClassName ?? 'inset-x-0',
          )}
          data-testid="search-suggestions"
        >
          {suggestions.length === 0 ? (
            <p className="px-4 py-3 text-sm text-neutral-600">{noProductsText(shown.q)}</p>
          ) : (
            <ul id={listboxId} role="listbox" aria-label="Product suggestions" className="py-1">
              {suggestions.map((suggestion, index) => (
                <SuggestionOption
                  key={suggestion.id}
                  id={`${id}-option-${index}`}
                  suggestion={suggestion}
                  currency={currency}
                  active={index === activeIndex}
                  onHover={() => setActive(index)}
                  onChoose={() => choose(suggestion)}
                />
              ))}
            </ul>
          )}
          {suggestions.length === MAX_SUGGESTIONS ? (
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => submit()}
              className="block w-full border-t border-neutral-200 px-4 py-2.5 text-left text-sm font-medium text-brand-700 hover:bg-neutral-100"
            >
              {viewAllText(trimmed)}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function noProductsText(q: string): string {
  return `No products found for "${q}"`;
}

export function viewAllText(q: string): string {
  return `View all results for "${q}"`;
}

function SuggestionOption({
  id,
  suggestion,
  currency,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  suggestion: Suggestion;
  currency: CurrencyFormat;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      // Keeps the focus in the input, so the list stays open until the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={onChoose}
      className={cn('flex cursor-pointer items-center gap-3 px-3 py-2', active && 'bg-neutral-100')}
    >
      {suggestion.image_url ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={suggestion.image_url}
          alt=""
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-md bg-neutral-100 object-contain"
        />
      ) : (
        <span
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-400"
          data-testid="suggestion-placeholder"
        >
          <ImageOff aria-hidden="true" className="size-5" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-neutral-900">{suggestion.name}</span>
        <span className="mt-0.5 flex items-center gap-2">
          <span className="text-sm text-neutral-700 tabular-nums">{formatMoney(suggestion.price_cents, currency)}</span>
          {suggestion.category ? <Badge tone="muted">{suggestion.category}</Badge> : null}
        </span>
      </span>
    </li>
  );
}
