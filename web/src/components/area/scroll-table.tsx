import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The box around a table wider than a phone: it scrolls sideways, and being focusable (a named
 * region), the keyboard can scroll it too.
 */
export function ScrollTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('overflow-x-auto', className)} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
