import type { ProductVariation } from '@/features/products/api/product-types';

/**
 * Choosing a variation by its attributes (SPEC §4–5), without React: the product page keeps the
 * choices in state and asks these functions what to show.
 *
 * - Attributes are asked in the order they are first seen across the variations; their values are
 *   sorted so that letter sizes run small to large (XS, S, M, L, XL, XXL, …) and everything else
 *   in natural order ("UK 6" before "UK 10", "Black" before "White"), whatever order the API sends.
 * - Values that are numeric-only, asterisk-only, object-like or blank are never shown; an attribute
 *   left with no value to show is not asked, and matching ignores it.
 * - Values come from enabled variations only: an option nobody can buy is not offered at all.
 * - Variations whose attributes leave nothing to ask (none, or only hidden values) are chosen by
 *   name instead, as one attribute "Option" (`selectableVariations`), so such a product can still
 *   be bought.
 */

/** The fields of a variation that choosing it needs. */
export type SelectableVariation = Pick<ProductVariation, 'attributes' | 'enabled' | 'manage_stock' | 'stock_quantity'>;

/** An attribute the customer is asked to choose, with its values in display order. */
export interface VariationAttribute {
  name: string;
  values: string[];
}

/** The customer's choices: attribute name → chosen value. */
export type Choices = Readonly<Record<string, string>>;

const NUMERIC_ONLY = /^[+-]?\d+(?:[.,]\d+)?$/;
const ASTERISK_ONLY = /^\*+$/;
const OBJECT_LIKE = /^(?:\{[\s\S]*\}|\[[\s\S]*\])$/;

/** True for a value that is not shown: numeric-only ("123"), asterisk-only ("***"), object-like ("{…}", "[…]", "[object Object]") or blank. */
export function isHiddenValue(value: string): boolean {
  const text = value.trim();
  return text === '' || NUMERIC_ONLY.test(text) || ASTERISK_ONLY.test(text) || OBJECT_LIKE.test(text);
}

/** Letter sizes, smallest first; "2XL" and "XXL" are the same size. */
const LETTER_SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL'];
const SIZE_ALIASES: Record<string, string> = { '2XS': 'XXS', '3XS': 'XXXS', '2XL': 'XXL', '3XL': 'XXXL', '4XL': 'XXXXL' };

/** The rank of a value that starts with a letter size ("M", "S/M", "L (UK 9-12)"), else -1. */
function letterSizeRank(value: string): number {
  const head = value.trim().split(/[\s/(-]/, 1)[0]!.toUpperCase();
  return LETTER_SIZES.indexOf(SIZE_ALIASES[head] ?? head);
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Display order of two values of one attribute: letter sizes first, small to large; then natural order. */
export function compareValues(a: string, b: string): number {
  const rankA = letterSizeRank(a);
  const rankB = letterSizeRank(b);
  if (rankA >= 0 && rankB >= 0 && rankA !== rankB) return rankA - rankB;
  if (rankA >= 0 && rankB < 0) return -1;
  if (rankB >= 0 && rankA < 0) return 1;
  return natural.compare(a, b);
}

/** The value a variation has for an attribute (the first pair of that name), if any. */
function valueOf(variation: SelectableVariation, name: string): string | undefined {
  return variation.attributes.find((attribute) => attribute.name === name)?.value;
}

/** The attributes to ask for and their visible values. */
export function variationAttributes(variations: readonly SelectableVariation[]): VariationAttribute[] {
  const byName = new Map<string, Set<string>>();
  for (const variation of variations) {
    if (!variation.enabled) continue;
    for (const { name, value } of variation.attributes) {
      if (!byName.has(name)) byName.set(name, new Set());
      if (!isHiddenValue(value)) byName.get(name)!.add(value);
    }
  }
  return [...byName]
    .filter(([, values]) => values.size > 0)
    .map(([name, values]) => ({ name, values: [...values].sort(compareValues) }));
}

/** The attribute variations are chosen by when their own attributes leave nothing to ask. */
export const OPTION_ATTRIBUTE = 'Option';

/**
 * The variations as the selector works with them: as they are, or, when their attributes leave
 * nothing to ask, each with its name as its one attribute, `Option`. Ids, names and prices stay.
 */
export function selectableVariations<V extends SelectableVariation & { name: string }>(variations: readonly V[]): V[] {
  if (variationAttributes(variations).length > 0) return [...variations];
  return variations.map((variation) => ({ ...variation, attributes: [{ name: OPTION_ATTRIBUTE, value: variation.name }] }));
}

/** Choosing a value selects it; choosing the same value again deselects it (SPEC §4). */
export function toggleChoice(choices: Choices, name: string, value: string): Choices {
  const next: Record<string, string> = { ...choices };
  if (next[name] === value) delete next[name];
  else next[name] = value;
  return next;
}

/** Stock above 0, or stock not managed. */
export function hasStock(variation: SelectableVariation): boolean {
  return !variation.manage_stock || variation.stock_quantity > 0;
}

function matches(variation: SelectableVariation, choices: Choices): boolean {
  return Object.entries(choices).every(([name, value]) => valueOf(variation, name) === value);
}

/**
 * What choosing `value` of attribute `name` with the other current choices would give: `available`
 * when some enabled variation has it and every other chosen value and has stock above 0 or does
 * not manage stock (SPEC §5); `sold-out` when such variations exist but none has stock;
 * `unavailable` when no enabled variation has that combination.
 */
export function valueStatus(
  variations: readonly SelectableVariation[],
  choices: Choices,
  name: string,
  value: string,
): 'available' | 'sold-out' | 'unavailable' {
  const wanted = { ...choices, [name]: value };
  const candidates = variations.filter((variation) => variation.enabled && matches(variation, wanted));
  if (candidates.some(hasStock)) return 'available';
  return candidates.length > 0 ? 'sold-out' : 'unavailable';
}

/** Whether `value` of attribute `name` can be chosen with the other current choices (see `valueStatus`). */
export function isValueAvailable(
  variations: readonly SelectableVariation[],
  choices: Choices,
  name: string,
  value: string,
): boolean {
  return valueStatus(variations, choices, name, value) === 'available';
}

/**
 * The chosen variation: only once every asked attribute has a choice (SPEC §4), and only an
 * enabled variation with those values (one with stock first). Null otherwise.
 */
export function resolveVariation<V extends SelectableVariation>(
  variations: readonly V[],
  attributes: readonly VariationAttribute[],
  choices: Choices,
): V | null {
  if (attributes.length === 0) return null;
  if (!attributes.every((attribute) => choices[attribute.name] !== undefined)) return null;
  const asked: Record<string, string> = {};
  for (const { name } of attributes) asked[name] = choices[name]!;
  const candidates = variations.filter((variation) => variation.enabled && matches(variation, asked));
  return candidates.find(hasStock) ?? candidates[0] ?? null;
}

const SIZE_NAME = /^size$/i;
const COLOUR_NAME = /^colou?r$/i;

/** The cart line's `size` and `color` from the choices (attributes named Size, Colour or Color, any case). */
export function cartOptions(choices: Choices): { size: string | null; color: string | null } {
  const entries = Object.entries(choices);
  const size = entries.find(([name]) => SIZE_NAME.test(name.trim()))?.[1] ?? null;
  const color = entries.find(([name]) => COLOUR_NAME.test(name.trim()))?.[1] ?? null;
  return { size, color };
}
