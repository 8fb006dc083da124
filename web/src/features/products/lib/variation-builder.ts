import type { GlobalAttribute } from '@/features/products/api/vendor-product-types';

/**
 * The variation builder: the attributes a product comes in (the platform's Size, Colour, … or
 * its own), the values chosen of each, and every combination of them as variations.
 */

export interface AttributePair {
  name: string;
  value: string;
}

/** One attribute of the product: the values offered (ticked or not) and the ones chosen. */
export interface AttributeGroup {
  name: string;
  /** The values shown to tick, in order: the platform's, then any the vendor added. */
  options: string[];
  /** The values the product comes in (a subset of `options`). */
  chosen: string[];
}

/** The values of `group` chosen, in the order they are offered. */
export function chosenValues(group: AttributeGroup): string[] {
  return group.options.filter((value) => group.chosen.includes(value));
}

/**
 * Every combination of the groups' chosen values, the first group varying slowest:
 * Size M, L × Colour Black, White → M/Black, M/White, L/Black, L/White. Groups with nothing
 * chosen are left out; with none at all there is no combination.
 */
export function combinations(groups: readonly AttributeGroup[]): AttributePair[][] {
  const used = groups.filter((group) => chosenValues(group).length > 0);
  if (used.length === 0) return [];
  return used.reduce<AttributePair[][]>(
    (combos, group) => combos.flatMap((combo) => chosenValues(group).map((value) => [...combo, { name: group.name, value }])),
    [[]],
  );
}

/** A variation's name from its attributes, as the API makes it: "M / Black". */
export function combinationName(attributes: readonly AttributePair[]): string {
  return attributes.map((attribute) => attribute.value).join(' / ');
}

/** The same attributes in any order give the same key (the API refuses two variations with the same ones). */
export function attributesKey(attributes: readonly AttributePair[]): string {
  return attributes
    .map((attribute) => `${attribute.name}\u0000${attribute.value}`)
    .sort()
    .join('\u0001');
}

const SKU_MAX = 64;

/** Text as SKU characters: upper-case letters, digits, `-`, `_` and `.`; anything else becomes a hyphen. */
function skuPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9_.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The start of generated SKUs: the product's own SKU, else its name: "OVR Trail Tee" → "OVR-TRAIL-TEE". */
export function skuBase(productSku: string, productName: string): string {
  return (skuPart(productSku) || skuPart(productName) || 'SKU').slice(0, 40).replace(/-+$/, '');
}

/** A SKU for a combination, not one of `taken`: "OVR-TRAIL-TEE-M-BLACK" (then "-2", "-3", … if needed). */
export function suggestSku(base: string, attributes: readonly AttributePair[], taken: ReadonlySet<string>): string {
  const stem = [base, ...attributes.map((attribute) => skuPart(attribute.value))].filter(Boolean).join('-').slice(0, SKU_MAX);
  let sku = stem;
  for (let n = 2; taken.has(sku); n += 1) sku = `${stem.slice(0, SKU_MAX - String(n).length - 1)}-${n}`;
  return sku;
}

/**
 * The groups a product's variations already use, in the order they first appear; a group named
 * like a platform attribute offers the platform's values as well.
 */
export function groupsFromVariations(
  variations: readonly { attributes: readonly AttributePair[] }[],
  platform: readonly GlobalAttribute[] = [],
): AttributeGroup[] {
  const groups: AttributeGroup[] = [];
  for (const variation of variations) {
    for (const { name, value } of variation.attributes) {
      let group = groups.find((candidate) => candidate.name === name);
      if (!group) {
        group = { name, options: [], chosen: [] };
        groups.push(group);
      }
      if (!group.chosen.includes(value)) group.chosen.push(value);
    }
  }
  return groups.map((group) => withPlatformOptions(group, platform));
}

/** `group` offering the platform's values for an attribute of the same name, then its own. */
export function withPlatformOptions(group: AttributeGroup, platform: readonly GlobalAttribute[]): AttributeGroup {
  const known = platform.find((attribute) => attribute.name.toLowerCase() === group.name.toLowerCase());
  const options = [...(known?.values ?? [])];
  for (const value of [...group.options, ...group.chosen]) if (!options.includes(value)) options.push(value);
  return { ...group, options };
}

/** What generating needs of a variation row: its attributes and SKU. */
export interface GeneratedRowBase {
  attributes: AttributePair[];
  sku: string;
}

/**
 * The variations after "Generate variations": one per combination. A row that already has a
 * combination's attributes is kept as it is (its SKU, prices and stock); the others are made
 * with `makeRow` and a suggested SKU. Rows of combinations no longer chosen are left out.
 */
export function generateVariations<Row extends GeneratedRowBase>(
  groups: readonly AttributeGroup[],
  rows: readonly Row[],
  base: string,
  makeRow: (attributes: AttributePair[], sku: string) => Row,
): { rows: Row[]; added: number; removed: number } {
  const byKey = new Map(rows.map((row) => [attributesKey(row.attributes), row]));
  const kept = new Set<Row>();
  const taken = new Set(rows.map((row) => row.sku.trim().toUpperCase()).filter(Boolean));
  let added = 0;
  const next = combinations(groups).map((attributes) => {
    const existing = byKey.get(attributesKey(attributes));
    if (existing && !kept.has(existing)) {
      kept.add(existing);
      return existing;
    }
    const sku = suggestSku(base, attributes, taken);
    taken.add(sku);
    added += 1;
    return makeRow(attributes, sku);
  });
  return { rows: next, added, removed: rows.length - kept.size };
}
