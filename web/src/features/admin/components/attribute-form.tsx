'use client';

import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSaveAttribute, type GlobalAttribute } from '@/features/admin/api/attributes';
import { isStale } from '@/features/admin/api/users';
import { DialogFormFooter, FormErrorsAlert, StaleAlert } from '@/features/admin/components/admin-form-parts';
import {
  ATTRIBUTE_FIELDS,
  ATTRIBUTE_LIMITS,
  ATTRIBUTE_MESSAGES,
  attributeFormValues,
  attributeInput,
  attributeSchema,
  sameValue,
  type AttributeFormInput,
  type AttributeFormValues,
} from '@/features/admin/lib/attribute-schema';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';

/** Shown when the attribute being changed was removed by someone else meanwhile. */
export const ATTRIBUTE_GONE = 'This attribute was removed meanwhile: close this and look at the list again.';
export const VALUE_EMPTY = 'Type a value first';
export const valueThere = (value: string) => `"${value}" is there already`;

interface AttributeFormProps {
  /** Every attribute as last read (the latest version after a 409, the next position). */
  attributes: readonly GlobalAttribute[];
  /** The attribute to change; a new one when undefined. */
  attribute?: GlobalAttribute;
}

/** The position that puts a new attribute last. */
export function nextAttributePosition(attributes: readonly GlobalAttribute[]): number {
  return attributes.length === 0 ? 0 : Math.min(100_000, Math.max(...attributes.map((attribute) => attribute.position)) + 1);
}

/** A dialog to add a global attribute or change `attribute`; `trigger` is the button that opens it. */
export function AttributeDialog({ trigger, ...props }: AttributeFormProps & { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[min(34rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="attribute-dialog"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold break-words text-neutral-900">
              {props.attribute ? `Edit ${props.attribute.name}` : 'Add an attribute'}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">
            Vendors build their products’ variations from these values, in this order.
            {props.attribute ? ' Variations made already keep the values they were given.' : ''}
          </Dialog.Description>
          <AttributeForm {...props} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The name, the values (added one at a time, removed and moved up or down) and the position. A
 * change sends the version the form was filled in from: a 409 `stale` says someone else changed it
 * and offers to load the latest version, never saving over theirs.
 */
function AttributeForm({ attributes, attribute, onDone }: AttributeFormProps & { onDone: () => void }) {
  const save = useSaveAttribute();
  const id = useId();
  const [base, setBase] = useState(attribute);
  const [stale, setStale] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AttributeFormInput, unknown, AttributeFormValues>({
    resolver: zodResolver(attributeSchema),
    defaultValues: attributeFormValues(attribute, nextAttributePosition(attributes)),
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'values' });
  const latest = base ? attributes.find((row) => row.id === base.id) : undefined;
  const full = fields.length >= ATTRIBUTE_LIMITS.values[1];

  /** Adds the new value below the others; false (with the reason shown) when it cannot be added. */
  function addValue(): boolean {
    const value = draft.trim();
    let problem: string | null = null;
    if (!value) problem = VALUE_EMPTY;
    else if (Array.from(value).length > ATTRIBUTE_LIMITS.value) problem = ATTRIBUTE_MESSAGES.value;
    else if (getValues('values').some((row) => sameValue(row.value, value))) problem = valueThere(value);
    setDraftError(problem);
    if (problem) return false;
    append({ value }, { shouldFocus: false });
    clearErrors('values');
    setDraft('');
    return true;
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    setStale(null);
    const input = attributeInput(values);
    try {
      const saved = await save.mutateAsync(
        base ? { id: base.id, input: { ...input, version: base.version } } : { id: null, input },
      );
      toast.success(base ? `${saved.name} saved` : `${saved.name} added`);
      onDone();
    } catch (error) {
      if (isStale(error)) {
        setStale(error.message);
      } else if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, ATTRIBUTE_FIELDS);
        for (const [name, message] of byField) setError(name, { message });
        const first = byField[0];
        if (first && first[0] !== 'values') setFocus(first[0]);
        setFormErrors(byField.length === 0 ? [error.message, ...other] : other);
      } else {
        setFormErrors([errorMessage(error, 'The attribute could not be saved. Please try again.')]);
      }
    }
  });

  function reload() {
    if (!latest) return;
    reset(attributeFormValues(latest));
    setBase(latest);
    setStale(null);
    setFormErrors([]);
  }

  const busy = isSubmitting || save.isPending;
  const valuesError = errors.values?.root?.message ?? errors.values?.message;
  const draftId = `${id}-draft`;

  return (
    <form
      onSubmit={(event) => {
        // A value typed but not added yet is added first (or, refused, stops the save).
        if (draft.trim() && !addValue()) {
          event.preventDefault();
          return;
        }
        void onSubmit(event);
      }}
      noValidate
      aria-label={base ? `Edit ${base.name}` : 'New attribute'}
      className="flex flex-col gap-4"
    >
      {stale ? (
        <StaleAlert message={latest ? stale : ATTRIBUTE_GONE} onReload={latest ? reload : null} testId="attribute-stale" />
      ) : null}
      <FormErrorsAlert messages={formErrors} />
      <FormField label="Name" hint="2 to 40 characters, like Size or Colour." error={errors.name?.message}>
        <Input type="text" autoComplete="off" {...register('name')} />
      </FormField>

      <fieldset className="flex flex-col gap-2" aria-describedby={valuesError ? `${id}-values-error` : `${id}-values-hint`}>
        <legend className="mb-1.5 text-sm font-medium text-neutral-800">Values</legend>
        {fields.length === 0 ? (
          <p className="text-sm text-neutral-600">No values yet: add the first one below.</p>
        ) : (
          <ol aria-label="Values" className="flex flex-col gap-2">
            {fields.map((field, index) => {
              const number = index + 1;
              const error = errors.values?.[index]?.value?.message;
              const errorId = `${id}-value-${index}-error`;
              return (
                <li key={field.id} className="flex flex-col gap-1" data-testid="attribute-value">
                  <div className="flex items-center gap-2">
                    <span aria-hidden="true" className="w-6 shrink-0 text-right text-xs text-neutral-500 tabular-nums">
                      {number}.
                    </span>
                    <Input
                      type="text"
                      autoComplete="off"
                      aria-label={`Value ${number}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      className="h-10"
                      {...register(`values.${index}.value`)}
                    />
                    <IconButton label={`Move value ${number} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton
                      label={`Move value ${number} down`}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton label={`Remove value ${number}`} onClick={() => remove(index)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </IconButton>
                  </div>
                  {error ? (
                    <p id={errorId} className="pl-8 text-sm font-medium text-sale">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
        {full ? (
          <p className="text-sm text-neutral-600">That is the most an attribute can have.</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={draftId} className="text-sm text-neutral-700">
              New value
            </label>
            <div className="flex items-center gap-2">
              <Input
                id={draftId}
                type="text"
                autoComplete="off"
                className="h-10"
                value={draft}
                aria-invalid={draftError ? true : undefined}
                aria-describedby={draftError ? `${draftId}-error` : undefined}
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (draftError) setDraftError(null);
                }}
                onKeyDown={(event) => {
                  // Enter adds the value rather than saving the whole form.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addValue();
                  }
                }}
              />
              <Button variant="secondary" className="h-10 shrink-0" onClick={() => addValue()}>
                <Plus aria-hidden="true" className="size-4" />
                Add value
              </Button>
            </div>
            {draftError ? (
              <p id={`${draftId}-error`} className="text-sm font-medium text-sale">
                {draftError}
              </p>
            ) : null}
          </div>
        )}
        {valuesError ? (
          <p id={`${id}-values-error`} className="text-sm font-medium text-sale" data-testid="attribute-values-error">
            {valuesError}
          </p>
        ) : (
          <p id={`${id}-values-hint`} className="text-xs text-neutral-500">
            1 to 100 different values of up to 40 characters, in the order vendors see them.
          </p>
        )}
      </fieldset>

      <FormField label="Position" hint="0 to 100,000; smaller comes first in the list vendors choose from." error={errors.position?.message}>
        <Input type="text" inputMode="numeric" autoComplete="off" className="w-40" {...register('position')} />
      </FormField>
      <DialogFormFooter busy={busy} stale={stale !== null} submitLabel={base ? 'Save attribute' : 'Add attribute'} />
    </form>
  );
}
