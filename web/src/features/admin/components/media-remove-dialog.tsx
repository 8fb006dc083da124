'use client';

import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { storeNameOf, useRemoveMedia, type AdminMediaItem, type BulkRow } from '@/features/admin/api/media';

/** What a refused row says when the server gave no message. */
const REFUSALS: Record<string, string> = {
  in_use: 'It is in use.',
  not_found: 'It no longer exists.',
};

/** "Removed Boot.jpg", "Removed 3 items". */
export function removedText(items: readonly Pick<AdminMediaItem, 'original_name'>[]): string {
  const [only] = items;
  return items.length === 1 && only ? `Removed ${only.original_name}` : `Removed ${items.length} items`;
}

/**
 * Confirms removing `items` (one, or the selection), then removes them all or none. When the
 * server refuses (an item came into use, or is gone) the dialog stays open with its report, row
 * by row; when it removes them, a toast says so and `onRemoved` gets their ids.
 */
export function MediaRemoveDialog({
  items,
  trigger,
  onRemoved,
}: {
  items: readonly AdminMediaItem[];
  /**
   * The button that opens the dialog (rendered through `Dialog.Trigger asChild`), or null while
   * there is nothing to remove: an open dialog stays, with its report, when the list read again
   * shows its items in use.
   */
  trigger: ReactNode | null;
  onRemoved: (ids: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  // The items as they were when the dialog opened: the list behind it is read again meanwhile.
  const [shown, setShown] = useState<readonly AdminMediaItem[]>(items);
  const [refused, setRefused] = useState<BulkRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveMedia();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) setShown(items);
    setRefused(null);
    setError(null);
  }

  function confirm() {
    setError(null);
    const ids = shown.map((item) => item.id);
    remove.mutate(ids, {
      onSuccess: (result) => {
        if (!result.applied) {
          setRefused(result.rows.filter((row) => row.outcome === 'refused'));
          return;
        }
        toast.success(removedText(shown));
        setOpen(false);
        onRemoved(ids);
      },
      onError: (failure) => setError(errorMessage(failure, 'Nothing could be removed. Please try again.')),
    });
  }

  const one = shown.length === 1 ? shown[0] : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="media-remove-dialog"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold break-words text-neutral-900">
              {one ? `Remove ${one.original_name}?` : `Remove ${shown.length} items?`}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">
            {one
              ? 'It leaves its store’s media library for good, unless something has come to use it meanwhile.'
              : 'They leave their stores’ media libraries for good: all of them, or none if something has come to use one.'}
          </Dialog.Description>
          {refused ? <RefusedReport rows={refused} items={shown} /> : <NameList items={shown} />}
          {error ? (
            <p role="alert" className="text-sm font-medium text-sale">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" className="h-10">
                {refused ? 'Close' : 'Cancel'}
              </Button>
            </Dialog.Close>
            {refused ? null : (
              <Button variant="danger" className="h-10" disabled={remove.isPending} onClick={confirm}>
                {remove.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
                {one ? 'Remove' : `Remove ${shown.length} items`}
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NameList({ items }: { items: readonly AdminMediaItem[] }) {
  return (
    <ul aria-label="To remove" className="flex max-h-60 flex-col gap-1 overflow-y-auto text-sm" data-testid="media-remove-names">
      {items.map((item) => (
        <li key={item.id} className="truncate font-medium text-neutral-900" title={item.original_name}>
          {item.original_name}
          <span className="font-normal text-neutral-600"> · {storeNameOf(item)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Why the removal was refused: "Nothing was removed", then each refused item and its reason. */
function RefusedReport({ rows, items }: { rows: BulkRow[]; items: readonly AdminMediaItem[] }) {
  const nameOf = (id: string) => items.find((item) => item.id === id)?.original_name ?? 'An item';
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm dark:bg-red-950"
      data-testid="media-remove-report"
    >
      <p className="font-semibold text-sale">Nothing was removed.</p>
      <ul className="flex flex-col gap-1">
        {rows.map((row) => (
          <li key={row.id} data-testid="media-refused">
            <span className="font-medium text-neutral-900">{nameOf(row.id)}</span>
            <span className="text-neutral-700">: {row.message ?? REFUSALS[row.code ?? ''] ?? 'It cannot be removed.'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
