/**
 * The path segment right after `prefix`, decoded: ("/products/ovr-tee/", "/products/") →
 * "ovr-tee". Dynamic pages are exported once as `_` and read their real value from the location.
 */
export function pathSegmentAfter(pathname: string | null | undefined, prefix: string): string | null {
  if (!pathname || !pathname.startsWith(prefix)) return null;
  const segment = pathname.slice(prefix.length).split('/')[0] ?? '';
  if (segment === '' || segment === '_') return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
