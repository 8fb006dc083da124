import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A centred notice for empty, error and not-found states. */
export function MessagePanel({
  title,
  headingLevel = 'h2',
  children,
  className,
}: {
  title: string;
  headingLevel?: 'h1' | 'h2' | 'h3';
  children?: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-neutral-200 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      <Heading className="text-lg font-semibold text-neutral-900">{title}</Heading>
      {children}
    </div>
  );
}
