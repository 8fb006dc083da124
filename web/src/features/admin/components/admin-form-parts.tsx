'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * What the admin's versioned dialog forms (attributes, categories) show around their fields: a
 * change carries the version it was filled in from, so a 409 `stale` must be answered before
 * anything is saved over someone else's change.
 */

/**
 * Someone else changed the record meanwhile: `message` says so, and `onReload` fills the form in
 * from the latest version. Without `onReload` (null) the record is gone, so there is nothing to reload.
 */
export function StaleAlert({ message, onReload, testId }: { message: string; onReload: (() => void) | null; testId: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid={testId}
    >
      <p>{message}</p>
      {onReload ? (
        <Button variant="secondary" className="h-9" onClick={onReload}>
          Reload
        </Button>
      ) : null}
    </div>
  );
}

/** What the server refused that no single field shows; nothing when there is none. */
export function FormErrorsAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/**
 * Cancel (closes the dialog) and the submit button, which spins while saving and stays off while
 * `stale`: saving then would overwrite the other change unseen.
 */
export function DialogFormFooter({ busy, stale, submitLabel }: { busy: boolean; stale: boolean; submitLabel: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Dialog.Close asChild>
        <Button variant="secondary" className="h-10">
          Cancel
        </Button>
      </Dialog.Close>
      <Button type="submit" className="h-10" disabled={busy || stale}>
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}
