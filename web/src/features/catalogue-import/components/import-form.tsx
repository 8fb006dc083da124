'use client';

import { useState, type ReactElement } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { z } from 'zod';
import { errorMessage, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { MAX_IMPORT_BYTES, useStartImport, type ImportArea } from '@/features/catalogue-import/api/product-imports';
import type { ProductImport } from '@/features/catalogue-import/api/import-types';
import { FORMAT_CHOICES, isImportFormat } from '@/features/catalogue-import/lib/import-words';

/** What the form says before sending, and under the file when the API refuses it for its size or emptiness. */
export const IMPORT_FORM_MESSAGES = {
  file: 'Choose a product file (.csv or .json)',
  tooLarge: 'The file is over 150 MB: split it into smaller files',
  empty: 'The file is empty',
} as const;

/** What FormField gives its control: its id, and the hint and error it is described by. */
type ControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/**
 * The control an admin chooses the owning store with, given the form's field (react-hook-form's
 * `register('vendor')`); it takes FormField's id and descriptions too.
 */
export type StoreControl = (field: UseFormRegisterReturn<'vendor'>) => ReactElement<ControlProps>;

const importFormSchema = z.object({
  file: z
    .custom<FileList | null | undefined>()
    .refine((files) => (files?.length ?? 0) > 0, IMPORT_FORM_MESSAGES.file)
    .refine((files) => (files?.[0]?.size ?? 0) <= MAX_IMPORT_BYTES, IMPORT_FORM_MESSAGES.tooLarge)
    .transform((files) => files![0]!),
  format: z.string(),
  vendor: z.string().trim(),
});

type ImportFormInput = z.input<typeof importFormSchema>;
type ImportFormValues = z.output<typeof importFormSchema>;

/** The names the API gives field errors under; the file's own problems come as codes. */
const SERVER_FIELDS = ['file', 'format', 'vendor'] as const;

/**
 * The file, its format (or recognised from it) and, for admins, the store that owns every
 * product. "Check file" uploads it; the API answers the import, whose dry run starts at once.
 */
export function ImportForm({
  area,
  storeControl,
  onStarted,
}: {
  area: ImportArea;
  storeControl?: StoreControl;
  onStarted: (item: ProductImport) => void;
}) {
  const start = useStartImport(area);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ImportFormInput, unknown, ImportFormValues>({
    resolver: zodResolver(importFormSchema),
    defaultValues: { file: undefined, format: '', vendor: '' },
  });

  const onSubmit = handleSubmit(async ({ file, format, vendor }) => {
    setFormError(null);
    try {
      const item = await start.mutateAsync({
        file,
        format: isImportFormat(format) ? format : null,
        vendor: storeControl && vendor ? vendor : null,
      });
      reset();
      onStarted(item);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'too_large' || error.status === 413)) {
        setError('file', { message: IMPORT_FORM_MESSAGES.tooLarge }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.code === 'empty') {
        setError('file', { message: error.message || IMPORT_FORM_MESSAGES.empty }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400 && error.fields) {
        const known = SERVER_FIELDS.filter((name) => name !== 'vendor' || storeControl);
        const byField: [(typeof SERVER_FIELDS)[number], string][] = [];
        const other: string[] = [];
        for (const [name, message] of Object.entries(error.fields)) {
          if (typeof message !== 'string') continue;
          const field = known.find((candidate) => candidate === name);
          if (field) byField.push([field, message]);
          else other.push(message);
        }
        // In the form's order, so the first one is the one focused.
        byField.sort(([a], [b]) => known.indexOf(a) - known.indexOf(b));
        byField.forEach(([name, message], index) => setError(name, { message }, { shouldFocus: index === 0 }));
        const left = byField.length > 0 ? other : [error.message, ...other];
        if (left.length > 0) setFormError(left.join(' '));
      } else {
        setFormError(errorMessage(error, 'The file could not be uploaded. Please try again.'));
      }
    }
  });
  const busy = isSubmitting || start.isPending;

  return (
    <Panel
      title="Check a product file"
      description="A WooCommerce or Shopify product export, or a bazaar CSV or JSON file, up to 150 MB."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Product file" className="flex flex-col gap-5">
        {formError ? (
          <p role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale" data-testid="import-form-error">
            {formError}
          </p>
        ) : null}
        <FormField label="File" error={errors.file?.message}>
          <Input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-neutral-800"
            {...register('file')}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Format" error={errors.format?.message}>
            <Select {...register('format')}>
              {FORMAT_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </FormField>
          {storeControl ? (
            <FormField label="Store" error={errors.vendor?.message} hint="Leave empty to keep the store the file names.">
              {storeControl(register('vendor'))}
            </FormField>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" className="h-11" disabled={busy}>
            {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            Check file
          </Button>
          {busy ? (
            <p role="status" className="text-sm text-neutral-700" data-testid="import-uploading">
              Uploading the file…
            </p>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
