'use client';

import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

/** What the help centre's admin forms share: the server's refusals no field shows, and an on/off switch. */

/** Messages the server gave that no single field shows; nothing when there is none. */
export function FormErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/**
 * A checkbox shown as a switch (role="switch") with its label beside it and a hint under it; the
 * input's props (react-hook-form's `register(...)`) go on the checkbox.
 */
export function SwitchInput({
  label,
  hint,
  ...input
}: { label: ReactNode; hint?: ReactNode } & Omit<ComponentPropsWithRef<'input'>, 'type' | 'role'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-3">
        <input
          {...input}
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
