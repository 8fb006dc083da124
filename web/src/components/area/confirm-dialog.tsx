'use client';

import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type ConfirmDialogProps = {
  /** What opens the dialog (a button), rendered through `Dialog.Trigger asChild`. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** More of the body, between the description and the buttons (a reason form, say). */
  children?: ReactNode;
  /** The danger button's text. */
  confirmLabel: string;
  /** The button that closes the dialog without acting (when "Cancel" would be ambiguous). */
  cancelLabel?: string;
  /** What the danger button does; unused when `formId` makes it submit a form instead. */
  onConfirm?: () => void;
  /**
   * The id of a form in `children`: the danger button then submits it (`type="submit"`,
   * `form={formId}`), so Enter in the form and the button do the same.
   */
  formId?: string;
  /** While the action runs: the danger button is disabled and shows a spinner. */
  pending?: boolean;
  /** Why the action failed, shown as an alert above the buttons. */
  error?: string | null;
  /** Open state, when the caller keeps it (to close the dialog once the action succeeds). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** `data-testid` of the dialog's content. */
  testId?: string;
};

/**
 * A confirmation in a modal dialog: title with a close X, description, optional body and error,
 * then Cancel and a danger button. Open state is the caller's (`open`/`onOpenChange`) or its own.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  formId,
  pending = false,
  error = null,
  open: openProp,
  onOpenChange,
  testId,
}: ConfirmDialogProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (openProp === undefined) setOpenState(next);
        onOpenChange?.(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid={testId}
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold break-words text-neutral-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">{description}</Dialog.Description>
          {children}
          {error ? (
            <p role="alert" className="text-sm font-medium text-sale">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" className="h-10">
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button
              variant="danger"
              className="h-10"
              disabled={pending}
              {...(formId ? { type: 'submit' as const, form: formId } : { onClick: onConfirm })}
            >
              {pending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The open state and the failure of a confirmed action, for a caller that keeps them (to close
 * the dialog once the action succeeds): the failure is forgotten whenever the dialog closes.
 */
export function useConfirmState() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    open,
    error,
    setError,
    close: () => setOpen(false),
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (!next) setError(null);
    },
  };
}
