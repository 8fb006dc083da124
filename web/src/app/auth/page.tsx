import type { Metadata } from 'next';
import { AuthPage } from '@/features/auth/components/auth-page';

export const metadata: Metadata = { title: 'Sign In or Sign Up', robots: { index: false } };

export default function AuthRoute() {
  return <AuthPage route="auth" />;
}
