import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type BadgeTone = 'sale' | 'neutral' | 'muted';

const tones: Record<BadgeTone, string> = {
  sale: 'bg-sale text-white',
  neutral: 'bg-neutral-800 text-white',
  muted: 'bg-neutral-100 text-neutral-700',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
