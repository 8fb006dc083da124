'use client';

import { useId } from 'react';
import { ExternalLink, Film, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/selling/statuses';
import { formatBytes } from '@/features/media/lib/media-format';
import { isUnused, storeNameOf, type AdminMediaItem } from '@/features/admin/api/media';
import { MediaRemoveDialog } from '@/features/admin/components/media-remove-dialog';
import { MediaUsage } from '@/features/admin/components/media-usage';

/**
 * One item of the admin's media grid: its picture (or a video's icon), name, store, kind, size,
 * date and where it is used; its checkbox and Remove button only when nothing uses it.
 */
export function MediaItemCard({
  item,
  selected,
  onSelect,
  onRemoved,
}: {
  item: AdminMediaItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onRemoved: (ids: string[]) => void;
}) {
  const usageId = useId();
  const unused = isUnused(item);
  const facts = [item.kind === 'video' ? 'Video' : 'Picture', formatBytes(item.bytes)];
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-white',
        selected ? 'border-brand-700 ring-2 ring-brand-700' : 'border-neutral-200',
      )}
      data-testid="media-item"
      data-kind={item.kind}
    >
      <div className="relative flex aspect-square items-center justify-center bg-neutral-100">
        <Thumbnail item={item} />
        <span className="absolute top-2 left-2 flex size-8 items-center justify-center rounded-md bg-white/90 shadow-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-700 disabled:cursor-not-allowed"
            checked={selected}
            disabled={!unused}
            aria-label={`Select ${item.original_name}`}
            // A used item cannot be chosen; its usage line says why.
            aria-describedby={unused ? undefined : usageId}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-neutral-900" title={item.original_name} data-testid="media-name">
            {item.original_name}
          </p>
          <p className="truncate text-xs text-neutral-700" data-testid="media-store">
            {storeNameOf(item)}
          </p>
          <p className="text-xs text-neutral-600">
            {facts.join(' · ')} · <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          </p>
        </div>
        <MediaUsage item={item} id={usageId} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Open original
            <span className="sr-only">{` of ${item.original_name} (opens in a new tab)`}</span>
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
          <MediaRemoveDialog
            items={[item]}
            onRemoved={onRemoved}
            trigger={
              unused ? (
                <Button variant="secondary" className="h-9 px-3" aria-label={`Remove ${item.original_name}`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove
                </Button>
              ) : null
            }
          />
        </div>
      </div>
    </li>
  );
}

function Thumbnail({ item }: { item: AdminMediaItem }) {
  if (item.kind === 'video') {
    // The kind is written under it: the icon only shows there is no picture to see.
    return <Film aria-hidden="true" className="size-10 text-neutral-400" />;
  }
  return (
    // Static export: images are served as they are (images.unoptimized).
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={item.thumbnail_url ?? item.url}
      alt={item.alt_text}
      loading="lazy"
      decoding="async"
      className="size-full object-contain"
    />
  );
}
