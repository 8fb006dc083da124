'use client';

import type { ReactNode } from 'react';
import type { FirstOpen, TriggerProps } from '@/components/ui/deferred-popup';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFirstOpenFocus,
} from '@/components/ui/dropdown-menu';
import { EXPORT_FORMATS } from '@/features/catalogue-import/api/product-imports';
import type { ImportFormat } from '@/features/catalogue-import/api/import-types';

/** The export menu itself, loaded by ProductExportMenu on first use and mounted open. */
export function ExportMenuPopup({
  trigger,
  content,
  heading,
  onExport,
  firstOpen,
}: {
  trigger: TriggerProps;
  content: ReactNode;
  heading: string;
  onExport: (format: ImportFormat) => void;
  firstOpen: FirstOpen;
}) {
  const focusFirstItem = useFirstOpenFocus(firstOpen);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger}>{content}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-52" onFocus={focusFirstItem}>
        <DropdownMenuLabel className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">
          {heading}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {EXPORT_FORMATS.map((option) => (
          <DropdownMenuItem key={option.format} onSelect={() => onExport(option.format)}>
            {option.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
