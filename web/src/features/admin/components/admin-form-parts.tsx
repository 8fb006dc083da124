'use client';

import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
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

/**
 * An on/off setting: a checkbox shown as a switch (role="switch"), its label beside it, and an
 * optional hint and error under it, wired as FormField wires a text input. The input's props
 * (react-hook-form's `register(...)`, with its ref) go on the checkbox.
 */
export function SwitchField({
  label,
  hint,
  error,
  ...input
}: { label: ReactNode; hint?: ReactNode; error?: string } & Omit<ComponentPropsWithRef<'input'>, 'type' | 'role'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-3">
        <input
          {...input}
          id={id}
          type="checkbox"
          role="switch"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
