import { describe, expect, it } from 'vitest';
import {
  emptyFormValues,
  fieldMessage,
  formValuesFrom,
  productBody,
  productFormSchema,
  summaryLine,
} from '@/features/products/lib/product-form';
import { vendorProduct, vendorVariation } from '@/test/vendor-products';

describe('the editor’s form and body', () => {
  it('reads a product in rand, and sends it back as it was', () => {
    const product = vendorProduct({
      sale_price_cents: 29950,
      variations: [
        vendorVariation(),
        vendorVariation({ id: 'v2', sku: 'CTC-TEE-L', name: 'L', attributes: [{ name: 'Size', value: 'L' }], price_cents: 36900, weight_grams: null }),
      ],
    });
    const values = formValuesFrom(product);
    expect(values).toMatchObject({ price: '349.00', sale_price: '299.50', status: 'draft' });
    // At the product's price, a variation's own price stays empty.
    expect(values.variations.map((v) => v.price)).toEqual(['', '369.00']);

    expect(productBody(values, product.version)).toEqual({
      name: 'Cape Trail Tee',
      slug: 'cape-trail-tee',
      brand: 'Cape Trail Co',
      category: 'apparel',
      description: 'A light tee for long runs.',
      price: '349.00',
      sale_price: '299.50',
      // No sale window: open at both ends.
      sale_starts_at: null,
      sale_ends_at: null,
      product_type: 'physical',
      max_owned_per_user: null,
      // With variations, the SKU and stock are theirs.
      sku: null,
      stock_quantity: null,
      images: [{ url: '/media/v/cape-trail-co/tee.jpg', alt: 'The tee, front' }],
      videos: [],
      seo_title: '',
      seo_description: '',
      status: 'draft',
      variations: [
        {
          sku: 'CTC-TEE-M',
          name: 'M',
          attributes: [{ name: 'Size', value: 'M' }],
          price: null,
          sale_price: null,
          stock_quantity: 5,
          images: [],
          enabled: true,
          manage_stock: true,
          weight_grams: 180,
        },
        {
          sku: 'CTC-TEE-L',
          name: 'L',
          attributes: [{ name: 'Size', value: 'L' }],
          price: '369.00',
          sale_price: null,
          stock_quantity: 5,
          images: [],
          enabled: true,
          manage_stock: true,
        },
      ],
      version: 3,
    });
  });

  it('sends a new product without a version, and the purchase limit only for digital ones', () => {
    const values = { ...emptyFormValues(), name: ' Plan ', price: '99', max_owned_per_user: '2', sku: 'plan-1', stock_quantity: '4' };
    expect(productBody(values, null)).toMatchObject({ name: 'Plan', max_owned_per_user: null, sku: 'plan-1', stock_quantity: 4 });
    expect(productBody(values, null)).not.toHaveProperty('version');
    expect(productBody({ ...values, product_type: 'digital' }, null)).toMatchObject({ max_owned_per_user: 2 });
  });

  it('hints at the API’s rules before sending', () => {
    const result = productFormSchema.safeParse({
      ...emptyFormValues(),
      price: '100',
      sale_price: '100.00',
      seo_title: 'x'.repeat(71),
      variations: [{ ...formValuesFrom(vendorProduct({ variations: [vendorVariation()] })).variations[0]!, sku: '' }],
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toEqual({
      name: 'Name is required',
      sale_price: 'Sale price must be lower than the price',
      seo_title: 'SEO title must be at most 70 characters',
      'variations.0.sku': 'SKU is required',
    });
  });

  it('reads the sale window in local time and sends it in UTC; a window needs a sale price and an end after its start', () => {
    const starts = new Date(2026, 11, 1, 9, 0).toISOString();
    const values = formValuesFrom(vendorProduct({ sale_price_cents: 29900, sale_starts_at: starts, sale_ends_at: null }));
    expect(values).toMatchObject({ sale_starts_at: '2026-12-01T09:00', sale_ends_at: '' });
    expect(productBody(values, 3)).toMatchObject({ sale_starts_at: starts, sale_ends_at: null });

    const issues = (overrides: Partial<typeof values>) =>
      Object.fromEntries(
        (productFormSchema.safeParse({ ...values, ...overrides }).error?.issues ?? []).map((issue) => [
          issue.path.join('.'),
          issue.message,
        ]),
      );
    expect(issues({})).toEqual({});
    expect(issues({ sale_ends_at: '2026-12-01T08:59' })).toEqual({ sale_ends_at: 'Sale end must be after the sale starts' });
    expect(issues({ sale_price: '' })).toEqual({ sale_starts_at: 'A sale window needs a sale price' });
    expect(issues({ sale_price: '', sale_starts_at: '', sale_ends_at: '2026-12-24T18:00' })).toEqual({
      sale_ends_at: 'A sale window needs a sale price',
    });
  });
});

describe('the API’s field errors', () => {
  it('read as sentences under their inputs and in the summary', () => {
    expect(fieldMessage('price', 'must have at most 2 decimals')).toBe('Price must have at most 2 decimals');
    expect(fieldMessage('variations[1].sku', 'must be at most 64 letters')).toBe('SKU must be at most 64 letters');
    expect(fieldMessage('slug', 'This address is taken by another product')).toBe('This address is taken by another product');
    expect(summaryLine('variations[1].sku', 'must be at most 64 letters')).toBe('Variation 2: SKU must be at most 64 letters');
    expect(summaryLine('variations.sku', 'SKU X appears twice')).toBe('SKU X appears twice');
    expect(summaryLine('sale_price', 'must be lower than the price')).toBe('Sale price must be lower than the price');
    expect(summaryLine('sale_ends_at', 'must be after the sale starts')).toBe('Sale end must be after the sale starts');
    expect(fieldMessage('sale_starts_at', 'a sale window needs a sale price')).toBe('A sale window needs a sale price');
  });
});
