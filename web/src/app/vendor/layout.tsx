import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { VendorShell } from '@/features/vendor/components/vendor-shell';

export const metadata: Metadata = { robots: { index: false } };

export default function VendorLayout({ children }: { children: ReactNode }) {
  return <VendorShell>{children}</VendorShell>;
}
