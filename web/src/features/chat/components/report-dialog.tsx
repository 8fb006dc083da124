'use client';

import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

export const REPORT_REASON_MAX = 500;

/** Reporting a conversation: a reason of 1–500 characters, sent to the admins. */
export function ReportDialog({
  open,
  onOpenChange,
  onReport,
  pending,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReport: (reason: string) => void;
  pending: boolean;
  error: string | null;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const fieldId = useId();
  const errorId = useId();
  const shown = problem ?? error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setProblem('Say why you are reporting this conversation');
      return;
    }
    setProblem(null);
    onReport(text);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setReason('');
          setProblem(null);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-[60] flex w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="report-dialog"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-neutral-900">Report conversation</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">
            Tell us what is wrong. Our team reads the conversation and the reason.
          </Dialog.Description>
          <form id={formId} onSubmit={submit} className="flex flex-col gap-1.5">
            <label htmlFor={fieldId} className="text-sm font-medium text-neutral-800">
              Reason
            </label>
            <Textarea
              id={fieldId}
              value={reason}
              maxLength={REPORT_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? errorId : undefined}
            />
            {shown ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-sale">
                {shown}
              </p>
            ) : null}
          </form>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" className="h-10">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" form={formId} variant="danger" className="h-10" disabled={pending}>
              {pending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Report
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
