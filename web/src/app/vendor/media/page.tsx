import type { Metadata } from 'next';
import { MediaLibraryPage } from '@/features/media/components/media-library-page';

export const metadata: Metadata = { title: 'Media library' };

export default function VendorMediaRoute() {
  return <MediaLibraryPage />;
}
