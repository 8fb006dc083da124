import type { Metadata } from 'next';
import { CategoriesPage } from '@/features/catalogue/components/categories-page';

export const metadata: Metadata = { title: 'Categories' };

export default function CategoriesRoute() {
  return <CategoriesPage />;
}
