import type { AuditEntry } from '@/features/admin/api/audit';
import type { AdminCategory } from '@/features/admin/api/categories';

/**
 * A category's audit entry made readable for the shared entry view (components/audit-entry):
 * the parent by name instead of its id, `active` as "On the storefront", what a new category was
 * made with and what a removal did as figures, and the category's name on each entry.
 */

type Details = Record<string, unknown>;

function isObject(value: unknown): value is Details {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function categoryAuditEntry(entry: AuditEntry, categories: readonly AdminCategory[]): AuditEntry {
  const details: Details = isObject(entry.details) ? entry.details : {};
  const before = isObject(details.before) ? details.before : undefined;
  const after = isObject(details.after) ? details.after : undefined;
  const byId = (id: unknown) => categories.find((category) => category.id === id);

  function readable(side: Details): Details {
    const { parent_id: parentId, active, ...rest } = side;
    const out: Details = { ...rest };
    if ('parent_id' in side) out.parent = parentId ? (byId(parentId)?.name ?? 'a removed category') : 'top level';
    if ('active' in side) out.on_the_storefront = active;
    return out;
  }

  let next: Details;
  if (entry.action === 'category.create' && after) {
    next = readable(after);
  } else if (entry.action === 'category.delete') {
    const to = after?.products_to;
    next = {
      ...(before ?? {}),
      products_to: typeof to === 'string' && to ? (categories.find((category) => category.slug === to)?.name ?? to) : 'no category',
      products_moved: after?.products_moved ?? 0,
    };
  } else {
    const name = byId(entry.subject_id)?.name ?? after?.name ?? before?.name;
    next = {
      ...details,
      ...(before ? { before: readable(before) } : {}),
      ...(after ? { after: readable(after) } : {}),
      ...(typeof name === 'string' ? { category: name } : {}),
    };
  }
  return { ...entry, details: next as AuditEntry['details'] };
}
