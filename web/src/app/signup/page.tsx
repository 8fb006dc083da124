import type { Metadata } from 'next';
import { AuthPage } from '@/features/auth/components/auth-page';

export const metadata: Metadata = { title: 'Create Account', robots: { index: false } };

export default function SignupRoute() {
  return <AuthPage route="signup" />;
}
