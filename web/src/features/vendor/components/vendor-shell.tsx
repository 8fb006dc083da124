'use client';

import type { ReactNode } from 'react';
import { AreaShell } from '@/components/area/area-shell';
import { VENDOR_AREA } from '@/features/vendor/lib/vendor-area';

/** The /vendor frame (app/vendor/layout.tsx). */
export function VendorShell({ children }: { children: ReactNode }) {
  return <AreaShell area={VENDOR_AREA}>{children}</AreaShell>;
}
