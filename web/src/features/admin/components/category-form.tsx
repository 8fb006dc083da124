'use client';

import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSaveCategory, type AdminCategory } from '@/features/admin/api/categories';
import { isStale } from '@/features/admin/api/users';
import { DialogFormFooter, FormErrorsAlert, StaleAlert } from '@/features/admin/components/admin-form-parts';
import {
  CATEGORY_FIELDS,
  CATEGORY_LIMITS,
  categoryFormValues,
  categoryInput,
  categorySchema,
  type CategoryFormInput,
  type CategoryFormValues,
} from '@/features/admin/lib/category-schema';
import {
  choiceLabel,
  nextPosition,
  parentChoices,
  productsText,
  siblingsOf,
  slugify,
} from '@/features/admin/lib/category-tree';
import { formatCount } from '@/features/admin/lib/user-words';
import { splitFieldErrors } from '@/features/vendor/lib/store-profile-schema';

/** Shown when the category being changed was removed by someone else meanwhile. */
export const CATEGORY_GONE = 'This category was removed meanwhile: close this and look at the tree again.';

type CategoryFormProps = {
  /** Every category as last read (the parent choices, the siblings, the latest version after a 409). */
  categories: readonly AdminCategory[];
} & (
  | { /** The category to change. */ category: AdminCategory; parent?: undefined }
  | { category?: undefined; /** Where a new one goes: a category, or null for the top level. */ parent: AdminCategory | null }
);

/**
 * A dialog to add a category (at the top level or under `parent`) or change `category`: its name,
 * address, description, picture, parent, position and whether the storefront shows it. `trigger`
 * is the button that opens it.
 */
export function CategoryDialog({ trigger, ...props }: CategoryFormProps & { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const title = props.category
    ? `Edit ${props.category.name}`
    : props.parent
      ? `Add a sub-category to ${props.parent.name}`
      : 'Add a category';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-800 shadow-xl"
          data-testid="category-dialog"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold break-words text-neutral-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-neutral-600">
            {props.category
              ? 'Changes show on the storefront at once.'
              : 'Only the name is needed: the address is made from it unless you give one.'}
          </Dialog.Description>
          <CategoryForm {...props} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The form. A change sends the version the form was filled in from: when someone else changed
 * the category meanwhile (409 `stale`) it says so and offers to load the latest version, never
 * saving over theirs.
 */
function CategoryForm({ categories, category, parent, onDone }: CategoryFormProps & { onDone: () => void }) {
  const save = useSaveCategory();
  const id = useId();
  /** The category as the form was filled in from it: its version goes with the change. */
  const [base, setBase] = useState(category);
  const [stale, setStale] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categorySchema),
    defaultValues: categoryFormValues(category, {
      parentId: parent?.id ?? null,
      position: nextPosition(siblingsOf(categories, parent?.id ?? null)),
    }),
  });
  const latest = base ? categories.find((row) => row.id === base.id) : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    setStale(null);
    const input = categoryInput(values);
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
        const { byField, other } = splitFieldErrors(error.fields, CATEGORY_FIELDS);
        for (const [name, message] of byField) setError(name, { message });
        const first = byField[0];
        if (first) setFocus(first[0]);
        setFormErrors(byField.length === 0 ? [error.message, ...other] : other);
      } else {
        setFormErrors([errorMessage(error, 'The category could not be saved. Please try again.')]);
      }
    }
  });

  function reload() {
    if (!latest) return;
    reset(categoryFormValues(latest));
    setBase(latest);
    setStale(null);
    setFormErrors([]);
  }

  const busy = isSubmitting || save.isPending;
  const name = watch('name');
  const slug = watch('slug');
  const parentId = watch('parent_id') || null;
  const choices = parentChoices(categories, base);
  const siblings = siblingsOf(categories, parentId, base?.id);
  const slugHint = [
    slug.trim() ? null : `Left empty, it is made from the name: ${slugify(name) || '…'}.`,
    base && base.product_count > 0 ? `Changing it takes its ${productsText(base.product_count)} along.` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={base ? `Edit ${base.name}` : 'New category'}
      className="flex flex-col gap-4"
    >
      {stale ? (
        <StaleAlert message={latest ? stale : CATEGORY_GONE} onReload={latest ? reload : null} testId="category-stale" />
      ) : null}
      <FormErrorsAlert messages={formErrors} />
      <FormField label="Name" hint="2 to 60 characters." error={errors.name?.message}>
        <Input type="text" autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Address" hint={slugHint || 'Lower-case letters, digits and hyphens.'} error={errors.slug?.message}>
        <Input type="text" autoComplete="off" spellCheck={false} placeholder={slugify(name)} {...register('slug')} />
      </FormField>
      <FormField label="Description" hint="Optional, up to 2,000 characters." error={errors.description?.message}>
        <Textarea rows={3} className="min-h-20" {...register('description')} />
      </FormField>
      <FormField
        label="Image address"
        hint="Optional: an https:// address or a path on this site, like /media/shoes.webp."
        error={errors.image_url?.message}
      >
        <Input type="text" inputMode="url" autoComplete="off" spellCheck={false} {...register('image_url')} />
      </FormField>
      <FormField
        label="Parent"
        hint="Categories go three levels deep; only the places that keep it so are offered."
        error={errors.parent_id?.message}
      >
        <Select {...register('parent_id')}>
          <option value="">None: a top category</option>
          {choices.map((node) => (
            <option key={node.category.id} value={node.category.id}>
              {choiceLabel(node)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Position" hint={positionHint(siblings)} error={errors.position?.message}>
        <Input type="text" inputMode="numeric" autoComplete="off" className="w-40" {...register('position')} />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-neutral-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            aria-describedby={`${id}-active-hint`}
            {...register('active')}
          />
          On the storefront
        </label>
        <p id={`${id}-active-hint`} className="text-xs text-neutral-500">
          Untick to hide it from shoppers while you prepare it.
        </p>
      </div>
      <DialogFormFooter busy={busy} stale={stale !== null} submitLabel={base ? 'Save category' : 'Add category'} />
    </form>
  );
}

/** The position's hint: smaller first, and where the siblings are now ("Boots 0, Sandals 10"). */
export function positionHint(siblings: readonly AdminCategory[]): string {
  const rule = `0 to ${formatCount(CATEGORY_LIMITS.position[1])}; smaller comes first, then by name.`;
  if (siblings.length === 0) return `${rule} It has no siblings there.`;
  const shown = siblings.slice(0, 8).map((sibling) => `${sibling.name} ${sibling.position}`);
  const more = siblings.length > shown.length ? `, and ${siblings.length - shown.length} more` : '';
  return `${rule} Beside it: ${shown.join(', ')}${more}.`;
}
