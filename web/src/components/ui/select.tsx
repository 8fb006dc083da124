import type { Ref, SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The browser's own select (keyboard, screen readers and phones' pickers for free), in the style of Input. */
export function Select({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <span className={cn('relative block', className)}>
      <select
        ref={ref}
        className={cn(
          'block h-11 w-full appearance-none rounded-md border border-neutral-300 bg-white pr-9 pl-3 text-base text-neutral-900 sm:text-sm',
          'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0',
          'aria-[invalid=true]:border-sale disabled:cursor-not-allowed disabled:opacity-60',
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
      />
    </span>
  );
}
