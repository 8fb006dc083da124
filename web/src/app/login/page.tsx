import type { Metadata } from 'next';
import { AuthPage } from '@/features/auth/components/auth-page';

export const metadata: Metadata = { title: 'Sign In', robots: { index: false } };

export default function LoginRoute() {
  return <AuthPage route="login" />;
}
