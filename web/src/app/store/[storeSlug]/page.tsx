import type { Metadata } from 'next';
import { StorePage } from '@/features/stores/components/store-page';

// Exported once as /store/_/; `bazaar serve` answers every /store/{storeSlug}/ from that shell
// (writing the store's title, description and JSON-LD into it) and the page reads the slug from
// the location.
export const dynamicParams = false;

export function generateStaticParams(): { storeSlug: string }[] {
  return [{ storeSlug: '_' }];
}

export const metadata: Metadata = { title: 'Store' };

export default function StoreRoute() {
  return <StorePage />;
}
