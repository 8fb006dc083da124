'use client';

import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';

/** One product the server refused, by name, with why. */
export interface RefusedProduct {
  id: string;
  name: string;
  message: string;
}

/**
 * What an all-or-nothing change that did not go through says: nothing was changed, and which of
 * the selected products stood in the way and why. "Untick these" leaves the others selected, so
 * the change can be sent again without them.
 */
export function ProductBulkRefusals({
  done,
  refused,
  onUntick,
  onDismiss,
}: {
  /** What the change would have done to them ("approved"). */
  done: string;
  refused: readonly RefusedProduct[];
  onUntick: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200"
      data-testid="bulk-refused"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Nothing was changed</p>
        <p className="mt-1">
          {refused.length === 1 ? 'One of the selected products' : `${refused.length} of the selected products`} could
          not be {done}, so none was:
        </p>
        <ul aria-label="Refused products" className="mt-2 list-disc pl-5">
          {refused.map((row) => (
            <li key={row.id}>
              <span className="font-medium">{row.name}</span>: {row.message}
            </li>
          ))}
        </ul>
        <Button variant="secondary" className="mt-3 h-9" onClick={onUntick}>
          Untick {refused.length === 1 ? 'it' : 'them'}
        </Button>
      </div>
      <IconButton label="Dismiss" onClick={onDismiss}>
        <X aria-hidden="true" className="size-4" />
      </IconButton>
    </div>
  );
}
