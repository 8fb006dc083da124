import { StatusBadge } from '@/components/area/status-badge';
import { formatCount } from '@/features/admin/lib/user-words';
import { isUnused, type AdminMediaItem } from '@/features/admin/api/media';

type Uses = Pick<AdminMediaItem, 'product_uses' | 'store_uses'>;

/**
 * Where an item is used, in words: "Used by 2 products", "Store logo or banner" (the API counts
 * the store's uses without saying which of the two), "Logo and banner"; empty when unused.
 */
export function usageWords({ product_uses, store_uses }: Uses): string[] {
  const words: string[] = [];
  if (product_uses > 0) words.push(`Used by ${formatCount(product_uses)} ${product_uses === 1 ? 'product' : 'products'}`);
  if (store_uses >= 2) words.push('Logo and banner');
  else if (store_uses === 1) words.push('Store logo or banner');
  return words;
}

/** The usage line of an item; `id` lets a disabled checkbox give it as the reason. */
export function MediaUsage({ item, id }: { item: Uses; id: string }) {
  if (isUnused(item)) {
    return (
      <p id={id} data-testid="media-usage">
        <StatusBadge label="Not used" tone="success" />
      </p>
    );
  }
  return (
    <p id={id} className="text-xs font-medium text-neutral-800" data-testid="media-usage">
      {usageWords(item).join(' · ')}
    </p>
  );
}
