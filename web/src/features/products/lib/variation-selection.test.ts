import { describe, expect, it } from 'vitest';
import type { ProductVariation } from '@/features/products/api/product-types';
import {
  OPTION_ATTRIBUTE,
  cartOptions,
  compareValues,
  isHiddenValue,
  isValueAvailable,
  resolveVariation,
  selectableVariations,
  toggleChoice,
  valueStatus,
  variationAttributes,
} from '@/features/products/lib/variation-selection';

function variation(
  id: string,
  attributes: Record<string, string>,
  overrides: Partial<ProductVariation> = {},
): ProductVariation {
  return {
    id,
    product_id: 'p',
    name: Object.values(attributes).join(' / ') || id,
    sku: id,
    attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
    price_cents: 34900,
    sale_price_cents: null,
    effective_price_cents: 34900,
    stock_quantity: 5,
    weight_grams: null,
    dimensions: null,
    images: [],
    enabled: true,
    manage_stock: true,
    ...overrides,
  };
}

/** S and M in Black and White; M / White is sold out, L / Black is disabled. */
const tee = [
  variation('s-black', { Size: 'S', Colour: 'Black' }),
  variation('m-black', { Size: 'M', Colour: 'Black' }),
  variation('s-white', { Size: 'S', Colour: 'White' }),
  variation('m-white', { Size: 'M', Colour: 'White' }, { stock_quantity: 0 }),
  variation('l-black', { Size: 'L', Colour: 'Black' }, { enabled: false }),
];

describe('isHiddenValue', () => {
  it.each(['123', '42', ' 7 ', '-1', '9.5', '10,5'])('hides the numeric-only value %j', (value) => {
    expect(isHiddenValue(value)).toBe(true);
  });

  it.each(['*', '***', ' ** '])('hides the asterisk-only value %j', (value) => {
    expect(isHiddenValue(value)).toBe(true);
  });

  it.each(['{}', '{"a":1}', '[]', '["S","M"]', '[object Object]'])('hides the object-like value %j', (value) => {
    expect(isHiddenValue(value)).toBe(true);
  });

  it('hides a blank value', () => {
    expect(isHiddenValue('  ')).toBe(true);
  });

  it.each(['UK 8', 'S', 'XL', 'S (UK 3-5)', 'S/M', '6mm', 'Black', 'Size 2*', '2XL'])('shows %j', (value) => {
    expect(isHiddenValue(value)).toBe(false);
  });
});

describe('compareValues', () => {
  it('puts letter sizes small to large, and other values in natural order', () => {
    expect(['XL', 'L', 'XS', 'M', 'XXL', 'S'].sort(compareValues)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(['L (UK 9-12)', 'S (UK 3-5)', 'M (UK 6-8)'].sort(compareValues)).toEqual([
      'S (UK 3-5)',
      'M (UK 6-8)',
      'L (UK 9-12)',
    ]);
    expect(['L/XL', 'S/M'].sort(compareValues)).toEqual(['S/M', 'L/XL']);
    expect(['3XL', 'XL', 'xxl'].sort(compareValues)).toEqual(['XL', 'xxl', '3XL']);
    expect(['UK 10', 'UK 6', 'UK 12', 'UK 9'].sort(compareValues)).toEqual(['UK 6', 'UK 9', 'UK 10', 'UK 12']);
    expect(['White', 'black', 'Sunset Orange'].sort(compareValues)).toEqual(['black', 'Sunset Orange', 'White']);
  });
});

describe('variationAttributes', () => {
  it('asks for attributes in the order first seen, with their values sorted', () => {
    const variations = [
      variation('xl', { Size: 'XL', Colour: 'White' }),
      variation('s', { Size: 'S', Colour: 'Black' }),
      variation('m', { Size: 'M', Colour: 'White' }),
    ];
    expect(variationAttributes(variations)).toEqual([
      { name: 'Size', values: ['S', 'M', 'XL'] },
      { name: 'Colour', values: ['Black', 'White'] },
    ]);
  });

  it('leaves out values only disabled variations have', () => {
    expect(variationAttributes(tee)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Black', 'White'] },
    ]);
  });

  it('hides numeric-only, asterisk-only and object-like values, and drops an attribute left with none', () => {
    const variations = [
      variation('a', { Size: 'S', Code: '123', Stars: '***', Meta: '{"k":1}', Colour: 'Black' }),
      variation('b', { Size: '42', Code: '456', Stars: '*', Meta: '[object Object]', Colour: '[1,2]' }),
      variation('c', { Size: 'UK 8', Code: '789', Stars: '**', Meta: '[]', Colour: 'Red' }),
    ];
    expect(variationAttributes(variations)).toEqual([
      { name: 'Size', values: ['S', 'UK 8'] },
      { name: 'Colour', values: ['Black', 'Red'] },
    ]);
  });

  it('asks nothing when no variation is enabled', () => {
    expect(variationAttributes([variation('a', { Size: 'S' }, { enabled: false })])).toEqual([]);
  });
});

describe('toggleChoice', () => {
  it('selects a value, replaces another value of the same attribute, and deselects the same value', () => {
    const chosen = toggleChoice({}, 'Size', 'S');
    expect(chosen).toEqual({ Size: 'S' });
    const replaced = toggleChoice(chosen, 'Size', 'M');
    expect(replaced).toEqual({ Size: 'M' });
    const both = toggleChoice(replaced, 'Colour', 'Black');
    expect(both).toEqual({ Size: 'M', Colour: 'Black' });
    expect(toggleChoice(both, 'Size', 'M')).toEqual({ Colour: 'Black' });
    // The choices given are not changed.
    expect(replaced).toEqual({ Size: 'M' });
  });
});

describe('resolveVariation', () => {
  const attributes = variationAttributes(tee);

  it('resolves only when every attribute has a choice', () => {
    expect(resolveVariation(tee, attributes, {})).toBeNull();
    expect(resolveVariation(tee, attributes, { Size: 'S' })).toBeNull();
    expect(resolveVariation(tee, attributes, { Colour: 'Black' })).toBeNull();
    expect(resolveVariation(tee, attributes, { Size: 'S', Colour: 'Black' })?.id).toBe('s-black');
    expect(resolveVariation(tee, attributes, { Size: 'M', Colour: 'White' })?.id).toBe('m-white');
  });

  it('never resolves a disabled variation or a combination that does not exist', () => {
    const withLarge = [{ name: 'Size', values: ['S', 'M', 'L'] }, attributes[1]!];
    expect(resolveVariation(tee, withLarge, { Size: 'L', Colour: 'Black' })).toBeNull();
    expect(resolveVariation(tee, withLarge, { Size: 'L', Colour: 'White' })).toBeNull();
  });

  it('prefers a variation with stock when two have the same values', () => {
    const twins = [
      variation('empty', { Size: 'S' }, { stock_quantity: 0 }),
      variation('stocked', { Size: 'S' }, { stock_quantity: 2 }),
    ];
    expect(resolveVariation(twins, variationAttributes(twins), { Size: 'S' })?.id).toBe('stocked');
  });

  it('ignores an attribute that is not asked for', () => {
    const variations = [
      variation('s', { Size: 'S', Code: '101' }),
      variation('m', { Size: 'M', Code: '102' }),
    ];
    expect(resolveVariation(variations, variationAttributes(variations), { Size: 'M' })?.id).toBe('m');
  });

  it('resolves nothing when nothing is asked', () => {
    expect(resolveVariation(tee, [], {})).toBeNull();
  });
});

describe('valueStatus and isValueAvailable', () => {
  it('with nothing chosen, a value is available when any enabled variation with it has stock', () => {
    expect(isValueAvailable(tee, {}, 'Size', 'S')).toBe(true);
    // M / White is sold out, but M / Black has stock.
    expect(isValueAvailable(tee, {}, 'Size', 'M')).toBe(true);
    expect(isValueAvailable(tee, {}, 'Colour', 'White')).toBe(true);
  });

  it('with a partial choice, a value is available only with stock together with the other choices', () => {
    expect(isValueAvailable(tee, { Colour: 'White' }, 'Size', 'S')).toBe(true);
    expect(valueStatus(tee, { Colour: 'White' }, 'Size', 'M')).toBe('sold-out');
    expect(valueStatus(tee, { Size: 'M' }, 'Colour', 'White')).toBe('sold-out');
    expect(isValueAvailable(tee, { Size: 'M' }, 'Colour', 'Black')).toBe(true);
  });

  it('replaces the attribute’s own choice when asking about another of its values', () => {
    expect(isValueAvailable(tee, { Size: 'M', Colour: 'Black' }, 'Size', 'S')).toBe(true);
    expect(valueStatus(tee, { Size: 'S', Colour: 'White' }, 'Size', 'M')).toBe('sold-out');
  });

  it('a value only a disabled variation has with the other choices is unavailable', () => {
    expect(valueStatus(tee, { Size: 'L' }, 'Colour', 'Black')).toBe('unavailable');
    expect(isValueAvailable(tee, { Colour: 'Black' }, 'Size', 'L')).toBe(false);
  });

  it('a value only out-of-stock variations have is sold out', () => {
    const variations = [
      variation('s', { Size: 'S' }, { stock_quantity: 0 }),
      variation('s2', { Size: 'S' }, { stock_quantity: -2 }),
      variation('m', { Size: 'M' }, { stock_quantity: 1 }),
    ];
    expect(valueStatus(variations, {}, 'Size', 'S')).toBe('sold-out');
    expect(isValueAvailable(variations, {}, 'Size', 'M')).toBe(true);
  });

  it('a variation that does not manage stock is available without stock', () => {
    const variations = [variation('s', { Size: 'S' }, { stock_quantity: 0, manage_stock: false })];
    expect(valueStatus(variations, {}, 'Size', 'S')).toBe('available');
  });

  it('a disabled variation does not count even with stock and unmanaged stock', () => {
    const variations = [variation('s', { Size: 'S' }, { stock_quantity: 9, manage_stock: false, enabled: false })];
    expect(valueStatus(variations, {}, 'Size', 'S')).toBe('unavailable');
  });
});

describe('selectableVariations', () => {
  it('keeps variations whose attributes can be asked', () => {
    expect(selectableVariations(tee)).toEqual(tee);
  });

  it('chooses variations by name when their attributes leave nothing to ask', () => {
    const variations = [variation('a', {}, { name: 'Small' }), variation('b', { Code: '42' }, { name: 'Large' })];
    const selectable = selectableVariations(variations);
    expect(selectable.map((v) => [v.id, v.attributes])).toEqual([
      ['a', [{ name: OPTION_ATTRIBUTE, value: 'Small' }]],
      ['b', [{ name: OPTION_ATTRIBUTE, value: 'Large' }]],
    ]);
    const attributes = variationAttributes(selectable);
    expect(attributes).toEqual([{ name: 'Option', values: ['Large', 'Small'] }]);
    expect(resolveVariation(selectable, attributes, { Option: 'Large' })?.id).toBe('b');
  });
});

describe('cartOptions', () => {
  it('maps Size and Colour to the cart line’s size and color', () => {
    expect(cartOptions({ Size: 'M', Colour: 'Black' })).toEqual({ size: 'M', color: 'Black' });
  });

  it('matches the names in any case, and Color as well as Colour', () => {
    expect(cartOptions({ SIZE: 'UK 8', color: 'White' })).toEqual({ size: 'UK 8', color: 'White' });
    expect(cartOptions({ ' size ': 'L', COLOUR: 'Red' })).toEqual({ size: 'L', color: 'Red' });
  });

  it('leaves what was not chosen, and other attributes, out', () => {
    expect(cartOptions({})).toEqual({ size: null, color: null });
    expect(cartOptions({ Material: 'Cork', Option: 'Large', 'Shoe size': 'UK 8' })).toEqual({ size: null, color: null });
  });
});
