import type { Metadata } from 'next';
import { AuthCallbackPage } from '@/features/auth/components/auth-callback-page';

export const metadata: Metadata = { title: 'Signing In', robots: { index: false } };

export default function AuthCallbackRoute() {
  return <AuthCallbackPage />;
}
