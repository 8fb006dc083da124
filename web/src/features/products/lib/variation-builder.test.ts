import { describe, expect, it } from 'vitest';
import {
  combinations,
  generateVariations,
  groupsFromVariations,
  skuBase,
  suggestSku,
  withPlatformOptions,
  type AttributeGroup,
  type AttributePair,
} from '@/features/products/lib/variation-builder';

const size: AttributeGroup = { name: 'Size', options: ['S', 'M', 'L'], chosen: ['L', 'M'] };
const colour: AttributeGroup = { name: 'Colour', options: ['Black', 'White'], chosen: ['Black', 'White'] };

const row = (attributes: AttributePair[], sku: string) => ({ attributes, sku, stock: '0' });

describe('combinations', () => {
  it('makes every combination, the first attribute varying slowest, values in the order offered', () => {
    expect(combinations([size, colour]).map((combo) => combo.map((a) => a.value).join('/'))).toEqual([
      'M/Black',
      'M/White',
      'L/Black',
      'L/White',
    ]);
  });

  it('leaves out attributes with nothing chosen, and has none without any', () => {
    expect(combinations([size, { name: 'Colour', options: ['Black'], chosen: [] }])).toHaveLength(2);
    expect(combinations([])).toEqual([]);
    expect(combinations([{ name: 'Size', options: ['S'], chosen: [] }])).toEqual([]);
  });
});

describe('generateVariations', () => {
  it('keeps rows whose attributes are still chosen, adds the rest with SKUs, and drops the others', () => {
    const kept = { ...row([{ name: 'Colour', value: 'Black' }, { name: 'Size', value: 'M' }], 'TEE-M-BLK'), stock: '7' };
    const dropped = row([{ name: 'Size', value: 'S' }, { name: 'Colour', value: 'Black' }], 'TEE-S-BLK');
    const result = generateVariations([size, colour], [kept, dropped], 'TEE', row);
    expect(result.rows.map((r) => r.sku)).toEqual(['TEE-M-BLK', 'TEE-M-WHITE', 'TEE-L-BLACK', 'TEE-L-WHITE']);
    expect(result.rows[0]).toBe(kept);
    expect(result).toMatchObject({ added: 3, removed: 1 });
  });

  it('never suggests a SKU twice', () => {
    const odd: AttributeGroup = { name: 'Fit', options: ['a b', 'a-b'], chosen: ['a b', 'a-b'] };
    expect(generateVariations([odd], [], 'TEE', row).rows.map((r) => r.sku)).toEqual(['TEE-A-B', 'TEE-A-B-2']);
  });
});

describe('SKUs', () => {
  it('start from the product SKU, else its name, in SKU characters', () => {
    expect(skuBase('ctc-tee', 'Cape Trail Tee')).toBe('CTC-TEE');
    expect(skuBase('', 'Cape Trail Tee (Women’s)')).toBe('CAPE-TRAIL-TEE-WOMEN-S');
    expect(skuBase('', '')).toBe('SKU');
    expect(suggestSku('TEE', [{ name: 'Colour', value: 'Crème brûlée' }], new Set())).toBe('TEE-CREME-BRULEE');
  });
});

describe('groupsFromVariations', () => {
  it('collects the attributes in the order they appear, offering the platform’s values too', () => {
    const groups = groupsFromVariations(
      [
        { attributes: [{ name: 'Size', value: 'L' }, { name: 'Colour', value: 'Teal' }] },
        { attributes: [{ name: 'Size', value: 'M' }, { name: 'Colour', value: 'Teal' }] },
      ],
      [{ name: 'Size', values: ['S', 'M', 'L'] }],
    );
    expect(groups).toEqual([
      { name: 'Size', options: ['S', 'M', 'L'], chosen: ['L', 'M'] },
      { name: 'Colour', options: ['Teal'], chosen: ['Teal'] },
    ]);
    expect(withPlatformOptions({ name: 'colour', options: ['Teal'], chosen: [] }, [{ name: 'Colour', values: ['Black'] }]).options).toEqual([
      'Black',
      'Teal',
    ]);
  });
});
