'use client';

import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowDown, ArrowUp, Loader2, Pencil, Plus, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { ErrorState, ListSkeleton, Panel, errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import {
  useAdminHelpCategories,
  useDeleteHelpCategory,
  useMoveHelpCategories,
  useSaveHelpCategory,
  type AdminHelpCategory,
} from '@/features/help/api/admin-help';
import { FormErrors } from '@/features/help/components/admin-form-bits';
import {
  CATEGORY_FIELDS,
  HELP_LIMITS,
  categoryFormValues,
  categoryInput,
  categorySchema,
  slugify,
  splitFieldErrors,
  type CategoryFormInput,
  type CategoryFormValues,
} from '@/features/help/lib/help-schemas';

const ICON_BUTTON =
  'inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40';

export function articlesText(count: number): string {
  return count === 1 ? '1 article' : `${count} articles`;
}

/**
 * The help centre's categories, in the order the help centre shows them (by position): add one,
 * rename or change one, move one up or down, and delete one that holds no articles (the server
 * refuses otherwise, 409, and its message shows in the dialog).
 */
export function HelpCategoriesPanel() {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminHelpCategories();
  const move = useMoveHelpCategories();

  function moveBy(categories: readonly AdminHelpCategory[], index: number, step: -1 | 1) {
    const moves = movesFor(categories, index, step);
    if (moves.length === 0) return;
    move.mutate(moves, {
      onError: (failure) => toast.error('The order was not saved', { description: errorMessage(failure, 'Please try again.') }),
    });
  }

  return (
    <Panel
      title="Categories"
      description="The help centre shows them in this order."
      actions={
        <CategoryDialog
          categories={data ?? []}
          trigger={
            <Button variant="secondary" className="h-10">
              <Plus aria-hidden="true" className="size-4" />
              Add category
            </Button>
          }
        />
      }
    >
      {isPending ? (
        <ListSkeleton rows={3} label="Loading categories" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <p className="text-sm text-neutral-600">No categories yet: add one to file articles under.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-neutral-200" aria-label="Categories" aria-busy={move.isPending || undefined}>
          {data.map((category, index) => (
            <li key={category.id} className="flex items-start gap-2 py-3 first:pt-0 last:pb-0" data-testid="help-category-row">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-neutral-900">{category.name}</p>
                <p className="text-xs text-neutral-600">
                  {category.slug} · {articlesText(category.articles)} · position {category.position}
                </p>
              </div>
              <div className="flex shrink-0 items-center">
                <button
                  type="button"
                  className={ICON_BUTTON}
                  aria-label={`Move ${category.name} up`}
                  disabled={index === 0 || move.isPending}
                  onClick={() => moveBy(data, index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={ICON_BUTTON}
                  aria-label={`Move ${category.name} down`}
                  disabled={index === data.length - 1 || move.isPending}
                  onClick={() => moveBy(data, index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <CategoryDialog
                  categories={data}
                  category={category}
                  trigger={
                    <button type="button" className={ICON_BUTTON} aria-label={`Edit ${category.name}`}>
                      <Pencil aria-hidden="true" className="size-4" />
                    </button>
                  }
                />
                <DeleteCategory category={category} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/**
 * The position changes that move the category at `index` one place (`step`): the two swap
 * positions, or, when they share one, every category is numbered again in the new order.
 */
export function movesFor(
  categories: readonly AdminHelpCategory[],
  index: number,
  step: -1 | 1,
): { id: string; position: number }[] {
  const current = categories[index];
  const other = categories[index + step];
  if (!current || !other) return [];
  if (current.position !== other.position) {
    return [
      { id: current.id, position: other.position },
      { id: other.id, position: current.position },
    ];
  }
  const order = [...categories];
  order[index] = other;
  order[index + step] = current;
  return order
    .map((category, position) => ({ id: category.id, position, was: category.position }))
    .filter((move) => move.position !== move.was)
    .map(({ id, position }) => ({ id, position }));
}

function DeleteCategory({ category }: { category: AdminHelpCategory }) {
  const remove = useDeleteHelpCategory();
  const confirm = useConfirmState();
  return (
    <ConfirmDialog
      open={confirm.open}
      onOpenChange={confirm.onOpenChange}
      trigger={
        <button type="button" className={ICON_BUTTON} aria-label={`Delete ${category.name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      }
      title={`Delete ${category.name}?`}
      description={
        category.articles > 0
          ? `It holds ${articlesText(category.articles)}: move or delete them first.`
          : 'It is removed from the help centre.'
      }
      confirmLabel="Delete category"
      pending={remove.isPending}
      error={confirm.error}
      testId="delete-category-dialog"
      onConfirm={() =>
        remove.mutate(category.id, {
          onSuccess: () => {
            confirm.close();
            toast.success(`${category.name} deleted`);
          },
          onError: (error) => confirm.setError(errorMessage(error, 'The category could not be deleted. Please try again.')),
        })
      }
    />
  );
}

/** A dialog to add a category, or to change (rename, move, describe) `category`. */
function CategoryDialog({
  categories,
  category,
  trigger,
}: {
  categories: readonly AdminHelpCategory[];
  category?: AdminHelpCategory;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[min(32rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="help-category-dialog"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold break-words text-neutral-900">
              {category ? `Edit ${category.name}` : 'Add a category'}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">
            {category
              ? 'Changes show in the help centre at once.'
              : 'Only the name is needed: the address is made from it unless you give one.'}
          </Dialog.Description>
          <CategoryForm categories={categories} category={category} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CategoryForm({
  categories,
  category,
  onDone,
}: {
  categories: readonly AdminHelpCategory[];
  category?: AdminHelpCategory;
  onDone: () => void;
}) {
  const save = useSaveHelpCategory();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const last = categories.reduce((max, row) => Math.max(max, row.position), -1);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categorySchema),
    defaultValues: categoryFormValues(category, last + 1),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const { category: saved } = await save.mutateAsync({ id: category?.id ?? null, input: categoryInput(values) });
      toast.success(category ? `${saved.name} saved` : `${saved.name} added`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = splitFieldErrors(error.fields, CATEGORY_FIELDS);
        for (const [name, message] of byField) setError(name, { message });
        const first = byField[0];
        if (first) setFocus(first[0]);
        setFormErrors(byField.length === 0 ? [error.message, ...other] : other);
      } else if (error instanceof ApiError && error.status === 409) {
        // The one conflict a category's fields can make: its address is another's.
        setError('slug', { message: error.message }, { shouldFocus: true });
      } else {
        setFormErrors([errorMessage(error, 'The category could not be saved. Please try again.')]);
      }
    }
  });

  const busy = isSubmitting || save.isPending;
  const name = watch('name');
  const slug = watch('slug');

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={category ? `Edit ${category.name}` : 'New category'}
      className="flex flex-col gap-4"
    >
      <FormErrors messages={formErrors} />
      <FormField label="Name" hint={`Up to ${HELP_LIMITS.categoryName} characters.`} error={errors.name?.message}>
        <Input type="text" autoComplete="off" maxLength={HELP_LIMITS.categoryName} {...register('name')} />
      </FormField>
      <FormField
        label="Slug"
        hint={slug.trim() ? 'Lowercase letters, digits and hyphens.' : `Left empty, it is made from the name: ${slugify(name) || '…'}.`}
        error={errors.slug?.message}
      >
        <Input type="text" autoComplete="off" spellCheck={false} maxLength={HELP_LIMITS.slug} {...register('slug')} />
      </FormField>
      <FormField
        label="Description"
        hint={`Optional, up to ${HELP_LIMITS.description} characters: a line under the name in the help centre.`}
        error={errors.description?.message}
      >
        <Textarea rows={2} className="min-h-16" {...register('description')} />
      </FormField>
      <FormField label="Position" hint="Smaller comes first." error={errors.position?.message}>
        <Input type="text" inputMode="numeric" autoComplete="off" className="w-32" {...register('position')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary" className="h-10">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" className="h-10" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {category ? 'Save category' : 'Add category'}
        </Button>
      </div>
    </form>
  );
}
