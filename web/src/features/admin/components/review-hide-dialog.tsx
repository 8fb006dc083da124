'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { isUnchanged, useReviewVisibility, type AdminReview, type ReviewChange } from '@/features/admin/api/reviews';
import { checkReason, REASON_MAX, REASON_MIN } from '@/features/admin/lib/user-words';

/** The server's rule for an admin's reason (domain admin::parse_reason) is the users' one: 3 to 500 characters. */
const REASON_HINT = `${REASON_MIN} to ${REASON_MAX} characters, kept in the audit log.`;

type Visibility = ReturnType<typeof useReviewVisibility>;
type Review = Pick<AdminReview, 'id' | 'title' | 'author_name' | 'product_name'>;

/** How a review is named in a dialog: “Great boots” by Thandi. */
function reviewName(review: Review): string {
  return `${review.title ? `“${review.title}”` : 'The review'} by ${review.author_name}`;
}

/**
 * A dialog's open state, its error, the reason's error, and `send`: runs the change; on success
 * says so in a toast and closes. A 409 `unchanged` (another admin did it first) closes the dialog
 * too and says so; the list is read again either way. The server's word on the reason lands on
 * the field, anything else in the dialog.
 */
function useVisibilityDialog(visibility: Visibility) {
  const confirm = useConfirmState();
  const [reasonError, setReasonError] = useState<string | undefined>();

  function send(change: ReviewChange, done: { title: string; description: string }, onDone?: () => void) {
    confirm.setError(null);
    setReasonError(undefined);
    visibility.mutate(change, {
      onSuccess: () => {
        toast.success(done.title, { description: done.description });
        confirm.close();
        onDone?.();
      },
      onError: (failure) => {
        if (isUnchanged(failure)) {
          confirm.close();
          onDone?.();
          toast.info('Nothing to change', { description: failure.message });
          return;
        }
        const field = failure instanceof ApiError ? failure.fields?.reason : undefined;
        if (typeof field === 'string') setReasonError(field);
        else confirm.setError(errorMessage(failure, 'The review could not be changed. Please try again.'));
      },
    });
  }

  return {
    open: confirm.open,
    error: confirm.error,
    onOpenChange: (next: boolean) => {
      setReasonError(undefined);
      confirm.onOpenChange(next);
    },
    reasonError,
    setReasonError,
    send,
  };
}

/**
 * "Hide": a dialog asking why (kept in the audit log), confirmed with "Hide review". The review
 * stops counting in the product's rating at once. `describedBy` names what the button is for.
 */
export function HideReviewDialog({ review, describedBy }: { review: Review; describedBy?: string }) {
  const visibility = useReviewVisibility(review.id);
  const dialog = useVisibilityDialog(visibility);
  const [reason, setReason] = useState('');
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkReason(reason);
    if ('error' in checked) {
      dialog.setReasonError(checked.error);
      return;
    }
    dialog.send(
      { hide: true, reason: checked.reason },
      { title: 'Review hidden', description: `It no longer counts in the rating of ${review.product_name}.` },
      () => setReason(''),
    );
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9" disabled={visibility.isPending} aria-describedby={describedBy} data-testid="review-hide">
          Hide
        </Button>
      }
      title="Hide this review?"
      description={`${reviewName(review)} on ${review.product_name}. Shoppers stop seeing it and it stops counting in the product’s rating at once; you can show it again later.`}
      confirmLabel="Hide review"
      formId={`${id}-form`}
      pending={visibility.isPending}
      error={dialog.error}
      testId="review-hide-dialog"
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormField label="Reason" hint={REASON_HINT} error={dialog.reasonError}>
          <Textarea rows={3} maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
      </form>
    </ConfirmDialog>
  );
}

/** "Show again", confirmed: the hidden review counts in the product's rating again. */
export function RestoreReviewDialog({ review, describedBy }: { review: Review; describedBy?: string }) {
  const visibility = useReviewVisibility(review.id);
  const dialog = useVisibilityDialog(visibility);
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9" disabled={visibility.isPending} aria-describedby={describedBy} data-testid="review-restore">
          Show again
        </Button>
      }
      title="Show this review again?"
      description={`${reviewName(review)} on ${review.product_name}. Shoppers see it again and it counts in the product’s rating at once.`}
      confirmLabel="Show again"
      onConfirm={() =>
        dialog.send(
          { hide: false },
          { title: 'Review shown again', description: `It counts in the rating of ${review.product_name} again.` },
        )
      }
      pending={visibility.isPending}
      error={dialog.error}
      testId="review-restore-dialog"
    />
  );
}
