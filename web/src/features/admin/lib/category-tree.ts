import type { AdminCategory, CategoryRemoved } from '@/features/admin/api/categories';
import { formatCount } from '@/features/admin/lib/user-words';

/**
 * The category tree as the admin pages read it: built from `parent_id`, siblings by position then
 * name, at most MAX_DEPTH levels (crates/domain taxonomy::check_parent holds the rule; the parent
 * choices here only offer what it accepts).
 */

/** A top category, a sub-category and one more level. */
export const MAX_DEPTH = 3;

export interface CategoryNode {
  category: AdminCategory;
  /** 1 for a top category. */
  depth: number;
  children: CategoryNode[];
}

function bySiblingOrder(a: AdminCategory, b: AdminCategory): number {
  return a.position - b.position || a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug);
}

/** The tree: top categories (and any whose parent is missing) first, each with its children in order. */
export function buildCategoryTree(categories: readonly AdminCategory[]): CategoryNode[] {
  const ids = new Set(categories.map((category) => category.id));
  const childrenOf = new Map<string | null, AdminCategory[]>();
  for (const category of categories) {
    const parent = category.parent_id && ids.has(category.parent_id) ? category.parent_id : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), category]);
  }
  const seen = new Set<string>();
  const grow = (parent: string | null, depth: number): CategoryNode[] =>
    (childrenOf.get(parent) ?? [])
      .slice()
      .sort(bySiblingOrder)
      // A loop in the data would otherwise never end; each category shows once.
      .filter((category) => !seen.has(category.id) && seen.add(category.id))
      .map((category) => ({ category, depth, children: grow(category.id, depth + 1) }));
  return grow(null, 1);
}

/** The tree's nodes in reading order (a parent, then its children). */
export function flattenTree(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The ids of the categories under `id`, at any depth. */
export function descendantIds(categories: readonly AdminCategory[], id: string): Set<string> {
  const found = new Set<string>();
  const walk = (parent: string) => {
    for (const category of categories) {
      if (category.parent_id === parent && !found.has(category.id)) {
        found.add(category.id);
        walk(category.id);
      }
    }
  };
  walk(id);
  return found;
}

/** How many levels go below `id` (0: it has no sub-categories). */
export function levelsBelow(categories: readonly AdminCategory[], id: string, seen = new Set<string>()): number {
  seen.add(id);
  return categories
    .filter((category) => category.parent_id === id && !seen.has(category.id))
    .reduce((most, category) => Math.max(most, 1 + levelsBelow(categories, category.id, seen)), 0);
}

/**
 * The categories `self` (a new one when undefined) may go under, in tree order: never itself or
 * one of its own sub-categories, and only where it and its sub-categories stay within MAX_DEPTH.
 */
export function parentChoices(categories: readonly AdminCategory[], self?: AdminCategory): CategoryNode[] {
  const below = self ? levelsBelow(categories, self.id) : 0;
  const excluded = self ? descendantIds(categories, self.id).add(self.id) : new Set<string>();
  return flattenTree(buildCategoryTree(categories)).filter(
    (node) => !excluded.has(node.category.id) && node.depth + 1 + below <= MAX_DEPTH,
  );
}

/** The categories a removed one's products may go to: any but itself, in tree order. */
export function moveTargets(categories: readonly AdminCategory[], self: AdminCategory): CategoryNode[] {
  return flattenTree(buildCategoryTree(categories)).filter((node) => node.category.id !== self.id);
}

/** A choice's text in a select, indented by its depth ("— Boots" under "Footwear"). */
export function choiceLabel(node: CategoryNode): string {
  return `${'— '.repeat(node.depth - 1)}${node.category.name}`;
}

/** The categories beside `parentId` (null: the top level), but not `selfId`, in order. */
export function siblingsOf(categories: readonly AdminCategory[], parentId: string | null, selfId?: string): AdminCategory[] {
  return categories
    .filter((category) => (category.parent_id ?? null) === parentId && category.id !== selfId)
    .sort(bySiblingOrder);
}

/** The position that puts a new category last among `siblings` (0 when it is the first). */
export function nextPosition(siblings: readonly AdminCategory[]): number {
  return siblings.length === 0 ? 0 : Math.min(100_000, Math.max(...siblings.map((category) => category.position)) + 1);
}

/** "1 product", "12 products". */
export function productsText(count: number): string {
  return count === 1 ? '1 product' : `${formatCount(count)} products`;
}

/** "1 sub-category", "3 sub-categories". */
export function subCategoriesText(count: number): string {
  return count === 1 ? '1 sub-category' : `${count} sub-categories`;
}

/**
 * A category's address from its name, as the server makes it (crates/domain text::slugify):
 * lower-case ASCII letters and digits, anything else one hyphen, none at the ends.
 */
export function slugify(text: string): string {
  let out = '';
  for (const char of text.toLowerCase()) {
    if (/^[a-z0-9]$/.test(char)) out += char;
    else if (out !== '' && !out.endsWith('-')) out += '-';
  }
  return out.replace(/-+$/, '');
}

/** What removing a category did, in words: where its products went. */
export function removalText(result: CategoryRemoved, categories: readonly AdminCategory[]): string {
  if (result.products_moved === 0) return 'It had no products.';
  const count = productsText(result.products_moved);
  if (!result.products_to) return `${count} now ${result.products_moved === 1 ? 'has' : 'have'} no category.`;
  const to = categories.find((category) => category.slug === result.products_to)?.name ?? result.products_to;
  return `${count} moved to ${to}.`;
}
