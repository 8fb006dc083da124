'use client';

import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isUnused, type AdminMediaItem } from '@/features/admin/api/media';
import { MediaItemCard } from '@/features/admin/components/media-item';
import { MediaRemoveDialog } from '@/features/admin/components/media-remove-dialog';

/**
 * One page of media with its selection: items nothing uses can be chosen one by one or all at
 * once, then removed together. The caller keys it by the page's address, so the selection never
 * outlives the page it was made on.
 */
export function MediaGrid({ items, updating }: { items: AdminMediaItem[]; updating: boolean }) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  // Read from the page as it is now: an item that came into use, or went, drops out.
  const selected = items.filter((item) => ids.has(item.id) && isUnused(item));
  const removable = items.filter(isUnused);

  const choose = (id: string, on: boolean) =>
    setIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const forget = (removed: string[]) =>
    setIds((current) => new Set([...current].filter((id) => !removed.includes(id))));

  return (
    <div className="flex flex-col gap-3">
      <SelectionBar
        removable={removable}
        selected={selected}
        onSelectAll={(on) => setIds(new Set(on ? removable.map((item) => item.id) : []))}
        onRemoved={forget}
      />
      <ul aria-label="Media" aria-busy={updating || undefined} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item) => (
          <MediaItemCard
            key={item.id}
            item={item}
            selected={selected.includes(item)}
            onSelect={(on) => choose(item.id, on)}
            onRemoved={forget}
          />
        ))}
      </ul>
    </div>
  );
}

/** "Select all unused on this page", and once something is chosen, how many and Remove. */
function SelectionBar({
  removable,
  selected,
  onSelectAll,
  onRemoved,
}: {
  removable: AdminMediaItem[];
  selected: AdminMediaItem[];
  onSelectAll: (on: boolean) => void;
  onRemoved: (ids: string[]) => void;
}) {
  const all = removable.length > 0 && selected.length === removable.length;
  return (
    <div
      role="group"
      aria-label="Selection"
      className="flex min-h-12 flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-200 bg-white px-3 py-2"
    >
      <label className="inline-flex items-center gap-2 text-sm text-neutral-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700 disabled:cursor-not-allowed"
          checked={all}
          disabled={removable.length === 0}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all unused on this page
      </label>
      <div className="flex items-center gap-3">
        <p className="text-sm text-neutral-700 tabular-nums" aria-live="polite" data-testid="media-selected">
          {selected.length > 0 ? `${selected.length} selected` : null}
        </p>
        <MediaRemoveDialog
          items={selected}
          onRemoved={onRemoved}
          trigger={
            selected.length > 0 ? (
              <Button variant="danger" className="h-9 px-3" aria-label={`Remove ${selectedWords(selected.length)}`}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove
              </Button>
            ) : null
          }
        />
      </div>
    </div>
  );
}

function selectedWords(count: number): string {
  return count === 1 ? 'the selected item' : `the ${count} selected items`;
}
