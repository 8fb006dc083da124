import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '@/features/admin/api/categories';
import { categoryAuditEntry } from '@/features/admin/lib/category-audit';
import { categoryInput, categorySchema, CATEGORY_MESSAGES } from '@/features/admin/lib/category-schema';
import {
  buildCategoryTree,
  choiceLabel,
  flattenTree,
  levelsBelow,
  moveTargets,
  nextPosition,
  parentChoices,
  removalText,
  siblingsOf,
  slugify,
} from '@/features/admin/lib/category-tree';
import { auditEntry } from '@/test/admin-orders';

function category(id: string, name: string, overrides: Partial<AdminCategory> = {}): AdminCategory {
  return {
    id,
    slug: slugify(name),
    name,
    description: '',
    image_url: null,
    parent_id: null,
    position: 0,
    active: true,
    product_count: 0,
    version: 1,
    ...overrides,
  };
}

// Clothing (0); Footwear (10) > Boots > Hiking Boots, Footwear > Sandals; Archive (20).
const CLOTHING = category('c', 'Clothing');
const FOOTWEAR = category('f', 'Footwear', { position: 10 });
const SANDALS = category('s', 'Sandals', { parent_id: 'f' });
const BOOTS = category('b', 'Boots', { parent_id: 'f' });
const HIKING = category('h', 'Hiking Boots', { parent_id: 'b' });
const ARCHIVE = category('a', 'Archive', { position: 20, active: false });
const ALL = [HIKING, SANDALS, ARCHIVE, BOOTS, FOOTWEAR, CLOTHING];

const names = (nodes: { category: AdminCategory }[]) => nodes.map((node) => node.category.name);

describe('the category tree', () => {
  it('puts children under their parents, siblings by position then name', () => {
    const tree = buildCategoryTree(ALL);
    expect(names(tree)).toEqual(['Clothing', 'Footwear', 'Archive']);
    expect(names(tree[1]!.children)).toEqual(['Boots', 'Sandals']);
    expect(flattenTree(tree).map((node) => `${node.depth}:${node.category.name}`)).toEqual([
      '1:Clothing',
      '1:Footwear',
      '2:Boots',
      '3:Hiking Boots',
      '2:Sandals',
      '1:Archive',
    ]);
  });

  it('shows a category whose parent is missing at the top, and survives a loop', () => {
    const orphan = category('o', 'Orphan', { parent_id: 'gone' });
    expect(names(buildCategoryTree([orphan, CLOTHING]))).toEqual(['Clothing', 'Orphan']);
    const loop = [category('x', 'X', { parent_id: 'y' }), category('y', 'Y', { parent_id: 'x' })];
    expect(flattenTree(buildCategoryTree(loop))).toEqual([]);
  });

  it('offers as parents only what keeps a category out of its own subtree and three levels deep', () => {
    // A new category may go under the first two levels.
    expect(names(parentChoices(ALL))).toEqual(['Clothing', 'Footwear', 'Boots', 'Sandals', 'Archive']);
    // Boots has a level below it: only top categories, never itself or its own.
    expect(levelsBelow(ALL, 'b')).toBe(1);
    expect(names(parentChoices(ALL, BOOTS))).toEqual(['Clothing', 'Footwear', 'Archive']);
    // Footwear is three levels deep already: it can only be a top category.
    expect(names(parentChoices(ALL, FOOTWEAR))).toEqual([]);
    // A leaf may go under anything on the first two levels but itself.
    expect(names(parentChoices(ALL, SANDALS))).toEqual(['Clothing', 'Footwear', 'Boots', 'Archive']);
    expect(choiceLabel(parentChoices(ALL).find((node) => node.category.id === 'b')!)).toBe('— Boots');
  });

  it('moves a removed category’s products anywhere but into itself', () => {
    expect(names(moveTargets(ALL, BOOTS))).toEqual(['Clothing', 'Footwear', 'Hiking Boots', 'Sandals', 'Archive']);
  });

  it('places a new category after its siblings', () => {
    expect(nextPosition(siblingsOf(ALL, null))).toBe(21);
    expect(nextPosition(siblingsOf(ALL, 'f'))).toBe(1);
    expect(nextPosition(siblingsOf(ALL, 'h'))).toBe(0);
    expect(names(siblingsOf(ALL, 'f', 'b').map((row) => ({ category: row })))).toEqual(['Sandals']);
  });

  it('makes addresses as the server does', () => {
    expect(slugify('Running Shoes')).toBe('running-shoes');
    expect(slugify('  Kitchen & Home!  ')).toBe('kitchen-home');
    expect(slugify('Café 24/7')).toBe('caf-24-7');
    expect(slugify('***')).toBe('');
  });

  it('says where a removed category’s products went', () => {
    expect(removalText({ products_to: 'clothing', products_moved: 5 }, ALL)).toBe('5 products moved to Clothing.');
    expect(removalText({ products_to: '', products_moved: 1 }, ALL)).toBe('1 product now has no category.');
    expect(removalText({ products_to: '', products_moved: 1200 }, ALL)).toBe('1,200 products now have no category.');
    expect(removalText({ products_to: 'gone', products_moved: 2 }, ALL)).toBe('2 products moved to gone.');
    expect(removalText({ products_to: '', products_moved: 0 }, ALL)).toBe('It had no products.');
  });
});

describe('the category form’s rules', () => {
  const valid = {
    name: ' Running Shoes ',
    slug: '',
    description: '',
    image_url: '',
    parent_id: '',
    position: '5',
    active: true,
  };

  it('sends empty text as none and the position as a number', () => {
    const parsed = categorySchema.parse(valid);
    expect(categoryInput(parsed)).toEqual({
      name: 'Running Shoes',
      slug: null,
      description: '',
      image_url: null,
      parent_id: null,
      position: 5,
      active: true,
    });
  });

  it('refuses what the server refuses, with its messages', () => {
    const problems = (values: Partial<typeof valid>) =>
      categorySchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems({ name: 'R' })).toEqual([`name: ${CATEGORY_MESSAGES.name}`]);
    expect(problems({ slug: 'Running Shoes' })).toEqual([`slug: ${CATEGORY_MESSAGES.slug}`]);
    expect(problems({ slug: 'running--shoes' })).toEqual([`slug: ${CATEGORY_MESSAGES.slug}`]);
    expect(problems({ name: '!!', slug: '' })).toEqual([`slug: ${CATEGORY_MESSAGES.slugFromName}`]);
    expect(problems({ image_url: 'javascript:alert(1)' })).toEqual([`image_url: ${CATEGORY_MESSAGES.imageUrl}`]);
    expect(problems({ image_url: '/media/a.webp' })).toBeUndefined();
    expect(problems({ position: '-1' })).toEqual([`position: ${CATEGORY_MESSAGES.position}`]);
    expect(problems({ position: '100001' })).toEqual([`position: ${CATEGORY_MESSAGES.position}`]);
    expect(problems({ position: '100000' })).toBeUndefined();
  });
});

describe('a category’s audit entry', () => {
  const details = (value: Record<string, unknown>) => value as never;

  it('names the parent and the category instead of their ids', () => {
    const entry = categoryAuditEntry(
      auditEntry({
        action: 'category.update',
        subject_type: 'category',
        subject_id: 'b',
        details: details({
          before: { name: 'Boots', slug: 'boots', parent_id: 'f', position: 0, active: true },
          after: { name: 'Boots', slug: 'boots', parent_id: null, position: 3, active: false },
        }),
      }),
      ALL,
    );
    expect(entry.details).toEqual({
      before: { name: 'Boots', slug: 'boots', parent: 'Footwear', position: 0, on_the_storefront: true },
      after: { name: 'Boots', slug: 'boots', parent: 'top level', position: 3, on_the_storefront: false },
      category: 'Boots',
    });
  });

  it('reads a new category and a removal as figures', () => {
    const created = categoryAuditEntry(
      auditEntry({
        action: 'category.create',
        subject_id: 'n',
        details: details({ after: { name: 'Socks', slug: 'socks', parent_id: 'f', position: 1, active: true } }),
      }),
      ALL,
    );
    expect(created.details).toEqual({ name: 'Socks', slug: 'socks', parent: 'Footwear', position: 1, on_the_storefront: true });
    const removed = categoryAuditEntry(
      auditEntry({
        action: 'category.delete',
        subject_id: 'gone',
        details: details({
          before: { name: 'Old', slug: 'old', products: 4 },
          after: { products_to: 'clothing', products_moved: 4 },
        }),
      }),
      ALL,
    );
    expect(removed.details).toEqual({ name: 'Old', slug: 'old', products: 4, products_to: 'Clothing', products_moved: 4 });
  });
});
