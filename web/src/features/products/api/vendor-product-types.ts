import type { Schema } from '@/lib/api/client';

/** The vendor catalogue's shapes (/api/v1/vendor/products…), from the generated schema. Money is in cents. */

export type VendorProduct = Schema<'VendorProduct'>;
export type VendorVariation = Schema<'VendorVariation'>;
export type VendorProductLine = Schema<'VendorProductLine'>;
export type VendorProductList = Schema<'VendorProductList'>;
/** What the editor sends: amounts as text in rand ("499.00"). */
export type ProductFormBody = Schema<'ProductForm'>;
export type VariationFormBody = Schema<'VariationForm'>;
export type ProductChangeResult = Schema<'ProductChangeResult'>;
export type GlobalAttribute = Schema<'GlobalAttribute'>;
export type ProductImage = Schema<'ImageView'>;
/** A digital product's file: its name as buyers save it, and its size. */
export type ProductFile = Schema<'ProductFile'>;

/** Where a product is: a vendor chooses draft, active or inactive; an activation may wait for review. */
export type ProductStatus = 'draft' | 'pending_review' | 'active' | 'inactive' | 'archived';
/** The statuses the editor sets. */
export type EditableStatus = 'draft' | 'active' | 'inactive';
export type ProductType = 'physical' | 'digital';
/** What the list does to many products at once. */
export type BulkAction = 'activate' | 'deactivate' | 'archive';
export type VendorProductSort = 'updated' | 'newest' | 'name' | 'price-asc' | 'price-desc' | 'stock-asc';
