'use client';

import { Plus } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import type { AuditEntry } from '@/features/admin/api/audit';
import { useAdminCategories, type AdminCategory } from '@/features/admin/api/categories';
import { AuditEntryView } from '@/features/admin/components/audit-entry';
import { CategoryDialog } from '@/features/admin/components/category-form';
import { CategoryTree } from '@/features/admin/components/category-tree';
import { categoryAuditEntry } from '@/features/admin/lib/category-audit';
import { buildCategoryTree } from '@/features/admin/lib/category-tree';

/**
 * /admin/categories: the category tree (three levels at most), adding a category or a
 * sub-category, changing one (its parent, position and whether the storefront shows it),
 * removing one (saying where its products go), and the latest changes to categories.
 */
export function AdminCategoriesPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminCategories();
  const categories = data?.categories ?? [];
  return (
    <>
      <PageHeader
        title="Categories"
        description="The shop’s categories, three levels deep at most. Siblings are ordered by position, then by name."
        actions={
          data ? (
            <CategoryDialog
              categories={categories}
              parent={null}
              trigger={
                <Button className="h-10">
                  <Plus aria-hidden="true" className="size-4" />
                  Add category
                </Button>
              }
            />
          ) : null
        }
      />
      {isPending ? (
        <ListSkeleton label="Loading categories" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          <Panel title="Tree" description={treeSummary(categories)}>
            {categories.length === 0 ? (
              <EmptyState title="No categories yet">
                <p className="text-neutral-600">Add the first one: vendors choose from these for their products.</p>
              </EmptyState>
            ) : (
              <CategoryTree nodes={buildCategoryTree(categories)} categories={categories} updating={isFetching} />
            )}
          </Panel>
          <RecentChanges audit={data.audit} categories={categories} />
        </div>
      )}
    </>
  );
}

/** "12 categories, 9 on the storefront." */
export function treeSummary(categories: readonly AdminCategory[]): string {
  const shown = categories.filter((category) => category.active).length;
  const count = categories.length === 1 ? '1 category' : `${categories.length} categories`;
  return `${count}, ${shown} on the storefront.`;
}

function RecentChanges({ audit, categories }: { audit: AuditEntry[]; categories: readonly AdminCategory[] }) {
  return (
    <Panel title="Recent changes" description="The latest changes to categories, newest first.">
      {audit.length === 0 ? (
        <p className="text-sm text-neutral-600">No category has been changed yet.</p>
      ) : (
        <ol aria-label="Recent changes" className="flex flex-col divide-y divide-neutral-200" data-testid="category-changes">
          {audit.map((entry) => (
            <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
              <AuditEntryView entry={categoryAuditEntry(entry, categories)} showSubject={false} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
