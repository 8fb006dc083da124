'use client';

import { useId, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { MediaItem } from '@/features/media/api/media-types';
import { useDeleteMedia, useUpdateAltText } from '@/features/media/api/media';
import { MediaView } from '@/features/media/components/media-view';
import { formatBytes } from '@/features/media/lib/media-format';

/** How wide a card's picture is drawn in the library's grid (2, 3, then 4 columns). */
export const CARD_SIZES = '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw';

/** One file of the library: the picture or video, what it is, its alt text to edit, and delete. */
export function MediaCard({ item }: { item: MediaItem }) {
  const facts = [
    item.kind === 'video' ? 'Video' : 'Image',
    formatBytes(item.bytes),
    item.width && item.height ? `${item.width}×${item.height}` : null,
  ].filter(Boolean);
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white"
      data-testid="media-card"
      data-kind={item.kind}
    >
      <div className="flex aspect-square items-center justify-center bg-neutral-100">
        <MediaView item={item} sizes={CARD_SIZES} className="size-full object-contain" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-neutral-900" title={item.original_name}>
            {item.original_name}
          </p>
          <p className="text-xs text-neutral-600">{facts.join(' · ')}</p>
        </div>
        <AltTextForm key={item.alt_text} item={item} />
        <div className="mt-auto">
          <DeleteMedia item={item} />
        </div>
      </div>
    </li>
  );
}

function AltTextForm({ item }: { item: MediaItem }) {
  const id = useId();
  const [text, setText] = useState(item.alt_text);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAltText();
  const changed = text.trim() !== item.alt_text;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    setError(null);
    update.mutate(
      { id: item.id, altText: text.trim() },
      {
        onSuccess: () => toast.success('Alt text saved'),
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields?.alt_text : undefined;
          setError(typeof field === 'string' ? field : errorMessage(failure, 'The alt text could not be saved'));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1.5" aria-label={`Alt text for ${item.original_name}`}>
      <label htmlFor={`${id}-alt`} className="text-xs font-medium text-neutral-800">
        Alt text
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}-alt`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Describe it for people who cannot see it"
          maxLength={300}
          className="h-9"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="secondary" className="h-9 px-3" disabled={!changed || update.isPending}>
          Save
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function DeleteMedia({ item }: { item: MediaItem }) {
  const dialog = useConfirmState();
  const remove = useDeleteMedia();

  function confirm() {
    dialog.setError(null);
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(`${item.original_name} deleted`);
        dialog.close();
      },
      onError: (failure) => dialog.setError(errorMessage(failure, 'The file could not be deleted')),
    });
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9 w-full" aria-label={`Delete ${item.original_name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
      title={`Delete ${item.original_name}?`}
      description={
        <>
          It leaves your media library for good, and anywhere it is shown (your store&apos;s logo or banner, a
          product) it is shown no more.
        </>
      }
      error={dialog.error}
      confirmLabel="Delete"
      onConfirm={confirm}
      pending={remove.isPending}
      testId="delete-media-dialog"
    />
  );
}
