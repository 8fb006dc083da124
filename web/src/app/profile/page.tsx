import type { Metadata } from 'next';
import { ProfilePage } from '@/features/account/components/profile-page';

export const metadata: Metadata = { title: 'Profile & Settings', robots: { index: false } };

export default function ProfileRoute() {
  return <ProfilePage />;
}
