'use client';

import { Minus, Plus } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A quantity between 1 and `max` (SPEC §5): minus, the number, plus. `label` names the control
 * for assistive technology (e.g. "Quantity of Trail Gloves").
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  disabled = false,
  className,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  const button =
    'inline-flex size-9 items-center justify-center text-neutral-700 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex items-center rounded-md border border-neutral-300 bg-white', className)}
    >
      <button
        type="button"
        className={cn(button, 'rounded-l-md')}
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-live="polite" aria-label="Quantity" className="min-w-8 text-center text-sm font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={cn(button, 'rounded-r-md')}
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
