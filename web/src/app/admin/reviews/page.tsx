import type { Metadata } from 'next';
import { AdminReviewsPage } from '@/features/admin/components/reviews-page';

export const metadata: Metadata = { title: 'Reviews' };

export default function AdminReviewsRoute() {
  return <AdminReviewsPage />;
}
