'use client';

import type { FormEvent, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { ErrorState, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { FormErrorsAlert } from '@/features/admin/components/admin-form-parts';
import { SettingsSaveRow, useSettingsSave } from '@/features/admin/lib/use-settings-save';

/**
 * The frame every admin settings page shares (general, advanced, branding, tracking): a skeleton
 * while the settings load, the page's heading with an error and a retry when they cannot be, and
 * the heading with the page's form once they are. The form's own frame is shared too: its state
 * (the page's checks and the shared save step) and, around the page's panels, the summary of what
 * the server refused above them and the save button and "Settings saved" below.
 */

export function SettingsPage<T>({
  title,
  description,
  query,
  children,
}: {
  title: string;
  description: string;
  /** The settings' query; its data follows each save. */
  query: UseQueryResult<T>;
  /** The page's form, for the settings as loaded. */
  children: (settings: T) => ReactNode;
}) {
  if (query.isPending) return <PageSkeleton label="Loading the settings" />;
  return (
    <>
      <PageHeader title={title} description={description} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        children(query.data)
      )}
    </>
  );
}

/** What useSettingsSave answers, as the form shows it. */
interface SettingsSaveState {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  formErrors: readonly string[];
  saved: boolean;
}

interface SettingsFormSetup<TInput extends FieldValues, TOutput, TAnswer> {
  /** The page's checks, from what the inputs hold to what is sent. */
  schema: z.ZodType<TOutput, TInput>;
  /** The settings as loaded; the form starts from them. */
  settings: TAnswer;
  /** The form's values for the settings as loaded or saved. */
  toForm: (answer: TAnswer) => TInput;
  /** The names the API gives field errors under, in the page's order (the first is focused). */
  fieldNames: readonly Path<TInput>[];
  /** Sends the checked values; answers the settings as saved. */
  save: (values: TOutput) => Promise<TAnswer>;
  /** The save's request is under way. */
  saving: boolean;
}

/**
 * A settings page's form: react-hook-form with the page's checks, and the save step every
 * settings page shares (useSettingsSave). `shell` is what SettingsForm takes besides its label.
 */
export function useSettingsForm<TInput extends FieldValues, TOutput, TAnswer>({
  schema,
  settings,
  toForm,
  fieldNames,
  save,
  saving,
}: SettingsFormSetup<TInput, TOutput, TAnswer>) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    // Whole values are a DefaultValues; TypeScript cannot see it for a type parameter.
    defaultValues: toForm(settings) as DefaultValues<TInput>,
  });
  const settingsSave = useSettingsSave({ form, save, toForm, fieldNames });
  return { form, shell: { save: settingsSave, busy: form.formState.isSubmitting || saving } };
}

/**
 * A settings page's form, named for the page: `notice` (if any), then the summary of refused
 * fields, the page's panels, and the save row.
 */
export function SettingsForm({
  label,
  save,
  busy,
  notice,
  children,
}: {
  label: string;
  save: SettingsSaveState;
  /** Saving: the button is off and spins. */
  busy: boolean;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void save.onSubmit(event)} noValidate aria-label={label} className="flex flex-col gap-6">
      {notice}
      <FormErrorsAlert messages={save.formErrors} />
      {children}
      <SettingsSaveRow busy={busy} saved={save.saved} />
    </form>
  );
}
