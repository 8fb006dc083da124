'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  contrastRatio,
  FILL_TEXT,
  formatRatio,
  MIN_CONTRAST,
  parseHexColour,
  strongBrand,
  SURFACES,
  type ThemeMode,
} from '@/features/admin/lib/branding';

/** Each theme's body text (globals.css: neutral-900, inverted in dark). */
const TEXT: Record<ThemeMode, string> = { light: '#171717', dark: '#f5f5f5' };
const MUTED: Record<ThemeMode, string> = { light: '#525252', dark: '#b8b8b8' };

/**
 * A colour as `#rrggbb` text, with the browser's colour picker beside it writing into the same
 * field. The picker shows the text's colour when it is one, else `fallback`.
 */
export function ColourField({
  label,
  error,
  value,
  fallback,
  input,
  onPick,
}: {
  label: string;
  error?: string;
  /** The text as typed now. */
  value: string;
  fallback: string;
  input: UseFormRegisterReturn;
  onPick: (hex: string) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        type="color"
        aria-label={`Pick the ${label.toLowerCase()}`}
        value={parseHexColour(value) ?? fallback}
        onChange={(event) => onPick(event.target.value)}
        className="mt-6.5 h-11 w-14 shrink-0 cursor-pointer rounded-md border border-neutral-300 bg-white p-1"
      />
      <div className="min-w-0 flex-1">
        <FormField label={label} error={error}>
          <Input
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={7}
            className="font-mono"
            {...input}
          />
        </FormField>
      </div>
    </div>
  );
}

/**
 * How a theme's colours read: a button, a link and a sale price on the theme's surface, as the
 * site draws them (brand-700 for buttons and links), and each colour's contrast with the surface.
 * Colours are the ones typed, or `fallback`'s while the text is not a colour.
 */
export function ThemePreview({
  mode,
  brand,
  sale,
  fallback,
}: {
  mode: ThemeMode;
  brand: string;
  sale: string;
  fallback: { brand: string; sale: string };
}) {
  const brandHex = parseHexColour(brand) ?? fallback.brand;
  const saleHex = parseHexColour(sale) ?? fallback.sale;
  const strong = strongBrand(mode, brandHex);
  return (
    <div className="flex flex-col gap-3" data-testid={`${mode}-preview`}>
      {/* A picture of the result; the notes below say the same in words. */}
      <div
        aria-hidden="true"
        className="flex flex-col gap-3 rounded-lg border border-neutral-300 p-4"
        style={{ background: SURFACES[mode], color: TEXT[mode] }}
      >
        <p className="text-sm font-semibold">Trail Runner 2</p>
        <p className="text-sm">
          <span className="font-semibold" style={{ color: saleHex }}>
            R 899.00
          </span>{' '}
          <span className="line-through" style={{ color: MUTED[mode] }}>
            R 1,199.00
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <span
            className="inline-flex h-10 items-center rounded-md px-4 text-sm font-medium"
            style={{ background: strong, color: FILL_TEXT[mode] }}
          >
            Add to Cart
          </span>
          <span className="text-sm font-medium underline underline-offset-4" style={{ color: strong }}>
            Visit the store
          </span>
        </div>
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        <ContrastNote mode={mode} name="Brand" value={brand} />
        <ContrastNote mode={mode} name="Sale" value={sale} />
      </ul>
    </div>
  );
}

function ContrastNote({ mode, name, value }: { mode: ThemeMode; name: string; value: string }) {
  const ratio = contrastRatio(value, SURFACES[mode]);
  if (ratio === null) {
    return <li className="text-neutral-600">{name}: not a colour yet (like #047857)</li>;
  }
  const readable = ratio >= MIN_CONTRAST;
  const Icon = readable ? CircleCheck : TriangleAlert;
  return (
    <li
      className={`flex items-start gap-1.5 ${readable ? 'text-green-700 dark:text-green-400' : 'font-medium text-sale'}`}
      data-testid={`${mode}-${name.toLowerCase()}-contrast`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {name}: contrast {formatRatio(ratio)}:1,{' '}
      {readable ? 'easy to read' : `too low to read (at least ${MIN_CONTRAST}:1 needed)`}
    </li>
  );
}
