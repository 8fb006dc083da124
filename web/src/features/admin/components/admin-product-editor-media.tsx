'use client';

import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { mediaName } from '@/features/media/lib/media-format';
import type { PickedImage } from '@/features/products/components/editor-source';
import { useStoreImages } from '@/features/admin/api/products';

/**
 * "Add a picture" in the admin's editor: a dialog listing the store's own images (GET
 * /api/v1/admin/media?vendor_id=…&kind=image), read only. An admin has no library of their own
 * and does not upload here: a product shows its store's images, which the store's vendor adds.
 */
export function StorePicturePicker({
  vendorId,
  storeName,
  onPick,
}: {
  vendorId: string;
  storeName: string;
  onPick: (image: PickedImage) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="h-10">
          Add a picture
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(48rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="store-picture-picker"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-neutral-900">Choose a picture</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">
            Pick one of the images in {storeName}&apos;s media library. New images are uploaded by the store&apos;s vendor.
          </Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {open ? (
              <StoreImages
                vendorId={vendorId}
                storeName={storeName}
                onPick={(image) => {
                  onPick(image);
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

function StoreImages({
  vendorId,
  storeName,
  onPick,
}: {
  vendorId: string;
  storeName: string;
  onPick: (image: PickedImage) => void;
}) {
  const { data, isPending, isError, error, refetch, isFetching } = useStoreImages(vendorId);
  if (isPending) return <ListSkeleton rows={2} label="Loading the store's images" />;
  if (isError) return <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (data.media.length === 0) {
    return (
      <EmptyState title="No images yet">
        <p className="text-sm text-neutral-600">{storeName} has not uploaded any images.</p>
      </EmptyState>
    );
  }
  const more = data.total.capped || data.total.count > data.media.length;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={`Images of ${storeName}`} className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {data.media.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onPick({ url: item.url, alt_text: item.alt_text })}
              aria-label={`Choose ${mediaName(item)}`}
              className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg border-2 border-transparent bg-neutral-100 hover:border-neutral-400"
            >
              {/* The button's name says which image it is; the thumbnail itself is decoration. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={item.thumbnail_url ?? item.url} alt="" loading="lazy" className="size-full object-contain" />
            </button>
          </li>
        ))}
      </ul>
      {more ? <p className="text-sm text-neutral-600">The newest {data.media.length} images are shown.</p> : null}
    </div>
  );
}
