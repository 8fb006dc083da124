'use client';

import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useRemoveCategory, type AdminCategory } from '@/features/admin/api/categories';
import {
  choiceLabel,
  moveTargets,
  productsText,
  removalText,
  subCategoriesText,
} from '@/features/admin/lib/category-tree';

/** What removing `category` does, before it is confirmed: its products and its sub-categories. */
export function removalWarning(category: AdminCategory, categories: readonly AdminCategory[]): string {
  const parent = categories.find((row) => row.id === category.parent_id);
  const children = categories.filter((row) => row.parent_id === category.id).length;
  const products =
    category.product_count === 0
      ? `${category.name} has no products.`
      : `${category.name} has ${productsText(category.product_count)}: choose where they go.`;
  if (children === 0) return products;
  const one = children === 1;
  const moved = parent
    ? `${one ? 'moves' : 'move'} up to ${parent.name}`
    : one
      ? 'becomes a top category'
      : 'become top categories';
  return `${products} Its ${subCategoriesText(children)} ${moved}.`;
}

/**
 * "Remove": a dialog that says how many products the category has and where they go (its parent,
 * or no category for a top one, unless another category is chosen), then what was done.
 */
export function RemoveCategoryDialog({
  category,
  categories,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
}) {
  const dialog = useConfirmState();
  const remove = useRemoveCategory();
  const [moveTo, setMoveTo] = useState('');
  const id = useId();
  const parent = categories.find((row) => row.id === category.parent_id);
  const targets = moveTargets(categories, category).filter((node) => node.category.id !== parent?.id);

  async function confirm() {
    dialog.setError(null);
    try {
      // The names as they were: the answer names the category the products went to by its address.
      const before = categories;
      const result = await remove.mutateAsync({ id: category.id, moveTo });
      toast.success(`${category.name} removed`, { description: removalText(result, before) });
      dialog.close();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.move_to : undefined;
      dialog.setError(typeof field === 'string' ? field : errorMessage(error, 'The category could not be removed. Please try again.'));
    }
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={(open) => {
        if (open) setMoveTo('');
        dialog.onOpenChange(open);
      }}
      trigger={
        <Button variant="secondary" className="h-9" aria-label={`Remove ${category.name}`}>
          Remove
        </Button>
      }
      title={`Remove ${category.name}?`}
      description={removalWarning(category, categories)}
      confirmLabel="Remove category"
      onConfirm={() => void confirm()}
      pending={remove.isPending}
      error={dialog.error}
      testId="category-remove-dialog"
    >
      {category.product_count > 0 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-move`} className="text-sm font-medium text-neutral-800">
            Move its products to
          </label>
          <Select id={`${id}-move`} value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
            <option value="">{parent ? `Its parent, ${parent.name}` : 'No category'}</option>
            {targets.map((node) => (
              <option key={node.category.id} value={node.category.slug}>
                {choiceLabel(node)}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
