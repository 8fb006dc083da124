import type { Metadata } from 'next';
import { SearchPage } from '@/features/search/components/search-page';

export const metadata: Metadata = { title: 'Search', robots: { index: false } };

export default function SearchRoute() {
  return <SearchPage />;
}
