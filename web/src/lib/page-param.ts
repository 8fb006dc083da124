/**
 * The 1-based page number from a `?page=N` query value. Anything that is not a whole number of at
 * least 1 (missing, "abc", "0", "-2", "1.5", "2abc") means the first page.
 */
export function pageFromParam(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` items make at `perPage` each (at least 1, so page 1 always exists). */
export function pageCount(total: number, perPage: number): number {
  if (perPage <= 0 || total <= 0) return 1;
  return Math.ceil(total / perPage);
}
