'use client';

import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Loader2 } from 'lucide-react';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';

/** Above the form when the server refused fields. */
export const FIELDS_REFUSED = 'The settings were not saved: correct the fields marked below.';

interface SettingsSave<TInput extends FieldValues, TOutput, TAnswer> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Sends the checked values; answers the settings as saved. */
  save: (values: TOutput) => Promise<TAnswer>;
  /** The form's values for the settings as saved. */
  toForm: (answer: TAnswer) => TInput;
  /** The names the API gives field errors under, in the page's order (the first is focused). */
  fieldNames: readonly Path<TInput>[];
}

/**
 * The save step every settings page shares: send, reset the form to what the server kept, and
 * on a 400 put each field error under its input (the first focused) with a summary above the
 * form; other failures are one message.
 */
export function useSettingsSave<TInput extends FieldValues, TOutput, TAnswer>({
  form,
  save,
  toForm,
  fieldNames,
}: SettingsSave<TInput, TOutput, TAnswer>) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    setSaved(false);
    try {
      form.reset(toForm(await save(values)));
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, fieldNames);
        byField.forEach(([name, message], index) => form.setError(name, { message }, { shouldFocus: index === 0 }));
        setFormErrors(byField.length > 0 ? [FIELDS_REFUSED, ...other] : [error.message, ...other]);
      } else {
        setFormErrors([errorMessage(error, 'The settings could not be saved. Please try again.')]);
      }
    }
  });
  return { onSubmit, formErrors, saved: saved && !form.formState.isDirty };
}

/** The save button, and "Settings saved" once saved and not changed since. */
export function SettingsSaveRow({ busy, saved }: { busy: boolean; saved: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Button type="submit" disabled={busy} className="h-11 min-w-36">
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        Save settings
      </Button>
      {saved ? (
        <p role="status" className="text-sm font-medium text-green-700">
          Settings saved
        </p>
      ) : null}
    </div>
  );
}
