import type { GuestLineInput } from '@/features/cart/lib/guest-cart';
import type { ProductVariation } from '@/features/products/api/product-types';
import type { ProductSummary } from '@/lib/catalogue-types';

/**
 * The line "Add to Cart" sends: what the server needs, plus what the guest cart keeps to show
 * it (name, picture, prices, stock). Used by the product page and the quick view.
 */
export function cartLine(
  product: ProductSummary,
  { variation = null, quantity, stock }: { variation?: ProductVariation | null; quantity: number; stock: number },
): GuestLineInput {
  return {
    product_id: product.id,
    variation_id: variation?.id ?? null,
    quantity,
    product_name: product.name,
    slug: product.slug,
    product_type: product.product_type,
    image_url: variation?.images[0] ?? product.image_url,
    variation_name: variation?.name ?? null,
    product_price_cents: variation ? variation.effective_price_cents : product.effective_price_cents,
    regular_price_cents: variation ? variation.price_cents : product.price_cents,
    available_stock: stock,
    vendor_id: product.vendor_id,
    max_owned_per_user: product.max_owned_per_user,
  };
}
