'use client';

import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, Undo2, X } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { centsToAmount, formatMoney, type CurrencyFormat } from '@/lib/money';
import { amountToCents } from '@/features/vendor/lib/amount';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import {
  useIssueRefund,
  type AdminOrderDetail,
  type AdminOrderLine,
  type AdminOrderPart,
  type Refund,
  type RefundInput,
} from '@/features/admin/api/orders';
import { lineOptions, RefundFigures, refundOutcome, refundStatus, RefundStatusBadge } from '@/features/admin/components/order-refunds';

/**
 * "Refund": one store's part of a paid order, in lines and quantities (at most what is left of
 * each line) or an amount in rand, optionally back in stock, with a reason (3 to 500 characters).
 * Checked here first; the server's messages (400 fields, 409 refusals) show in the dialog. Once
 * issued, the dialog says how PayFast answered and the page takes the order as it now is.
 */

export const REASON_MIN = 3;
export const REASON_MAX = 500;

export const REFUND_MESSAGES = {
  part: 'Choose the store’s part to refund',
  nothing: 'Choose the lines to refund or give an amount',
  amount: 'Enter an amount in rand, e.g. 250.00',
  reason: `Say why (${REASON_MIN} to ${REASON_MAX} characters)`,
} as const;

/** The refund as typed in the dialog. */
export interface RefundDraft {
  partId: string;
  /** Ticked lines and how many of each (as typed), by item id. */
  lines: Record<string, { checked: boolean; quantity: string }>;
  /** Rand, or '' for the lines' worth. */
  amount: string;
  restock: boolean;
  reason: string;
}

export type RefundField = 'part' | 'lines' | 'amount' | 'restock' | 'reason';
export type RefundErrors = Partial<Record<RefundField | 'form', string>>;

/** How many of a line can still be refunded. */
export function leftToRefund(line: Pick<AdminOrderLine, 'quantity' | 'refunded_quantity'>): number {
  return Math.max(0, line.quantity - line.refunded_quantity);
}

/** The parts a refund can be of: those not cancelled (a cancelled part's money is owed back already). */
export function refundableParts(detail: AdminOrderDetail): AdminOrderPart[] {
  const owned = ['paid', 'processing', 'shipped', 'delivered'].includes(detail.order.status);
  return owned ? detail.order.parts.filter((part) => part.status !== 'cancelled') : [];
}

/** Cents from rand as typed ("250", "250.5", "R 250.00"), or null. */
export function randToCents(text: string): number | null {
  return amountToCents(text.trim().replace(/^R\s*/i, ''));
}

/** The lines' worth of what is ticked (quantities that are not numbers count as none). */
export function linesWorth(draft: RefundDraft, part: AdminOrderPart): number {
  return part.items.reduce((sum, line) => {
    const choice = draft.lines[line.id];
    const quantity = choice?.checked && /^\d+$/.test(choice.quantity.trim()) ? Number(choice.quantity) : 0;
    return sum + line.unit_price_cents * quantity;
  }, 0);
}

/** The POST body of a draft, or what is wrong with it. */
export function refundRequest(draft: RefundDraft, part: AdminOrderPart | undefined): { body: RefundInput } | { errors: RefundErrors } {
  const errors: RefundErrors = {};
  if (!part) return { errors: { part: REFUND_MESSAGES.part } };

  const lines: { item_id: string; quantity: number }[] = [];
  for (const line of part.items) {
    const choice = draft.lines[line.id];
    if (!choice?.checked) continue;
    const left = leftToRefund(line);
    const text = choice.quantity.trim();
    const quantity = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(quantity >= 1 && quantity <= left)) {
      errors.lines ??= `Refund 1 to ${left} of “${line.product_name}”`;
      continue;
    }
    lines.push({ item_id: line.id, quantity });
  }

  let value: number | undefined;
  if (draft.amount.trim() !== '') {
    const cents = randToCents(draft.amount);
    if (cents === null || cents <= 0) errors.amount = REFUND_MESSAGES.amount;
    else value = cents;
  } else if (lines.length === 0 && !errors.lines) {
    errors.lines = REFUND_MESSAGES.nothing;
  }

  const reason = draft.reason.trim();
  const length = [...reason].length;
  if (length < REASON_MIN || length > REASON_MAX) errors.reason = REFUND_MESSAGES.reason;

  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      lines,
      ...(value !== undefined ? { value_cents: value } : {}),
      part_id: part.id,
      restock: draft.restock && lines.length > 0,
      reason,
    },
  };
}

/** The API's field names, and where their messages show in the dialog. */
const SERVER_FIELDS: Record<string, RefundField> = {
  part_id: 'part',
  lines: 'lines',
  value_cents: 'amount',
  restock: 'restock',
  reason: 'reason',
};

/** A failed refund's messages: the 400's fields on their inputs, anything else (a 409's refusal) above the buttons. */
export function refundFailure(error: unknown): RefundErrors {
  if (error instanceof ApiError && error.status === 400 && error.fields) {
    const errors: RefundErrors = {};
    for (const [name, message] of Object.entries(error.fields)) {
      const field = SERVER_FIELDS[name];
      if (field && typeof message === 'string') errors[field] = message;
    }
    if (Object.keys(errors).length > 0) return errors;
  }
  return { form: errorMessage(error, 'The refund could not be issued. Please try again.') };
}

function emptyDraft(part: AdminOrderPart | undefined): RefundDraft {
  return { partId: part?.id ?? '', lines: {}, amount: '', restock: false, reason: '' };
}

/** The "Refund" button and its dialog; nothing when no part of the order can be refunded. */
export function RefundDialog({ detail }: { detail: AdminOrderDetail }) {
  const [open, setOpen] = useState(false);
  // A fresh form each time the dialog opens.
  const [session, setSession] = useState(0);
  const parts = refundableParts(detail);
  if (parts.length === 0) return null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setSession((count) => count + 1);
      }}
    >
      <Dialog.Trigger asChild>
        <Button className="h-10" data-testid="refund-button">
          <Undo2 aria-hidden="true" className="size-4" />
          Refund
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[min(40rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="refund-dialog"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold break-words text-neutral-900">
              Refund order {detail.order.order_number}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <RefundForm key={session} detail={detail} parts={parts} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RefundForm({ detail, parts, onDone }: { detail: AdminOrderDetail; parts: AdminOrderPart[]; onDone: () => void }) {
  const id = useId();
  const issue = useIssueRefund(detail.order.id);
  const currency: CurrencyFormat = { code: detail.order.currency };
  const [draft, setDraft] = useState<RefundDraft>(() => emptyDraft(parts[0]));
  const [errors, setErrors] = useState<RefundErrors>({});
  const [issued, setIssued] = useState<Refund | null>(null);
  const part = parts.find((candidate) => candidate.id === draft.partId);

  if (issued) return <RefundIssuedView refund={issued} part={part} currency={currency} onDone={onDone} />;

  const worth = part ? linesWorth(draft, part) : 0;
  const anyLine = part?.items.some((line) => draft.lines[line.id]?.checked) ?? false;
  const update = (change: Partial<RefundDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setLine = (itemId: string, change: Partial<RefundDraft['lines'][string]>, left: number) =>
    setDraft((current) => {
      const was = current.lines[itemId] ?? { checked: false, quantity: String(left) };
      return { ...current, lines: { ...current.lines, [itemId]: { ...was, ...change } } };
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = refundRequest(draft, part);
    if ('errors' in request) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    issue.mutate(request.body, {
      onSuccess: ({ refund }) => {
        setIssued(refund);
        if (refund.status === 'failed') toast.error('Refund issued, but PayFast did not pay it', { description: refund.gateway_message ?? undefined });
        else toast.success(`Refund issued: ${refundStatus(refund.status).label.toLowerCase()}`);
      },
      onError: (error) => setErrors(refundFailure(error)),
    });
  }

  const describedBy = (field: RefundField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: RefundField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm font-medium text-sale">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Refund">
      <Dialog.Description className="text-sm text-neutral-600">
        A refund covers one store’s part: tick its lines (and how many of each), or give an amount. The money and points
        spent go back in proportion; PayFast is asked to pay the money back at once.
      </Dialog.Description>

      {parts.length > 1 ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={describedBy('part')}>
          <legend className="mb-1 text-sm font-medium text-neutral-800">Store’s part</legend>
          {parts.map((candidate) => (
            <label key={candidate.id} className="flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="radio"
                name={`${id}-part`}
                className="size-4 accent-brand-700"
                checked={draft.partId === candidate.id}
                onChange={() => update({ partId: candidate.id, lines: {}, restock: false })}
              />
              {candidate.vendor_name}
              <OrderStatusBadge status={candidate.status} />
            </label>
          ))}
          {fieldError('part')}
        </fieldset>
      ) : (
        <p className="text-sm text-neutral-700">
          Store: <span className="font-medium text-neutral-900">{part?.vendor_name}</span>
        </p>
      )}

      {part ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={describedBy('lines')}>
          <legend className="mb-1 text-sm font-medium text-neutral-800">Lines to refund</legend>
          <ul className="flex flex-col divide-y divide-neutral-200 rounded-md border border-neutral-200">
            {part.items.map((line) => {
              const left = leftToRefund(line);
              const choice = draft.lines[line.id];
              const options = lineOptions(line);
              const name = options ? `${line.product_name} (${options})` : line.product_name;
              return (
                <li key={line.id} className="flex flex-wrap items-center gap-3 px-3 py-2" data-testid="refund-line" data-item-id={line.id}>
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-brand-700"
                      checked={choice?.checked ?? false}
                      disabled={left === 0}
                      aria-label={`Refund ${name}`}
                      onChange={(event) => setLine(line.id, { checked: event.target.checked }, left)}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-neutral-900">{name}</span>
                      <span className="block text-xs text-neutral-600">
                        {formatMoney(line.unit_price_cents, currency)} each ·{' '}
                        {left === 0
                          ? 'refunded in full'
                          : line.refunded_quantity > 0
                            ? `${left} of ${line.quantity} left to refund`
                            : `${line.quantity} bought`}
                      </span>
                    </span>
                  </label>
                  {choice?.checked ? (
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={left}
                      step={1}
                      value={choice.quantity}
                      onChange={(event) => setLine(line.id, { quantity: event.target.value }, left)}
                      aria-label={`Quantity of ${name} to refund`}
                      className="h-9 w-20"
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
          {anyLine ? (
            <p className="text-sm text-neutral-700" data-testid="refund-lines-worth">
              The lines’ worth: {formatMoney(worth, currency)}
            </p>
          ) : null}
          {fieldError('lines')}
        </fieldset>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-amount`} className="text-sm font-medium text-neutral-800">
          Amount to refund (R)
        </label>
        <Input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={anyLine ? centsPlaceholder(worth) : 'e.g. 150.00'}
          value={draft.amount}
          onChange={(event) => update({ amount: event.target.value })}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={[`${id}-amount-hint`, describedBy('amount')].filter(Boolean).join(' ')}
          className="w-48"
        />
        <p id={`${id}-amount-hint`} className="text-xs text-neutral-500">
          Leave it empty to refund the ticked lines’ worth. Without lines, the amount is required (a goodwill refund).
        </p>
        {fieldError('amount')}
      </div>

      <div className="flex flex-col gap-1.5">
        <label className="inline-flex items-center gap-2 text-sm text-neutral-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={draft.restock && anyLine}
            disabled={!anyLine}
            onChange={(event) => update({ restock: event.target.checked })}
            aria-describedby={describedBy('restock')}
          />
          Put back in stock
        </label>
        <p className="text-xs text-neutral-500">For goods that came back unused; only ticked lines go back on the shelf.</p>
        {fieldError('restock')}
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-neutral-800">
          Reason
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={REASON_MAX}
          value={draft.reason}
          onChange={(event) => update({ reason: event.target.value })}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={[`${id}-reason-hint`, describedBy('reason')].filter(Boolean).join(' ')}
        />
        <p id={`${id}-reason-hint`} className="text-xs text-neutral-500">
          {REASON_MIN} to {REASON_MAX} characters, kept with the refund and in the audit log.
        </p>
        {fieldError('reason')}
      </div>

      {errors.form ? (
        <p role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950" data-testid="refund-error">
          {errors.form}
        </p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary" className="h-10">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" variant="danger" className="h-10" disabled={issue.isPending}>
          {issue.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          Issue refund
        </Button>
      </div>
    </form>
  );
}

function centsPlaceholder(cents: number): string {
  return cents > 0 ? centsToAmount(cents) : 'e.g. 150.00';
}

/** After the refund: its status, what became of the money, and its figures. */
function RefundIssuedView({
  refund,
  part,
  currency,
  onDone,
}: {
  refund: Refund;
  part: AdminOrderPart | undefined;
  currency: CurrencyFormat;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-4" data-testid="refund-result" role="status">
      <Dialog.Description className="sr-only">The refund was issued.</Dialog.Description>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-neutral-900">Refund issued{part ? ` for ${part.vendor_name}` : ''}</p>
        <RefundStatusBadge status={refund.status} />
      </div>
      <p className={refund.status === 'failed' ? 'text-sm font-medium text-sale' : 'text-sm text-neutral-700'} data-testid="refund-outcome">
        {refundOutcome(refund, currency)}
      </p>
      <RefundFigures refund={refund} currency={currency} />
      <div className="flex justify-end">
        <Button className="h-10" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
