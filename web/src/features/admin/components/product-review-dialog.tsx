'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import type { AdminProduct, useReviewProduct } from '@/features/admin/api/products';

/** The API's rule for a rejection's reason (crates/domain vendor::parse_message): 3 to 1000 characters. */
export const REASON_LIMITS = [3, 1000] as const;
export const REASON_REQUIRED = 'Say why the product is not approved';
export const REASON_LENGTH = 'The reason must be 3 to 1000 characters';

/** What is wrong with `reason`, as the server would say it; null when it may be sent. */
export function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (!text) return REASON_REQUIRED;
  // Characters as the server counts them, not UTF-16 units.
  const length = Array.from(text).length;
  return length < REASON_LIMITS[0] || length > REASON_LIMITS[1] ? REASON_LENGTH : null;
}

/** The reason the server gave for refusing a rejection (`fields.reason`), else its message. */
export function rejectionFailure(failure: unknown, fallback: string): string {
  const field = failure instanceof ApiError ? failure.fields?.reason : undefined;
  return typeof field === 'string' ? field : errorMessage(failure, fallback);
}

/**
 * "Reject": a dialog asking why (the vendor sees the reason, and the product goes back to draft),
 * confirmed with "Send back to draft". The server's message lands in the dialog when it refuses.
 */
export function RejectProductDialog({
  product,
  review,
}: {
  product: Pick<AdminProduct, 'id' | 'name'>;
  review: ReturnType<typeof useReviewProduct>;
}) {
  return (
    <RejectReasonDialog
      trigger={
        <Button
          variant="secondary"
          className="h-9"
          disabled={review.isPending}
          aria-label={`Reject ${product.name}`}
          data-testid="reject-product"
        >
          Reject
        </Button>
      }
      title={`Reject ${product.name}?`}
      description="It goes back to draft and the vendor sees your reason, so say what to change."
      pending={review.isPending}
      testId="reject-dialog"
      onSend={async (reason) => {
        try {
          await review.mutateAsync({ approve: false, reason });
        } catch (failure) {
          return rejectionFailure(failure, 'The product could not be rejected');
        }
        toast.success(`${product.name} sent back to draft`, { description: 'The vendor sees your reason.' });
        return null;
      }}
    />
  );
}

/**
 * The reason form of a rejection (one product's, or many at once), in a confirm dialog: the
 * reason is checked as the server checks it, then handed to `onSend` trimmed. `onSend` answers
 * null when it is done (the dialog closes and forgets the reason), or what to say in the dialog.
 */
export function RejectReasonDialog({
  trigger,
  title,
  description,
  pending,
  testId,
  onSend,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  pending: boolean;
  testId: string;
  onSend: (reason: string) => Promise<string | null>;
}) {
  const dialog = useConfirmState();
  const [reason, setReason] = useState('');
  const { error } = dialog;
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = reasonProblem(reason);
    if (problem) {
      dialog.setError(problem);
      return;
    }
    dialog.setError(null);
    const failure = await onSend(reason.trim());
    if (failure) {
      dialog.setError(failure);
      return;
    }
    dialog.close();
    setReason('');
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel="Send back to draft"
      formId={`${id}-form`}
      pending={pending}
      testId={testId}
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-neutral-800">
          Reason
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={4}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-sale">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-neutral-500">
            3 to 1000 characters.
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
