'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { fieldSentence, parseWholeNumber } from '@/features/inventory/lib/inventory-list';

/**
 * A number edited in place in a table: Enter or leaving the box saves it (Escape puts the saved
 * value back), a toast says it was saved, and the API's message for a refused value (a 400's
 * field error) shows under the box. When the saved value changes (the list is read again after a
 * save), the box shows it.
 */
export function InlineNumberInput({
  value,
  label,
  field,
  fieldLabel,
  savedMessage,
  onSave,
  hint,
  testId,
}: {
  value: number;
  /** The box's accessible name, e.g. "Stock of Cape Trail Tee – M". */
  label: string;
  /** The API's name of the field, whose error of a 400 shows under the box. */
  field: string;
  /** How a message about the field starts: "Stock" must be between 0 and 1000000000. */
  fieldLabel: string;
  /** The toast once saved, e.g. "Stock updated". */
  savedMessage: string;
  onSave: (value: number) => Promise<unknown>;
  hint?: string;
  testId?: string;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // What was last sent: leaving the box after Enter does not send it again.
  const sent = useRef<string | null>(null);

  if (shown !== value) {
    setShown(value);
    setText(String(value));
    setError(null);
  }

  const commit = () => {
    const typed = text.trim();
    if (typed === sent.current) return;
    if (typed === String(value)) {
      setError(null);
      return;
    }
    const next = parseWholeNumber(typed);
    if (next === null) {
      setError(`${fieldLabel} must be a whole number`);
      return;
    }
    sent.current = typed;
    setError(null);
    setSaving(true);
    onSave(next)
      .then(
        () => toast.success(savedMessage),
        (cause: unknown) => {
          if (cause instanceof ApiError && cause.status === 400) {
            const message = cause.fields?.[field];
            setError(typeof message === 'string' ? fieldSentence(fieldLabel, message) : cause.message);
          } else {
            toast.error('Not saved', { description: errorMessage(cause, 'The change could not be saved. Please try again.') });
          }
        },
      )
      .finally(() => setSaving(false));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      sent.current = null;
      setText(String(value));
      setError(null);
    }
  };

  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        {/* Input is full width: this box sets its width. */}
        <div className="w-20 shrink-0 sm:w-28">
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            aria-label={label}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
            aria-busy={saving || undefined}
            value={text}
            onChange={(event) => {
              sent.current = null;
              setText(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={commit}
            className="tabular-nums"
            data-testid={testId}
          />
        </div>
        {saving ? <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin text-neutral-500" /> : null}
      </div>
      {hint ? (
        <p id={hintId!} className="text-xs text-neutral-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId!} className="max-w-48 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
