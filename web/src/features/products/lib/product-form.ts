import { z } from 'zod';
import { centsToAmount } from '@/lib/money';
import type {
  EditableStatus,
  ProductFormBody,
  ProductType,
  VariationFormBody,
  VendorProduct,
} from '@/features/products/api/vendor-product-types';
import { editableStatus } from '@/features/products/lib/product-status';
import { isLocalInput, isoToLocalInput, localInputToIso } from '@/features/vendor/lib/local-datetime';
import type { AttributePair } from '@/features/products/lib/variation-builder';

/**
 * The product editor's form: its values (text as typed), the hints checked before sending (the
 * API's rules, crates/domain/src/product.rs; the API's own field errors are the truth), and the
 * ProductForm body it sends. Amounts are text in rand ("499.00").
 */

export const LIMITS = {
  name: 200,
  brand: 80,
  description: 20_000,
  seoTitle: 70,
  seoDescription: 160,
  images: 12,
  videos: 6,
  alt: 200,
  sku: 64,
} as const;

export interface ImageValues {
  url: string;
  alt: string;
}

export interface VideoValues {
  url: string;
}

export interface VariationValues {
  name: string;
  sku: string;
  /** Empty: the product's price. */
  price: string;
  sale_price: string;
  stock_quantity: string;
  enabled: boolean;
  attributes: AttributePair[];
  /** Not shown by the editor; sent back as they were read, so a save keeps them. */
  images: string[];
  manage_stock: boolean;
  weight_grams: number | null;
  /** Not shown by the editor (set by imports); sent back as read. */
  dimensions: Record<string, unknown> | null;
}

export interface ProductFormValues {
  name: string;
  slug: string;
  brand: string;
  category: string;
  description: string;
  price: string;
  sale_price: string;
  /** The sale window, as `datetime-local` values; empty: open at that end. */
  sale_starts_at: string;
  sale_ends_at: string;
  product_type: ProductType;
  max_owned_per_user: string;
  /** The product's own SKU and stock: only without variations. */
  sku: string;
  stock_quantity: string;
  images: ImageValues[];
  videos: VideoValues[];
  seo_title: string;
  seo_description: string;
  status: EditableStatus;
  variations: VariationValues[];
}

/** Characters, as the server counts them (not UTF-16 units). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,10}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SKU = /^[A-Za-z0-9._-]+$/;

export const MESSAGES = {
  nameRequired: 'Name is required',
  nameLong: `Name must be at most ${LIMITS.name} characters`,
  slug: 'Address must be lower-case letters, digits and single hyphens, like ovr-aero-tee',
  brandLong: `Brand must be at most ${LIMITS.brand} characters`,
  descriptionLong: `Description must be at most ${LIMITS.description} characters`,
  priceRequired: 'Price is required',
  amount: 'Use an amount like 499.00',
  saleNotLower: 'Sale price must be lower than the price',
  dateTime: 'Choose a date and a time',
  saleEndsFirst: 'Sale end must be after the sale starts',
  saleWindowNeedsPrice: 'A sale window needs a sale price',
  limit: 'Use a whole number from 1 to 1000000',
  stock: 'Use a whole number from 0',
  sku: `SKU must be at most ${LIMITS.sku} letters, digits, '-', '_' or '.'`,
  skuRequired: 'SKU is required',
  seoTitleLong: `SEO title must be at most ${LIMITS.seoTitle} characters`,
  seoDescriptionLong: `SEO description must be at most ${LIMITS.seoDescription} characters`,
  altLong: `Alt text must be at most ${LIMITS.alt} characters`,
  video: 'Use a link starting with https:// or /',
} as const;

function maxChars(max: number, message: string) {
  return z.string().refine((value) => charCount(value.trim()) <= max, message);
}

function optional(pattern: RegExp, message: string) {
  return z.string().refine((value) => value.trim() === '' || pattern.test(value.trim()), message);
}

const sku = z
  .string()
  .refine((value) => value.trim() === '' || (SKU.test(value.trim()) && value.trim().length <= LIMITS.sku), MESSAGES.sku);

/** Cents of an amount that passed AMOUNT. */
function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function isAmount(value: string): boolean {
  return AMOUNT.test(value.trim());
}

const variationSchema = z.object({
  name: maxChars(LIMITS.name, MESSAGES.nameLong),
  sku: sku.refine((value) => value.trim() !== '', MESSAGES.skuRequired),
  price: optional(AMOUNT, MESSAGES.amount),
  sale_price: optional(AMOUNT, MESSAGES.amount),
  stock_quantity: optional(WHOLE, MESSAGES.stock),
  enabled: z.boolean(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  images: z.array(z.string()),
  manage_stock: z.boolean(),
  weight_grams: z.number().nullable(),
  dimensions: z.record(z.string(), z.unknown()).nullable(),
});

export const productFormSchema = z
  .object({
    name: z
      .string()
      .refine((value) => value.trim() !== '', MESSAGES.nameRequired)
      .refine((value) => charCount(value.trim()) <= LIMITS.name, MESSAGES.nameLong),
    slug: z.string().refine((value) => value.trim() === '' || (SLUG.test(value.trim()) && value.trim().length <= 120), MESSAGES.slug),
    brand: maxChars(LIMITS.brand, MESSAGES.brandLong),
    category: z.string(),
    description: maxChars(LIMITS.description, MESSAGES.descriptionLong),
    price: z
      .string()
      .refine((value) => value.trim() !== '', MESSAGES.priceRequired)
      .refine((value) => value.trim() === '' || isAmount(value), MESSAGES.amount),
    sale_price: optional(AMOUNT, MESSAGES.amount),
    sale_starts_at: z.string().refine(isLocalInput, MESSAGES.dateTime),
    sale_ends_at: z.string().refine(isLocalInput, MESSAGES.dateTime),
    product_type: z.enum(['physical', 'digital']),
    max_owned_per_user: z.string(),
    sku,
    stock_quantity: optional(WHOLE, MESSAGES.stock),
    images: z.array(z.object({ url: z.string(), alt: maxChars(LIMITS.alt, MESSAGES.altLong) })).max(LIMITS.images),
    videos: z.array(
      z.object({
        url: z.string().refine((value) => {
          const url = value.trim();
          return url === '' || (/^(https?:\/\/|\/(?!\/))\S+$/.test(url) && url.length <= 2000);
        }, MESSAGES.video),
      }),
    ),
    seo_title: maxChars(LIMITS.seoTitle, MESSAGES.seoTitleLong),
    seo_description: maxChars(LIMITS.seoDescription, MESSAGES.seoDescriptionLong),
    status: z.enum(['draft', 'active', 'inactive']),
    variations: z.array(variationSchema),
  })
  .superRefine((values, context) => {
    const price = isAmount(values.price) ? cents(values.price) : null;
    if (price !== null && isAmount(values.sale_price) && cents(values.sale_price) >= price) {
      context.addIssue({ code: 'custom', path: ['sale_price'], message: MESSAGES.saleNotLower });
    }
    const saleStarts = localInputToIso(values.sale_starts_at);
    const saleEnds = localInputToIso(values.sale_ends_at);
    if (saleStarts !== null && saleEnds !== null && Date.parse(saleEnds) <= Date.parse(saleStarts)) {
      context.addIssue({ code: 'custom', path: ['sale_ends_at'], message: MESSAGES.saleEndsFirst });
    }
    if ((saleStarts !== null || saleEnds !== null) && values.sale_price.trim() === '') {
      const path = saleStarts !== null ? 'sale_starts_at' : 'sale_ends_at';
      context.addIssue({ code: 'custom', path: [path], message: MESSAGES.saleWindowNeedsPrice });
    }
    if (values.product_type === 'digital') {
      const limit = values.max_owned_per_user.trim();
      if (limit !== '' && !(WHOLE.test(limit) && Number(limit) >= 1 && Number(limit) <= 1_000_000)) {
        context.addIssue({ code: 'custom', path: ['max_owned_per_user'], message: MESSAGES.limit });
      }
    }
    values.variations.forEach((variation, index) => {
      const own = isAmount(variation.price) ? cents(variation.price) : variation.price.trim() === '' ? price : null;
      if (own !== null && isAmount(variation.sale_price) && cents(variation.sale_price) >= own) {
        context.addIssue({ code: 'custom', path: ['variations', index, 'sale_price'], message: MESSAGES.saleNotLower });
      }
    });
  });

/** A new product's form: a physical draft with nothing filled in. */
export function emptyFormValues(): ProductFormValues {
  return {
    name: '',
    slug: '',
    brand: '',
    category: '',
    description: '',
    price: '',
    sale_price: '',
    sale_starts_at: '',
    sale_ends_at: '',
    product_type: 'physical',
    max_owned_per_user: '',
    sku: '',
    stock_quantity: '',
    images: [],
    videos: [],
    seo_title: '',
    seo_description: '',
    status: 'draft',
    variations: [],
  };
}

/** A new variation row for `attributes`, at the product's price. */
export function newVariation(attributes: AttributePair[], sku: string, name = attributes.map((a) => a.value).join(' / ')): VariationValues {
  return {
    name,
    sku,
    price: '',
    sale_price: '',
    stock_quantity: '0',
    enabled: true,
    attributes,
    images: [],
    manage_stock: true,
    weight_grams: null,
    dimensions: null,
  };
}

/** The form for `product` as the API has it (money from cents to rand text). */
export function formValuesFrom(product: VendorProduct): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    brand: product.brand,
    category: product.category,
    description: product.description,
    price: centsToAmount(product.price_cents),
    sale_price: product.sale_price_cents === null ? '' : centsToAmount(product.sale_price_cents),
    sale_starts_at: isoToLocalInput(product.sale_starts_at),
    sale_ends_at: isoToLocalInput(product.sale_ends_at),
    product_type: product.product_type === 'digital' ? 'digital' : 'physical',
    max_owned_per_user: product.max_owned_per_user === null ? '' : String(product.max_owned_per_user),
    sku: product.sku ?? '',
    stock_quantity: String(product.stock_quantity),
    images: product.images.map((image) => ({ url: image.url, alt: image.alt ?? '' })),
    videos: product.videos.map((url) => ({ url })),
    seo_title: product.seo_title,
    seo_description: product.seo_description,
    status: editableStatus(product.status),
    variations: product.variations.map((variation) => ({
      name: variation.name,
      sku: variation.sku,
      // A variation at the product's price follows it: its box stays empty.
      price: variation.price_cents === product.price_cents ? '' : centsToAmount(variation.price_cents),
      sale_price: variation.sale_price_cents === null ? '' : centsToAmount(variation.sale_price_cents),
      stock_quantity: String(variation.stock_quantity),
      enabled: variation.enabled,
      attributes: variation.attributes.map(({ name, value }) => ({ name, value })),
      images: [...variation.images],
      manage_stock: variation.manage_stock,
      weight_grams: variation.weight_grams,
      dimensions: (variation.dimensions as Record<string, unknown> | null | undefined) ?? null,
    })),
  };
}

function textOrNull(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}

function wholeOrNull(value: string): number | null {
  const text = value.trim();
  return text === '' ? null : Number(text);
}

function variationBody(variation: VariationValues): VariationFormBody {
  return {
    sku: variation.sku.trim(),
    name: textOrNull(variation.name),
    attributes: variation.attributes,
    price: textOrNull(variation.price),
    sale_price: textOrNull(variation.sale_price),
    stock_quantity: wholeOrNull(variation.stock_quantity),
    images: variation.images,
    enabled: variation.enabled,
    manage_stock: variation.manage_stock,
    ...(variation.weight_grams === null ? {} : { weight_grams: variation.weight_grams }),
    ...(variation.dimensions === null ? {} : { dimensions: variation.dimensions }),
  };
}

/**
 * What the editor sends (POST, or PUT with the `version` the form was read at): only the fields
 * the form knows. The variations sent are exactly the product's after the save; with any, the
 * product's own SKU and stock are left out (they live on the variations).
 */
export function productBody(values: ProductFormValues, version: number | null): ProductFormBody {
  const hasVariations = values.variations.length > 0;
  return {
    name: values.name.trim(),
    slug: textOrNull(values.slug),
    brand: values.brand.trim(),
    category: textOrNull(values.category),
    description: values.description.trim(),
    price: values.price.trim(),
    sale_price: textOrNull(values.sale_price),
    // Times in UTC; null leaves that end of the window open.
    sale_starts_at: localInputToIso(values.sale_starts_at),
    sale_ends_at: localInputToIso(values.sale_ends_at),
    product_type: values.product_type,
    max_owned_per_user: values.product_type === 'digital' ? wholeOrNull(values.max_owned_per_user) : null,
    sku: hasVariations ? null : textOrNull(values.sku),
    stock_quantity: hasVariations ? null : wholeOrNull(values.stock_quantity),
    images: values.images.map((image) => ({ url: image.url, alt: image.alt.trim() })),
    videos: values.videos.map((video) => video.url.trim()).filter((url) => url !== ''),
    seo_title: values.seo_title.trim(),
    seo_description: values.seo_description.trim(),
    status: values.status,
    variations: values.variations.map(variationBody),
    ...(version === null ? {} : { version }),
  };
}

/** How the API's field names read in messages. */
const LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Address',
  brand: 'Brand',
  category: 'Category',
  description: 'Description',
  price: 'Price',
  sale_price: 'Sale price',
  sale_starts_at: 'Sale start',
  sale_ends_at: 'Sale end',
  product_type: 'Type',
  max_owned_per_user: 'Purchase limit',
  stock_quantity: 'Stock',
  sku: 'SKU',
  images: 'Pictures',
  videos: 'Videos',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  status: 'Status',
  variations: 'Variations',
  attributes: 'Attributes',
  enabled: 'Enabled',
  weight_grams: 'Weight',
  manage_stock: 'Stock tracking',
};

/**
 * A field's message as a sentence: the API's rules say what is wrong without the field's name
 * ("is required", "must be lower than the price"), so those get the field's label in front.
 */
export function fieldSentence(label: string, message: string): string {
  // "a sale window needs a sale price" is a sentence of its own, only not capitalised.
  if (/^(a|an|the) /.test(message)) return `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

const VARIATION_FIELD = /^variations\[(\d+)\]\.(\w+)$/;

/**
 * One line of the errors' summary for the API's field `field`: "Price must have at most 2
 * decimals", "Variation 2: SKU must be at most 64 letters…".
 */
export function summaryLine(field: string, message: string): string {
  const variation = VARIATION_FIELD.exec(field);
  if (variation) {
    const [, index = '0', name = ''] = variation;
    return `Variation ${Number(index) + 1}: ${fieldSentence(LABELS[name] ?? name, message)}`;
  }
  const [head = field] = field.split('.');
  return fieldSentence(LABELS[field] ?? LABELS[head] ?? field, message);
}

/** The message to show under the input of the API's field `field` (e.g. `variations[1].sku`). */
export function fieldMessage(field: string, message: string): string {
  const variation = VARIATION_FIELD.exec(field);
  const name = variation ? (variation[2] ?? '') : field;
  return fieldSentence(LABELS[name] ?? name, message);
}

/** The API's field errors (a 400's `fields`), the messages only. */
export function fieldErrorsOf(fields: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}
