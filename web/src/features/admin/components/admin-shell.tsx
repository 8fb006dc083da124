'use client';

import type { ReactNode } from 'react';
import { AreaShell } from '@/components/area/area-shell';
import { ADMIN_AREA } from '@/features/admin/lib/admin-area';

/** The /admin frame (app/admin/layout.tsx). */
export function AdminShell({ children }: { children: ReactNode }) {
  return <AreaShell area={ADMIN_AREA}>{children}</AreaShell>;
}
