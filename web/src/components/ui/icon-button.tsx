import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const sizes = {
  /** 36 px, beside other small controls. */
  md: 'size-9',
  /** 44 px, beside an input. */
  lg: 'size-11',
} as const;

/**
 * A button showing only an icon (the children, aria-hidden), in the style of the secondary
 * Button; `label` is its accessible name.
 */
export function IconButton({
  label,
  size = 'md',
  className,
  type = 'button',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & { label: string; size?: keyof typeof sizes }) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md border border-neutral-300 bg-white text-neutral-700 hover:bg-neutral-100',
        'disabled:cursor-not-allowed disabled:opacity-40',
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
