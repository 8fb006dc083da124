import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  default: 'text-base sm:text-sm',
  /** One-time codes: large, monospaced, centred. */
  code: 'text-center font-mono text-lg tracking-[0.4em]',
} as const;

export function Input({
  className,
  variant = 'default',
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { variant?: keyof typeof variants; ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={ref}
      className={cn(
        'block h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-neutral-900',
        variants[variant],
        'placeholder:text-neutral-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0',
        'aria-[invalid=true]:border-sale disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
