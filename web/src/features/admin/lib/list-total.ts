import type { Schema } from '@/lib/api/client';
import { pageCount } from '@/lib/page-param';
import { formatCount } from '@/features/admin/lib/user-words';

/**
 * The admin lists' totals: the server counts exactly up to a cap, then answers `capped` ("more
 * than `count`"), so neither the words nor the pages may treat a capped count as exact.
 */

type ListTotal = Schema<'ListTotal'>;

/** Pages to offer: a capped total is a floor, so a full page always has a next one. */
export function pagesFor(total: ListTotal, page: number, rows: number, pageSize: number): number {
  const pages = pageCount(total.count, pageSize);
  return total.capped && rows >= pageSize ? Math.max(pages, page + 1) : pages;
}

/** "1 stock level", "20 stock levels", "More than 10,000 stock levels". */
export function countText(total: ListTotal, one: string, many: string): string {
  if (total.capped) return `More than ${formatCount(total.count)} ${many}`;
  return total.count === 1 ? `1 ${one}` : `${formatCount(total.count)} ${many}`;
}
