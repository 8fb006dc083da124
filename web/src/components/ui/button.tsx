import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-100',
  danger: 'bg-sale text-white hover:opacity-90',
};

/** A button's look, for a link or a menu trigger that should read as a button. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    className,
  );
}

export function Button({
  className,
  type = 'button',
  variant = 'primary',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return (
    <button type={type} className={buttonClasses(variant, className)} {...props} />
  );
}
