'use client';

import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, X } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { pageCount } from '@/lib/page-param';
import type { MediaItem } from '@/features/media/api/media-types';
import { MEDIA_PER_PAGE, useMediaList } from '@/features/media/api/media';
import { MediaImage } from '@/features/media/components/media-view';
import { ACCEPT_IMAGES, UploadControl } from '@/features/media/components/upload-control';
import { mediaName } from '@/features/media/lib/media-format';

/**
 * Choosing one of the vendor's images: a button that opens a dialog listing the library's images
 * (GET /api/v1/vendor/media?kind=image), with an upload button for one not there yet. Choosing an
 * image closes the dialog and hands it to `onPick`.
 */
export function MediaPicker({
  title,
  triggerLabel,
  selectedUrl,
  onPick,
}: {
  /** The dialog's heading, e.g. "Choose your logo". */
  title: string;
  /** The opening button's text, e.g. "Choose logo". */
  triggerLabel: string;
  /** The image chosen now, marked in the list. */
  selectedUrl: string | null;
  onPick: (item: MediaItem) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="h-10">
          {triggerLabel}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(48rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="media-picker"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-neutral-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">
            Pick one of the images in your media library, or upload a new one (JPEG, PNG or WebP, up to 10 MB).
          </Dialog.Description>
          <UploadControl accept={ACCEPT_IMAGES} label="Upload images" />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {open ? (
              <ImageChoices
                selectedUrl={selectedUrl}
                onPick={(item) => {
                  onPick(item);
                  setOpen(false);
                }}
              />
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ImageChoices({ selectedUrl, onPick }: { selectedUrl: string | null; onPick: (item: MediaItem) => void }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch, isFetching } = useMediaList({ kind: 'image', page });
  if (isPending) return <ListSkeleton rows={2} label="Loading your images" />;
  if (isError) return <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.media.length === 0) {
    return (
      <EmptyState title="No images yet">
        <p className="text-sm text-neutral-600">Upload one above and it appears here.</p>
      </EmptyState>
    );
  }
  const pages = pageCount(data.total, MEDIA_PER_PAGE);
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Your images" className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {data.media.map((item) => {
          const selected = item.url === selectedUrl;
          return (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onPick(item)}
                aria-label={`Choose ${mediaName(item)}`}
                aria-pressed={selected}
                className={cn(
                  'relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg border-2 bg-neutral-100',
                  selected ? 'border-brand-700' : 'border-transparent hover:border-neutral-400',
                )}
              >
                <MediaImage item={item} alt="" sizes="(min-width: 640px) 170px, 30vw" className="size-full object-contain" />
                {selected ? (
                  <Check aria-hidden="true" className="absolute top-1 right-1 size-5 rounded-full bg-brand-700 p-0.5 text-white" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {pages > 1 ? (
        <div className="flex items-center justify-between gap-3">
          <Button variant="secondary" className="h-9" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <p className="text-sm text-neutral-600 tabular-nums">
            Page {page} of {pages}
          </p>
          <Button variant="secondary" className="h-9" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}
