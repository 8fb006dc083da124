'use client';

import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, ListSkeleton, PageHeader } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useAdminAttributes, useRemoveAttribute, type GlobalAttribute } from '@/features/admin/api/attributes';
import { AttributeDialog } from '@/features/admin/components/attribute-form';

/** What the remove dialog promises vendors' products. */
export const KEPT_VALUES =
  'Vendors can no longer build new variations from it. Products whose variations use it keep their values.';

/** Siblings' order on the server: by position, then name. */
function byPosition(a: GlobalAttribute, b: GlobalAttribute): number {
  return a.position - b.position || a.name.localeCompare(b.name);
}

/**
 * /admin/global-attributes: the attributes every vendor builds variations from (size, colour),
 * each with its values in order; adding, changing and removing them.
 */
export function AdminAttributesPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminAttributes();
  const attributes = (data?.attributes ?? []).slice().sort(byPosition);
  return (
    <>
      <PageHeader
        title="Global attributes"
        description="The attributes vendors build their products’ variations from, with the values they choose between, in order."
        actions={
          data ? (
            <AttributeDialog
              attributes={attributes}
              trigger={
                <Button className="h-10">
                  <Plus aria-hidden="true" className="size-4" />
                  Add attribute
                </Button>
              }
            />
          ) : null
        }
      />
      {isPending ? (
        <ListSkeleton label="Loading attributes" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : attributes.length === 0 ? (
        <EmptyState title="No attributes yet">
          <p className="text-neutral-600">Add one, like Size with S, M and L, for vendors to build variations from.</p>
        </EmptyState>
      ) : (
        <ul
          aria-label="Global attributes"
          aria-busy={isFetching || undefined}
          className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white"
        >
          {attributes.map((attribute) => (
            <li key={attribute.id}>
              <AttributeRow attribute={attribute} attributes={attributes} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function AttributeRow({ attribute, attributes }: { attribute: GlobalAttribute; attributes: readonly GlobalAttribute[] }) {
  return (
    <div
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 px-4 py-4 sm:px-5"
      data-testid="attribute-row"
      data-name={attribute.name}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-semibold text-neutral-900" data-testid="attribute-name">
            {attribute.name}
          </span>
          <span className="text-xs text-neutral-600" data-testid="attribute-position">
            Position {attribute.position}
          </span>
        </p>
        <ul aria-label={`Values of ${attribute.name}`} className="flex flex-wrap gap-1.5">
          {attribute.values.map((value) => (
            <li
              key={value}
              className="rounded-full border border-neutral-200 bg-neutral-50 px-2.5 py-0.5 text-xs font-medium text-neutral-800"
              data-testid="attribute-chip"
            >
              {value}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <AttributeDialog
          attributes={attributes}
          attribute={attribute}
          trigger={
            <Button variant="secondary" className="h-9" aria-label={`Edit ${attribute.name}`}>
              Edit
            </Button>
          }
        />
        <RemoveAttributeDialog attribute={attribute} />
      </div>
    </div>
  );
}

function RemoveAttributeDialog({ attribute }: { attribute: GlobalAttribute }) {
  const dialog = useConfirmState();
  const remove = useRemoveAttribute();

  async function confirm() {
    dialog.setError(null);
    try {
      await remove.mutateAsync(attribute.id);
      toast.success(`${attribute.name} removed`, { description: 'Products keep the values their variations were given.' });
      dialog.close();
    } catch (error) {
      dialog.setError(errorMessage(error, 'The attribute could not be removed. Please try again.'));
    }
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" className="h-9" aria-label={`Remove ${attribute.name}`}>
          Remove
        </Button>
      }
      title={`Remove ${attribute.name}?`}
      description={KEPT_VALUES}
      confirmLabel="Remove attribute"
      onConfirm={() => void confirm()}
      pending={remove.isPending}
      error={dialog.error}
      testId="attribute-remove-dialog"
    />
  );
}
