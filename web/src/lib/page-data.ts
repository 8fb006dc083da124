/**
 * The data `bazaar serve` writes into a page it serves from an exported shell
 * (`<script type="application/json" id="bazaar-page-data">`, crates/api/src/web/head.rs): for a
 * product page, the product as `GET /api/v1/products/{slug}` answers it. The page starts from it
 * instead of fetching it, so the product shows as soon as the page's script runs.
 *
 * It describes the document as first loaded: after a client-side navigation the location no
 * longer matches it, so callers check that it is about what they show (see initialProduct).
 */

export const PAGE_DATA_ID = 'bazaar-page-data';

let cached: { value: unknown } | null = null;

/** The page's data, parsed once; undefined when the page has none or it is unreadable. */
export function readPageData(): unknown {
  if (cached) return cached.value;
  let value: unknown;
  if (typeof document !== 'undefined') {
    const text = document.getElementById(PAGE_DATA_ID)?.textContent;
    if (text) {
      try {
        value = JSON.parse(text);
      } catch {
        console.debug('Page data ignored: not JSON');
      }
    }
  }
  cached = { value };
  return value;
}

/** Forgets what was read (tests write a new document). */
export function resetPageData(): void {
  cached = null;
}
