'use client';

import { Plus } from 'lucide-react';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import type { AdminCategory } from '@/features/admin/api/categories';
import { CategoryDialog } from '@/features/admin/components/category-form';
import { RemoveCategoryDialog } from '@/features/admin/components/category-remove-dialog';
import { MAX_DEPTH, productsText, type CategoryNode } from '@/features/admin/lib/category-tree';

/**
 * The categories as nested lists (a sub-category under its parent, siblings by position then
 * name), each with its address, product count and whether the storefront shows it, and the
 * buttons to change it, add a sub-category under it (not at the third level) or remove it.
 */
export function CategoryTree({
  nodes,
  categories,
  updating = false,
}: {
  nodes: readonly CategoryNode[];
  categories: readonly AdminCategory[];
  updating?: boolean;
}) {
  return (
    <ul aria-label="Categories" aria-busy={updating || undefined} className="divide-y divide-neutral-200" data-testid="category-tree">
      {nodes.map((node) => (
        <CategoryItem key={node.category.id} node={node} categories={categories} />
      ))}
    </ul>
  );
}

function CategoryItem({ node, categories }: { node: CategoryNode; categories: readonly AdminCategory[] }) {
  const { category, depth, children } = node;
  return (
    <li>
      <div
        className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
        data-testid="category-row"
        data-slug={category.slug}
        data-depth={depth}
      >
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-neutral-900" data-testid="category-name">
              {category.name}
            </span>
            <StatusBadge label={category.active ? 'Shown' : 'Hidden'} tone={category.active ? 'success' : 'neutral'} />
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-neutral-600">
            <span className="font-mono" data-testid="category-slug">
              {category.slug}
            </span>
            <span aria-hidden="true">·</span>
            <span data-testid="category-products">{productsText(category.product_count)}</span>
            <span aria-hidden="true">·</span>
            <span data-testid="category-position">Position {category.position}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CategoryDialog
            categories={categories}
            category={category}
            trigger={
              <Button variant="secondary" className="h-9" aria-label={`Edit ${category.name}`}>
                Edit
              </Button>
            }
          />
          {depth < MAX_DEPTH ? (
            <CategoryDialog
              categories={categories}
              parent={category}
              trigger={
                <Button variant="secondary" className="h-9" aria-label={`Add a sub-category to ${category.name}`}>
                  <Plus aria-hidden="true" className="size-4" />
                  Add sub-category
                </Button>
              }
            />
          ) : null}
          <RemoveCategoryDialog category={category} categories={categories} />
        </div>
      </div>
      {children.length > 0 ? (
        <ul
          aria-label={`Sub-categories of ${category.name}`}
          className="mb-3 ml-3 divide-y divide-neutral-200 border-l-2 border-neutral-200 pl-4 sm:ml-5"
        >
          {children.map((child) => (
            <CategoryItem key={child.category.id} node={child} categories={categories} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
