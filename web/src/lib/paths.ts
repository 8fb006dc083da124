/** Site paths that more than one feature links to (trailingSlash: true, as the export writes them). */

export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}/`;
}

/** A vendor's store page; pages after the first carry `?page=N`. */
export function storePath(storeSlug: string, page = 1): string {
  const path = `/store/${encodeURIComponent(storeSlug)}/`;
  return page > 1 ? `${path}?page=${page}` : path;
}
