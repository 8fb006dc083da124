import { pageFromParam } from '@/lib/page-param';
import type { StockLevel, StockMovement } from '@/features/inventory/api/inventory-types';

/**
 * The inventory page keeps its state in the URL (STYLE.md "Lists"):
 * /vendor/inventory/?q=…&low=true&page=N for the levels, and &product=<id>&history=N for the
 * stock history. The defaults (every level, the whole store's history, first pages) are left out.
 * The dashboard's low-stock to-do links to ?low=true.
 */

export const INVENTORY_PATH = '/vendor/inventory/';
/** The id of the stock history's section, for links that jump to it. */
export const HISTORY_ID = 'stock-history';

export interface InventoryFilters {
  q: string;
  low: boolean;
  page: number;
  /** The product whose history is shown; null: the whole store's. */
  product: string | null;
  historyPage: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function inventoryFiltersFrom(params: { get(name: string): string | null } | null): InventoryFilters {
  const product = params?.get('product') ?? '';
  return {
    q: (params?.get('q') ?? '').trim(),
    low: params?.get('low') === 'true',
    page: pageFromParam(params?.get('page')),
    // Anything but an id would only be refused by the API.
    product: UUID.test(product) ? product.toLowerCase() : null,
    historyPage: pageFromParam(params?.get('history')),
  };
}

export function inventoryHref(filters: InventoryFilters, hash?: string): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.low) query.set('low', 'true');
  if (filters.page > 1) query.set('page', String(filters.page));
  if (filters.product) query.set('product', filters.product);
  if (filters.historyPage > 1) query.set('history', String(filters.historyPage));
  const text = query.toString();
  return `${INVENTORY_PATH}${text ? `?${text}` : ''}${hash ? `#${hash}` : ''}`;
}

/** "3 items are low on stock" (the header's count of levels on sale at or below their threshold). */
export function lowStockSummary(count: number): string {
  if (count === 0) return 'Nothing is low on stock.';
  return count === 1 ? '1 item is low on stock.' : `${count.toLocaleString('en-ZA')} items are low on stock.`;
}

/** A level's name: the product, and the variation's name when it is one. */
export function levelName(level: Pick<StockLevel, 'product_name' | 'variation_name'>): string {
  return level.variation_name ? `${level.product_name} – ${level.variation_name}` : level.product_name;
}

/** A level's key in lists: its variation's id, else its product's. */
export function levelKey(level: Pick<StockLevel, 'product_id' | 'variation_id'>): string {
  return level.variation_id ?? level.product_id;
}

const REASONS: Readonly<Record<string, string>> = {
  sale: 'Sale',
  cancellation: 'Cancellation',
  manual: 'Manual change',
  import: 'Import',
  return: 'Refund return',
};

/** Why stock moved, in words; a reason new to the site reads as it is. */
export function movementReason(reason: string): string {
  return REASONS[reason] ?? reason;
}

/** A change of stock with its sign: "+5", "−1" (a minus sign, not a hyphen), "0". */
export function signedChange(change: number): string {
  const amount = Math.abs(change).toLocaleString('en-ZA');
  if (change > 0) return `+${amount}`;
  if (change < 0) return `\u2212${amount}`;
  return '0';
}

/** Who moved the stock: the person who changed or imported it; an order's moves have nobody. */
export function movementActor(movement: Pick<StockMovement, 'actor_email'>): string {
  return movement.actor_email ?? '—';
}

/**
 * The message to show under an inline input for the API's field error: its fragments ("must be
 * between 0 and 100000") start with the input's name; whole sentences are shown as they are.
 */
export function fieldSentence(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/**
 * A whole number as typed into an inline input, or null. Only the shape is checked here; the
 * API's range (0 to 1000000000 for stock, 0 to 100000 for a threshold) is the truth and its
 * message lands under the input.
 */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}
