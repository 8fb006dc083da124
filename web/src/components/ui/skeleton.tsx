import { cn } from '@/lib/cn';

/** A grey placeholder block shown while content loads. Hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-neutral-200', className)} />;
}
